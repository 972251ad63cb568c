// GET /api/v1/audit-logs — audit entries in scope.
import { defineRoute } from '@/lib/http/define-route';
import { listAuditLogs, ZListAuditLogsQuery } from '@/lib/audit/list-audit-logs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZListAuditLogsQuery,
  summary: 'List audit entries',
  description: 'Newest first. Every mutating request writes an entry (actor, action, target, partner, organization, IP, request id, time).',
  tags: ['Audit'],
  handler: ({ ctx, query }) => listAuditLogs(ctx, query),
});
