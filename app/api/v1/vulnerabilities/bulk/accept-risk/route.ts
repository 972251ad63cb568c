// POST /api/v1/vulnerabilities/bulk/accept-risk — accept the risk of a group of findings.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkAcceptRiskBody, ZBulkResult } from '@/lib/vulnerabilities/schemas';
import { changeFindings } from '@/lib/vulnerabilities/change-finding-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'vulnerabilities:accept_risk',
  body: ZBulkAcceptRiskBody,
  summary: 'Accept the risk of several findings',
  description: 'A selection is exactly one of `findingIds`, `cveId` or `groupKey` (a remediation group, `<ecosystem>:<package>`), narrowed by `orgId` and `deviceIds`; only findings in scope and not resolved are taken (ids outside the scope are ignored). Each becomes `accepted` with the `reason` until `expiresAt` (at most 365 days ahead); the worker reopens them when it passes. Answers how many changed and their ids (up to 5000).',
  tags: ['Vulnerabilities'],
  response: ZBulkResult,
  handler: ({ ctx, body }) => changeFindings(ctx, body, { kind: 'accept', reason: body.reason, expiresAt: body.expiresAt }),
});
