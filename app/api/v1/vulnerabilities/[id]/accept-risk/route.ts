// POST /api/v1/vulnerabilities/:id/accept-risk — accept the risk of one finding until a date.
import { defineRoute } from '@/lib/http/define-route';
import { ZAcceptRiskBody, ZFinding, ZFindingParams } from '@/lib/vulnerabilities/schemas';
import { changeFinding } from '@/lib/vulnerabilities/change-finding-status';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'vulnerabilities:accept_risk',
  params: ZFindingParams,
  body: ZAcceptRiskBody,
  summary: 'Accept the risk of a finding',
  description:
    '`id` is a finding id (`GET /vulnerabilities/:cveId/devices`). The finding becomes `accepted` with its `reason` until `expiresAt` (future, at most 365 days ahead); when that passes, the worker reopens it by itself (checked every 5 minutes). Accepting again replaces the reason and date; a mitigated finding becomes accepted. 404 when the finding is not in scope or resolved.',
  tags: ['Vulnerabilities'],
  response: ZFinding,
  handler: ({ ctx, params, body }) => changeFinding(ctx, params.id, { kind: 'accept', ...body }),
});
