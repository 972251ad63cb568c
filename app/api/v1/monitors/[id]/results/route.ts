// GET /api/v1/monitors/:id/results — check history, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZResultPage, ZResultsQuery } from '@/lib/monitors/schemas';
import { listMonitorResults } from '@/lib/monitors/monitors';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: ZResultsQuery,
  summary: 'List monitor results',
  description: 'Default 50, max 500 per page; kept MONITOR_RESULTS_RETENTION_DAYS (default 30).',
  tags: ['Monitors'],
  response: ZResultPage,
  handler: ({ ctx, params, query }) => listMonitorResults(ctx, params.id, query),
});
