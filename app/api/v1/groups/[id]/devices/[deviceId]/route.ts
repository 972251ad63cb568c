// DELETE /api/v1/groups/:id/devices/:deviceId — take a device out of a static group.
import { defineRoute } from '@/lib/http/define-route';
import { ZGroupDeviceParams } from '@/lib/device-groups/schemas';
import { removeGroupDevice } from '@/lib/device-groups/remove-group-device';

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZGroupDeviceParams,
  summary: 'Remove a device from a static group',
  description: '404 when the device is not a member. A dynamic group answers 409 `GROUP_IS_DYNAMIC`: pin the device with mode `exclude` instead.',
  tags: ['Device groups'],
  handler: ({ ctx, params }) => removeGroupDevice(ctx, params.id, params.deviceId),
});
