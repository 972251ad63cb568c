// /api/v1/security/policies — which checks count toward the score and their weights.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateSecurityPolicy, ZSecurityPolicy, ZSecurityPolicyList } from '@/lib/security/posture-schemas';
import { createSecurityPolicy, listSecurityPolicies } from '@/lib/security/security-policies';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  summary: 'List security policies',
  description: 'Needs `policies:read`. The partner-wide policy and the policies of the organizations in scope, with the built-in defaults. A device’s score uses its organization’s policy, else the partner-wide one, else the defaults.',
  tags: ['Security'],
  response: ZSecurityPolicyList,
  handler: ({ ctx }) => listSecurityPolicies(ctx),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  body: ZCreateSecurityPolicy,
  status: 201,
  summary: 'Create a security policy',
  description: 'Needs `policies:manage`. `checks` sets, per check key, whether it counts and its weight (0–100); keys left out keep their defaults. `scanPaths` are the default paths of threat scans. One policy per organization and one partner-wide (`orgId` null, needs access to every organization): 409 `POLICY_EXISTS` for a second. The scores of the devices it governs are recomputed at once.',
  tags: ['Security'],
  response: ZSecurityPolicy,
  audit: 'security.policy.create',
  handler: ({ ctx, body }) => createSecurityPolicy(ctx, body),
});
