// GET /api/v1/audit-logs/logs — audit entries in scope, page or cursor mode.
import { defineRoute } from '@/lib/http/define-route';
import { listAuditLogs } from '@/lib/audit/list-audit-logs';
import { ZAuditList, ZListAuditLogsQuery } from '@/lib/audit/schemas';
import { APPEND_ONLY_DOC, AUDIT_FILTERS_DOC, AUDIT_PAGING_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZListAuditLogsQuery,
  response: ZAuditList,
  summary: 'List audit log entries',
  description: ['Newest first (createdAt, then id).', AUDIT_FILTERS_DOC, AUDIT_PAGING_DOC, AUDIT_SCOPE_DOC, APPEND_ONLY_DOC].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => listAuditLogs(ctx, query),
});
