// GET /api/v1/policies/compliance/summary — compliance per policy.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZComplianceSummaryRow, ZListPoliciesQuery } from '@/lib/policies/schemas';
import { complianceSummary } from '@/lib/policies/read-policies';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  query: ZListPoliciesQuery.omit({ orgId: true }),
  summary: 'Policy compliance summary',
  description:
    'Needs `policies:read`. One row per policy (active ones unless `active=false`), by name: compliant, non-compliant and pending devices of the caller’s organizations, the compliance percentage and the last evaluation. Counted from stored results.',
  tags: ['Policies'],
  response: ZPageOf(ZComplianceSummaryRow),
  handler: ({ ctx, query }) => complianceSummary(ctx, { ...query, orgId: undefined }),
});
