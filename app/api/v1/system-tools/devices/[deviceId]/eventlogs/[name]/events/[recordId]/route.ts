// GET /api/v1/system-tools/devices/:deviceId/eventlogs/:name/events/:recordId — one entry with every field.
import { defineRoute } from '@/lib/http/define-route';
import { ZEventDetail, ZEventParams } from '@/lib/system-tools/eventlog-schemas';
import { getDeviceEvent } from '@/lib/system-tools/eventlogs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZEventParams,
  summary: 'Get one entry of a device’s event log',
  description:
    'The entry named by its `recordId` (the journal cursor, URL-encoded), with every field the journal holds for it (`_SYSTEMD_UNIT`, `_CMDLINE`, `CODE_FILE`…). 404 `EVENT_NOT_FOUND` when no entry of this log has the id (journals rotate away). Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  tags: ['System tools'],
  response: ZEventDetail,
  errors: [409, 422],
  handler: ({ ctx, params }) => getDeviceEvent(ctx, params.deviceId, params.name, params.recordId),
});
