// GET /api/v1/audit-logs/stats — audit entry counts over a period, and per day.
import { defineRoute } from '@/lib/http/define-route';
import { auditStats } from '@/lib/audit/audit-stats';
import { ZAuditReportQuery, ZAuditStats } from '@/lib/audit/schemas';
import { AUDIT_FILTERS_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZAuditReportQuery,
  response: ZAuditStats,
  summary: 'Audit log statistics',
  description: [
    'Over the period `from`–`to` (default: the 30 days up to now, at most 366 days): the total, counts by result, actor type and target type, the `top` (default 10, max 100) actions and actors, and `perDay`: one row per UTC day of the period, days without entries included.',
    AUDIT_FILTERS_DOC,
    AUDIT_SCOPE_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => auditStats(ctx, query),
});
