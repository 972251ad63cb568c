// POST /api/v1/policies/:id/deactivate — stop evaluating and enforcing, keep everything.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPolicy } from '@/lib/policies/schemas';
import { deactivatePolicy } from '@/lib/policies/write-policies';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  params: ZIdParams,
  summary: 'Deactivate a policy',
  description:
    'Needs `policies:manage`. Keeps the policy, its assignments, its last results and their history, but it is no longer evaluated, its pending `policy_check` commands are cancelled, its settings leave the effective policy of devices and its compliance leaves the fleet statistics. Idempotent. `PATCH {"active": true}` reactivates it.',
  tags: ['Policies'],
  response: ZPolicy,
  handler: ({ ctx, params }) => deactivatePolicy(ctx, params.id),
});
