// /api/v1/policies/:id — one policy: read, replace (PUT), update (PATCH), delete.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPolicy, ZReplacePolicy, ZUpdatePolicy } from '@/lib/policies/schemas';
import { getPolicy } from '@/lib/policies/read-policies';
import { deletePolicy, replacePolicy, updatePolicy } from '@/lib/policies/write-policies';
import { POLICY_DOC } from '@/lib/policies/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  params: ZIdParams,
  summary: 'Get a policy',
  description: `Needs \`policies:read\`. The policy with its settings, checks, assignments and compliance counts.\n\n${POLICY_DOC}`,
  tags: ['Policies'],
  response: ZPolicy,
  handler: ({ ctx, params }) => getPolicy(ctx, params.id),
});

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  params: ZIdParams,
  body: ZReplacePolicy,
  summary: 'Replace a policy',
  description:
    'Needs `policies:manage`. Replaces the whole policy: a field left out takes its default (`description` null, `active` true, `settings` {}, `checks` [], `assignments` []). The owner (`orgId`) cannot change. Results of removed checks are dropped (their history stays); the devices it applied to before and after are evaluated again.',
  tags: ['Policies'],
  response: ZPolicy,
  handler: ({ ctx, params, body }) => replacePolicy(ctx, params.id, body),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  params: ZIdParams,
  body: ZUpdatePolicy,
  summary: 'Update a policy',
  description:
    'Needs `policies:manage`. Changes only the fields given; `settings`, `checks` and `assignments` given replace the stored ones as a whole. `active: true` reactivates a deactivated policy. The devices it applied to before and after are evaluated again.',
  tags: ['Policies'],
  response: ZPolicy,
  handler: ({ ctx, params, body }) => updatePolicy(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  params: ZIdParams,
  summary: 'Delete a policy',
  description: 'Needs `policies:manage`. Deletes the policy with its assignments, results and their history (deactivate instead to keep them). Its devices are evaluated again without it.',
  tags: ['Policies'],
  handler: ({ ctx, params }) => deletePolicy(ctx, params.id),
});
