// GET /api/v1/portal/devices — the portal user's organization's devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { listPortalDevices } from '@/lib/portal/list-portal-devices';
import { ZListPortalDevicesQuery, ZPortalDevice } from '@/lib/portal/devices/schemas';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'devices:read',
  query: ZListPortalDevicesQuery,
  summary: 'My organization’s devices',
  description: 'Devices of the signed-in contact’s organization only, by name, with their status and last-seen time (`unknown` and null for devices the MSP recorded but no agent reports).',
  tags: ['Portal'],
  response: ZPageOf(ZPortalDevice),
  handler: ({ ctx, query }) => listPortalDevices(ctx, query),
});
