// /api/v1/groups/:id/devices/:deviceId/pin — keep a device in or out of a dynamic group.
import { defineRoute } from '@/lib/http/define-route';
import { ZGroupDeviceParams, ZPin, ZPinResponse } from '@/lib/device-groups/schemas';
import { pinGroupDevice, unpinGroupDevice } from '@/lib/device-groups/pin-group-device';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZGroupDeviceParams,
  body: ZPin,
  summary: 'Pin a device in or out of a dynamic group',
  description: '`include` keeps the device a member whatever the rules say; `exclude` keeps it out. Applied at once (logged as `pin_include` / `pin_exclude`). Static groups answer 409 `GROUP_NOT_DYNAMIC`.',
  tags: ['Device groups'],
  response: ZPinResponse,
  handler: ({ ctx, params, body }) => pinGroupDevice(ctx, params.id, params.deviceId, body.mode),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZGroupDeviceParams,
  summary: 'Remove a pin',
  description: 'The rules decide again at once (a resulting join or leave is logged as `unpinned`). 404 when the device has no pin.',
  tags: ['Device groups'],
  response: ZPinResponse,
  handler: ({ ctx, params }) => unpinGroupDevice(ctx, params.id, params.deviceId),
});
