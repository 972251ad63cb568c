// POST /api/v1/vulnerabilities/remediate — install the fixing patch across the affected devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZRemediateBody, ZRemediateResult } from '@/lib/vulnerabilities/schemas';
import { remediateFindings } from '@/lib/vulnerabilities/remediate';

export const POST = defineRoute({
  auth: 'user',
  permission: 'devices:execute',
  mfa: true,
  body: ZRemediateBody,
  status: 202,
  audit: 'vulnerability.remediate',
  summary: 'Remediate vulnerabilities',
  description: [
    'A selection is exactly one of `findingIds`, `cveId` or `groupKey` (a remediation group, `<ecosystem>:<package>`), narrowed by `orgId` and `deviceIds`; only findings in scope and not resolved are taken (ids outside the scope are ignored).',
    'For each finding, the update a patch scan found for its package on its device that reaches the fixed version is approved for the device’s organization (the approval note names the CVEs) and installed through the patch jobs: one job per device, `schedule` `now` (default) or `next_window`, `rebootBehavior` as for `POST /patches/jobs`. Skipped devices carry a reason: `NO_FIX_PUBLISHED`, `NO_FIXING_PATCH` (no scanned update reaches the fixed version: scan the device first) or one of the patch jobs’ (`ALREADY_PENDING`, `UNSUPPORTED_OS`, `DEVICE_INACTIVE`, `NO_MAINTENANCE_WINDOW`…). The findings resolve when the agent’s inventory (sent after every install) shows the fixed version. Needs `devices:execute` and a session that completed MFA. 404 when the selection matches no finding in scope.',
  ].join('\n\n'),
  tags: ['Vulnerabilities'],
  response: ZRemediateResult,
  handler: ({ ctx, body }) => remediateFindings(ctx, body),
});
