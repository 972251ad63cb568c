// POST /api/v1/vulnerabilities/tickets — open and link tickets for findings.
import { defineRoute } from '@/lib/http/define-route';
import { ZTicketsBody, ZTicketsResult } from '@/lib/vulnerabilities/schemas';
import { createVulnerabilityTickets } from '@/lib/vulnerabilities/create-tickets';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  body: ZTicketsBody,
  status: 201,
  audit: 'vulnerability.ticket',
  summary: 'Open tickets for vulnerabilities',
  description:
    'A selection is exactly one of `findingIds`, `cveId` or `groupKey` (a remediation group, `<ecosystem>:<package>`), narrowed by `orgId` and `deviceIds`; only findings in scope and not resolved are taken (ids outside the scope are ignored). One ticket per organization of the selection (source `vulnerability`, type `problem`, priority from the worst severity unless given), listing the device, package, installed and fixed version of each finding; the findings are linked to their ticket (`ticketId`). 409 `service_management_off` when the partner’s service-management mode is `off` (no ticket is created then). 404 when the selection matches no finding in scope.',
  tags: ['Vulnerabilities'],
  response: ZTicketsResult,
  handler: ({ ctx, body }) => createVulnerabilityTickets(ctx, body),
});
