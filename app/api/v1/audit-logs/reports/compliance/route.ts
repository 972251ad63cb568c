// GET /api/v1/audit-logs/reports/compliance — completeness and integrity of the audit trail.
import { defineRoute } from '@/lib/http/define-route';
import { complianceReport } from '@/lib/audit/compliance-report';
import { ZAuditReportQuery, ZComplianceReport } from '@/lib/audit/schemas';
import { APPEND_ONLY_DOC, AUDIT_FILTERS_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZAuditReportQuery,
  response: ZComplianceReport,
  summary: 'Audit compliance report',
  description: [
    'Evidence for an audit over the period `from`–`to` (default: the 30 days up to now, at most 366 days): entries by result, UTC days with entries out of the days in the period, privileged changes (successful access-control, credential and security-settings actions), exports of the audit log, distinct actors, entries without an actor id, the `top` organizations by entries, the oldest and newest entry in your scope, and `integrity`: whether the append-only trigger is installed and enabled, and the minimum retention.',
    APPEND_ONLY_DOC,
    AUDIT_FILTERS_DOC,
    AUDIT_SCOPE_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => complianceReport(ctx, query),
});
