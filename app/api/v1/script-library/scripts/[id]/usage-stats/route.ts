// GET /api/v1/script-library/scripts/:id/usage-stats
import { defineRoute } from '@/lib/http/define-route';
import { ZScriptIdParams, ZUsageStats } from '@/lib/scripts/schemas';
import { getUsageStats } from '@/lib/scripts/get-usage-stats';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'scripts:read',
  params: ZScriptIdParams,
  summary: 'Script usage statistics',
  description: 'Counts of the script’s executions you can see by outcome, success rate (completed over finished), the last run and the number of devices.',
  tags: ['Script library'],
  response: ZUsageStats,
  handler: ({ ctx, params }) => getUsageStats(ctx, params.id),
});
