// POST /api/v1/devices/:id/move-org — relocate a device to another organization of its partner.
import { defineRoute } from '@/lib/http/define-route';
import { ZDevice, ZDeviceIdParams, ZMoveDeviceOrg } from '@/lib/devices/schemas';
import { moveDeviceOrg } from '@/lib/devices/move-device-org';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:write',
  mfa: true,
  params: ZDeviceIdParams,
  body: ZMoveDeviceOrg,
  summary: 'Move a device to another organization',
  description:
    'Same partner only: an organization outside your scope is 404, one of another partner 400 `CROSS_PARTNER_MOVE`. `siteId` must be a site of the target organization (400 `SITE_NOT_IN_ORG`), otherwise the device has no site. The device leaves the groups of its old organization (logged as `device_moved`); commands and inventory follow it. Emits `device.updated`.',
  tags: ['Devices'],
  response: ZDevice,
  handler: ({ ctx, params, body }) => moveDeviceOrg(ctx, params.id, body),
});
