// GET /api/v1/policies/:id/compliance — devices under one policy with their stored results.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZDevicePolicyCompliance, ZPolicyComplianceQuery } from '@/lib/policies/schemas';
import { listPolicyCompliance } from '@/lib/policies/read-policies';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  params: ZIdParams,
  query: ZPolicyComplianceQuery,
  summary: 'Compliance of a policy by device',
  description:
    'Needs `policies:read`. One row per device of the caller’s organizations the policy was evaluated for, non-compliant first (then the longest in that state), with each check’s stored result and detail. Filter `status` (`compliant`, `non_compliant`, `pending`). Read from stored results, never evaluated on read.',
  tags: ['Policies'],
  response: ZPageOf(ZDevicePolicyCompliance),
  handler: ({ ctx, params, query }) => listPolicyCompliance(ctx, params.id, query),
});
