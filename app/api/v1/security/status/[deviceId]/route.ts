// GET /api/v1/security/status/:deviceId — one device's security score and check outcomes.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZSecurityStatus } from '@/lib/security/posture-schemas';
import { getSecurityStatus } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  summary: 'Get a device’s security status',
  description: 'Needs `devices:read`. The device’s score, each check with its weight, status, detail and points, its active threats and last scan. 404 for a device outside your scope.',
  tags: ['Security'],
  response: ZSecurityStatus,
  handler: ({ ctx, params }) => getSecurityStatus(ctx, params.deviceId),
});
