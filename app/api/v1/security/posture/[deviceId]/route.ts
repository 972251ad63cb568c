// GET /api/v1/security/posture/:deviceId — one device's reported security state.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZPosture } from '@/lib/security/posture-schemas';
import { getPosture } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  summary: 'Get a device’s security posture',
  description: 'Needs `devices:read`. The device’s last security report. 404 when the device is outside your scope or has not reported yet.',
  tags: ['Security'],
  response: ZPosture,
  handler: ({ ctx, params }) => getPosture(ctx, params.deviceId),
});
