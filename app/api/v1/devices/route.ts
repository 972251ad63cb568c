// GET /api/v1/devices — list devices in the caller's scope (page or cursor mode).
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceList, ZListDevicesQuery } from '@/lib/devices/schemas';
import { listDevices } from '@/lib/devices/list-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListDevicesQuery,
  summary: 'List devices',
  description: [
    'Two shapes. **Page mode** (legacy, no `cursor` parameter): `page` (default 1) and `limit` → `{ data, pagination: { page, limit, total } }`.',
    '**Cursor mode** (send `cursor`, empty for the first page): → `{ devices, nextCursor, limit, total? }`; pass `nextCursor` back as `cursor` until it is null. `total` only with `includeTotal=true`.',
    'Cursor paging is keyset-based on (sort value, id): devices added or removed while paging cause neither duplicates nor gaps among the others. A cursor continues only the `sort`/`sortDir` it was made for (400 otherwise). Ordering by `lastSeen` follows a moving value: a device that heartbeats while you page may move.',
    '`limit` defaults to 500, max 1000. Filters: `orgId` or `orgIds`, `siteIds`, `groupIds` (comma-separated or repeated), `status`, `osType`, `tag`, `search`. Decommissioned devices are hidden unless `includeDecommissioned=true`.',
    'Each device carries `mainAgentSilentSince` (the watchdog still reports but the main agent went silent) and `watchdogStatus`.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZDeviceList,
  handler: ({ ctx, query }) => listDevices(ctx, query),
});
