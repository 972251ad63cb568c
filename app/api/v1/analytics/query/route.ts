// /api/v1/analytics/query — ad hoc aggregates over alerts, tickets, devices and metric history.
import { defineRoute } from '@/lib/http/define-route';
import { ZAnalyticsQuery, ZAnalyticsResult } from '@/lib/analytics/query-schemas';
import { runAnalyticsQuery } from '@/lib/analytics/run-query';
import { QUERY_GRAMMAR_DOC } from '@/lib/analytics/query-doc';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  body: ZAnalyticsQuery,
  summary: 'Run an analytics query',
  description: `Needs \`analytics:read\` and the read permission of the source (\`alerts:read\`, \`tickets:read\`, \`devices:read\` for devices and metrics; else 403). Results cover only the caller’s organizations.\n\n${QUERY_GRAMMAR_DOC}`,
  tags: ['Analytics'],
  response: ZAnalyticsResult,
  handler: ({ ctx, body }) => runAnalyticsQuery(ctx, body),
});
