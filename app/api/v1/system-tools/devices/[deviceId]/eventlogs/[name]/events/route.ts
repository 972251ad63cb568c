// GET /api/v1/system-tools/devices/:deviceId/eventlogs/:name/events — entries of a log, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZEventLogParams, ZEventPage, ZEventQuery } from '@/lib/system-tools/eventlog-schemas';
import { listDeviceEvents } from '@/lib/system-tools/eventlogs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZEventLogParams,
  query: ZEventQuery,
  summary: 'List the entries of a device’s event log',
  description: [
    'Newest first, `limit` at a time (default 100, at most 500), read with `journalctl -o json` on Linux. `priority` keeps entries at that level or more severe (`err` or 3: emerg, alert, crit, err); `since` and `until` bound the time. The next page (older entries) is asked for with `cursor` = `pagination.nextCursor`, which stays valid as new entries arrive.',
    'Each entry has a `recordId` to fetch it with all its fields. 422 `UNSUPPORTED_ON_PLATFORM` without a journal. Channel errors: 409 `AGENT_OFFLINE`, 504 `AGENT_TIMEOUT`, 409 `DEVICE_INACTIVE`, 502 `AGENT_BAD_RESPONSE`.',
  ].join('\n\n'),
  tags: ['System tools'],
  response: ZEventPage,
  errors: [409, 422],
  handler: ({ ctx, params, query }) => listDeviceEvents(ctx, params.deviceId, params.name, query),
});
