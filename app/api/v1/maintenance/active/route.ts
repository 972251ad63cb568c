// GET /api/v1/maintenance/active — devices in maintenance now.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZActiveDevice, ZActiveQuery } from '@/lib/maintenance/schemas';
import { listActiveDevices } from '@/lib/maintenance/list-active-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZActiveQuery,
  summary: 'List devices in maintenance now',
  description:
    'Devices in scope covered by an `active` occurrence, through an organization, site, group (current members) or device target, by hostname; each with the windows covering it and when the last one ends. Needs `devices:read`.',
  tags: ['Maintenance'],
  response: ZPageOf(ZActiveDevice),
  handler: ({ ctx, query }) => listActiveDevices(ctx, query),
});
