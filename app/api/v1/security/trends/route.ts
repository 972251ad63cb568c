// GET /api/v1/security/trends — the daily security score of the fleet, an organization or a device.
import { defineRoute } from '@/lib/http/define-route';
import { ZTrends, ZTrendsQuery } from '@/lib/security/posture-schemas';
import { trends } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZTrendsQuery,
  summary: 'Get security score trends',
  description: 'Needs `devices:read`. One point per UTC day for the last `days` (default 30): a device’s stored daily score with `deviceId`, else the organizations’ stored daily scores weighted by their scored devices. Days without data have score null. Scores are stored on every report and daily.',
  tags: ['Security'],
  response: ZTrends,
  handler: ({ ctx, query }) => trends(ctx, query),
});
