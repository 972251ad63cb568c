// GET /api/v1/security/dashboard — score, trend, worst devices, open recommendations and threats.
import { defineRoute } from '@/lib/http/define-route';
import { ZDashboard, ZScopeQuery } from '@/lib/security/posture-schemas';
import { dashboard } from '@/lib/security/read-security';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZScopeQuery,
  summary: 'Get the security dashboard',
  description: 'Needs `devices:read`. The mean score of the devices in scope and its value 7 days ago, failing devices per check, the 10 lowest-scored devices, 30 days of trend, the 5 top open recommendations and threat counts.',
  tags: ['Security'],
  response: ZDashboard,
  handler: ({ ctx, query }) => dashboard(ctx, query),
});
