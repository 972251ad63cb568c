// GET /api/v1/mobile/devices/:id — the phone's device screen.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZMobileDeviceDetail } from '@/lib/mobile/schemas';
import { getMobileDevice } from '@/lib/mobile/mobile-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Mobile device detail',
  description: 'One device: identity, health figures from its last heartbeat, its open alerts (newest 10) and its last 5 commands. A device outside the caller’s scope is 404.',
  tags: ['Mobile'],
  response: ZMobileDeviceDetail,
  handler: ({ ctx, params }) => getMobileDevice(ctx, params.id),
});
