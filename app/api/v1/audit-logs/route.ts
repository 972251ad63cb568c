// GET /api/v1/audit-logs — audit entries in scope.
import { defineRoute } from '@/lib/http/define-route';
import { listAuditLogs } from '@/lib/audit/list-audit-logs';
import { ZAuditList, ZListAuditLogsQuery } from '@/lib/audit/schemas';
import { APPEND_ONLY_DOC, AUDIT_FILTERS_DOC, AUDIT_PAGING_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZListAuditLogsQuery,
  response: ZAuditList,
  summary: 'List audit entries',
  description: [
    'Newest first. Every mutating request writes an entry (actor, action, target, partner, organization, IP, request id, time). The same list as `GET /audit-logs/logs`.',
    AUDIT_FILTERS_DOC,
    AUDIT_PAGING_DOC,
    AUDIT_SCOPE_DOC,
    APPEND_ONLY_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => listAuditLogs(ctx, query),
});
