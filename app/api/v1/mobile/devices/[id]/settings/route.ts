// GET /api/v1/mobile/devices/:id/settings — what governs the device, and what the caller may do.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZMobileDeviceSettings } from '@/lib/mobile/schemas';
import { getMobileDeviceSettings } from '@/lib/mobile/mobile-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Mobile device settings',
  description: 'Whether a maintenance window suppresses the device’s alerts now, the configuration policies that apply to it, its inventory interval, and the actions the caller may send it (empty without `devices:execute` or when the device takes no commands).',
  tags: ['Mobile'],
  response: ZMobileDeviceSettings,
  handler: ({ ctx, params }) => getMobileDeviceSettings(ctx, params.id),
});
