// GET /api/v1/audit-logs/search — full-text search of the audit entries in scope.
import { defineRoute } from '@/lib/http/define-route';
import { listAuditLogs } from '@/lib/audit/list-audit-logs';
import { ZAuditList, ZSearchAuditLogsQuery } from '@/lib/audit/schemas';
import { AUDIT_FILTERS_DOC, AUDIT_PAGING_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZSearchAuditLogsQuery,
  response: ZAuditList,
  summary: 'Search audit log entries',
  description: [
    '`q` (2–200 characters): entries whose action, actor email, target type, target id or details (as JSON text) contain every word of `q`, case-insensitive substrings (e.g. `q=alice device.update` or a hostname inside details). At most 10 words count. Served by a trigram index. Newest first.',
    AUDIT_FILTERS_DOC,
    AUDIT_PAGING_DOC,
    AUDIT_SCOPE_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => listAuditLogs(ctx, query),
});
