// GET /api/v1/policies/compliance/stats — fleet compliance counters from stored results.
import { defineRoute } from '@/lib/http/define-route';
import { ZComplianceStats } from '@/lib/policies/schemas';
import { complianceStats } from '@/lib/policies/read-policies';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  summary: 'Policy compliance statistics',
  description:
    'Needs `policies:read`. Over the active policies and the caller’s organizations: policy counts, devices by their worst state (non-compliant when any policy fails), device × policy counts with the compliance percentage, and check results by status. Counted from stored results.',
  tags: ['Policies'],
  response: ZComplianceStats,
  handler: ({ ctx }) => complianceStats(ctx),
});
