// GET /api/v1/devices/management-posture/devices — the devices behind the posture summary.
import { defineRoute } from '@/lib/http/define-route';
import { ZPostureDevices, ZPostureDevicesQuery } from '@/lib/posture/schemas';
import { listPostureDevices } from '@/lib/posture/list-posture-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  scopes: ['partner', 'system'],
  query: ZPostureDevicesQuery,
  summary: 'Management posture devices',
  description:
    'Drill-down of the posture summary: devices where `product` was found (omit it for any product), or with `posture=never-scanned` / `posture=stale` the devices behind the totals. Each device lists every product found with its status and version. Cursor-paged by device id: `limit` (at most 500) and `cursor`; follow `data.nextCursor` while `data.hasMore`.',
  tags: ['Devices'],
  response: ZPostureDevices,
  handler: ({ ctx, query }) => listPostureDevices(ctx, query),
});
