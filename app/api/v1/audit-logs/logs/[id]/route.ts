// GET /api/v1/audit-logs/logs/:id — one audit entry.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { getAuditLogOrThrow } from '@/lib/audit/get-audit-log-or-throw';
import { ZAuditEntry } from '@/lib/audit/schemas';
import { AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  params: ZIdParams,
  response: ZAuditEntry,
  summary: 'Get an audit log entry',
  description: `The entry with its full \`details\`. An entry outside your scope answers 404, like one that does not exist.\n\n${AUDIT_SCOPE_DOC}`,
  tags: ['Audit'],
  handler: ({ ctx, params }) => getAuditLogOrThrow(ctx, params.id),
});
