// GET /api/v1/audit-logs/reports/security-events — security-relevant audit entries over a period.
import { defineRoute } from '@/lib/http/define-route';
import { securityEventsReport } from '@/lib/audit/security-events-report';
import { ZAuditReportQuery, ZSecurityEventsReport } from '@/lib/audit/schemas';
import { AUDIT_FILTERS_DOC, AUDIT_SCOPE_DOC } from '@/lib/audit/list-description';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'audit:read',
  query: ZAuditReportQuery,
  response: ZSecurityEventsReport,
  summary: 'Security events report',
  description: [
    'Security events over the period `from`–`to` (default: the 30 days up to now, at most 366 days), by category: `authentication` (sign-ins, sign-outs, failed sign-ins, session events, console and portal), `mfa` (`user.mfa*`), `access_control` (roles, role changes, invitations, removals, access reviews, portal access), `credentials` (API keys, service principals, enrollment keys, portal passwords), `security_settings` (`security.*`, e.g. IP-allowlist bypasses, and partner settings), and `denied_or_failed` (any other entry whose result is denied or failure).',
    'Also: counts by action (top `top`), failed sign-ins (console, portal and MFA) with the addresses and accounts they came from most, and the 50 newest events.',
    AUDIT_FILTERS_DOC,
    AUDIT_SCOPE_DOC,
  ].join('\n\n'),
  tags: ['Audit'],
  handler: ({ ctx, query }) => securityEventsReport(ctx, query),
});
