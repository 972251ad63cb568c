// GET /api/v1/system-tools/devices/:deviceId/eventlogs — the device's event logs, live from its agent.
import { defineRoute } from '@/lib/http/define-route';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';
import { ZEventLogList } from '@/lib/system-tools/eventlog-schemas';
import { listDeviceEventLogs } from '@/lib/system-tools/eventlogs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZSystemToolDeviceParams,
  summary: 'List a device’s event logs',
  description: [
    'On Linux the logs are journald’s: `system` (every entry), `kernel`, and one log per systemd unit that has entries in the journal, read with `journalctl`. A Windows agent lists the Windows event logs.',
    'A device with neither a running journald nor journal files answers 422 `UNSUPPORTED_ON_PLATFORM` with the reason. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZEventLogList,
  errors: [409, 422],
  handler: ({ ctx, params }) => listDeviceEventLogs(ctx, params.deviceId),
});
