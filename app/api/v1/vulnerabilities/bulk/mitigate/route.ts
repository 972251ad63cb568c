// POST /api/v1/vulnerabilities/bulk/mitigate — record a mitigation for a group of findings.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkMitigateBody, ZBulkResult } from '@/lib/vulnerabilities/schemas';
import { changeFindings } from '@/lib/vulnerabilities/change-finding-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZBulkMitigateBody,
  summary: 'Mitigate several findings',
  description: 'A selection is exactly one of `findingIds`, `cveId` or `groupKey` (a remediation group, `<ecosystem>:<package>`), narrowed by `orgId` and `deviceIds`; only findings in scope and not resolved are taken (ids outside the scope are ignored). Each becomes `mitigated` with the `note`. Answers how many changed and their ids.',
  tags: ['Vulnerabilities'],
  response: ZBulkResult,
  handler: ({ ctx, body }) => changeFindings(ctx, body, { kind: 'mitigate', note: body.note }),
});
