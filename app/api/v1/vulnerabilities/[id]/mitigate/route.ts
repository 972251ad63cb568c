// POST /api/v1/vulnerabilities/:id/mitigate — record a mitigation of one finding.
import { defineRoute } from '@/lib/http/define-route';
import { ZFinding, ZFindingParams, ZMitigateBody } from '@/lib/vulnerabilities/schemas';
import { changeFinding } from '@/lib/vulnerabilities/change-finding-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZFindingParams,
  body: ZMitigateBody,
  summary: 'Mitigate a finding',
  description:
    'The finding becomes `mitigated` with the `note` saying what was done instead of patching (a firewall rule, a service disabled); it leaves the open counts until reopened, or resolved when the package is upgraded. 404 when the finding is not in scope or resolved.',
  tags: ['Vulnerabilities'],
  response: ZFinding,
  handler: ({ ctx, params, body }) => changeFinding(ctx, params.id, { kind: 'mitigate', ...body }),
});
