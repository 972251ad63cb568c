// PUT /api/v1/security/policies/:id — change a security policy.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSecurityPolicy, ZUpdateSecurityPolicy } from '@/lib/security/posture-schemas';
import { updateSecurityPolicy } from '@/lib/security/security-policies';

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  params: ZIdParams,
  body: ZUpdateSecurityPolicy,
  summary: 'Update a security policy',
  description: 'Needs `policies:manage`. Changes the fields given (`checks` given replaces the stored settings; keys left out take their defaults). A change of checks recomputes the scores of the devices the policy governs (a `security.score_changed` event for each score that moves).',
  tags: ['Security'],
  response: ZSecurityPolicy,
  audit: 'security.policy.update',
  handler: ({ ctx, params, body }) => updateSecurityPolicy(ctx, params.id, body),
});
