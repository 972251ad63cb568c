// GET /api/v1/audit-logs — audit entries in scope.
import { defineRoute } from '@/lib/http/define-route';
import { listAuditLogs, ZListAuditLogsQuery } from '@/lib/audit/list-audit-logs';
import { ZAuditEntry } from '@/lib/audit/schemas';
import { ZPageOf } from '@/lib/http/common-schemas';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZListAuditLogsQuery,
  response: ZPageOf(ZAuditEntry),
  summary: 'List audit entries',
  description: 'Newest first. Every mutating request writes an entry (actor, action, target, partner, organization, IP, request id, time).',
  tags: ['Audit'],
  handler: ({ ctx, query }) => listAuditLogs(ctx, query),
});
