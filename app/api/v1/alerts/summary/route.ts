// GET /api/v1/alerts/summary — counts by status and severity.
import { defineRoute } from '@/lib/http/define-route';
import { ZAlertSummary, ZAlertSummaryQuery } from '@/lib/alerts/schemas';
import { getAlertSummary } from '@/lib/alerts/get-alert-summary';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZAlertSummaryQuery,
  summary: 'Alert counts',
  description: '`byStatus` counts every alert in scope (dismissed included); `bySeverity` counts open alerts (active, acknowledged, suppressed); `total` excludes dismissed ones.',
  tags: ['Alerts'],
  response: ZAlertSummary,
  handler: ({ ctx, query }) => getAlertSummary(ctx, query),
});
