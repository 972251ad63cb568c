// GET /api/v1/audit-logs/reports/user-activity — what each actor did over a period.
import { defineRoute } from '@/lib/http/define-route';
import { userActivityReport } from '@/lib/audit/user-activity-report';
import { ZAuditReportQuery, ZUserActivityReport } from '@/lib/audit/schemas';
import { AUDIT_FILTERS_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZAuditReportQuery,
  response: ZUserActivityReport,
  summary: 'User activity report',
  description: [
    'One row per actor (user, API key, service principal, portal contact, system) over the period `from`–`to` (default: the 30 days up to now, at most 366 days), the most active first, at most `top` (default 10, max 100) rows; `totalActors` counts them all. Each row: entries by result, distinct actions and IP addresses, first and last entry, the last address, and the actor’s five most frequent actions. Actors without an id (failed sign-ins of unknown accounts) are told apart by email.',
    AUDIT_FILTERS_DOC,
    AUDIT_SCOPE_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => userActivityReport(ctx, query),
});
