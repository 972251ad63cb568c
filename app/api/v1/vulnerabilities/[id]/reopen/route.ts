// POST /api/v1/vulnerabilities/:id/reopen — an accepted or mitigated finding back to open.
import { defineRoute } from '@/lib/http/define-route';
import { ZFinding, ZFindingParams } from '@/lib/vulnerabilities/schemas';
import { changeFinding } from '@/lib/vulnerabilities/change-finding-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZFindingParams,
  summary: 'Reopen a finding',
  description: 'Returns an accepted or mitigated finding to `open`, clearing the acceptance or mitigation. 409 `FINDING_ALREADY_OPEN` for an open finding; 404 when it is not in scope or resolved.',
  tags: ['Vulnerabilities'],
  response: ZFinding,
  handler: ({ ctx, params }) => changeFinding(ctx, params.id, { kind: 'reopen' }),
});
