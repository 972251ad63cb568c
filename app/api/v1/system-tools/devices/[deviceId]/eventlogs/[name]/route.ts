// GET /api/v1/system-tools/devices/:deviceId/eventlogs/:name — one event log: its first and last entry.
import { defineRoute } from '@/lib/http/define-route';
import { ZEventLogDetail, ZEventLogParams } from '@/lib/system-tools/eventlog-schemas';
import { getDeviceEventLog } from '@/lib/system-tools/eventlogs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZEventLogParams,
  summary: 'Get one event log of a device',
  description:
    'When the log’s oldest and newest entries were written. `name` is `system`, `kernel` or a systemd unit (`ssh.service`). 404 `LOG_NOT_FOUND` when the journal has no entry for the unit; 422 `UNSUPPORTED_ON_PLATFORM` without a journal. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZEventLogDetail,
  errors: [409, 422],
  handler: ({ ctx, params }) => getDeviceEventLog(ctx, params.deviceId, params.name),
});
