// /api/v1/policies — configuration policies: settings and checks assigned to the partner,
// organizations, sites, groups or devices, evaluated by the worker into stored compliance.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreatePolicy, ZListPoliciesQuery, ZPolicy } from '@/lib/policies/schemas';
import { listPolicies } from '@/lib/policies/read-policies';
import { createPolicy } from '@/lib/policies/write-policies';
import { POLICY_DOC } from '@/lib/policies/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:read',
  query: ZListPoliciesQuery,
  summary: 'List policies',
  description: 'Needs `policies:read`. Policies of the caller’s organizations plus partner-wide ones, by name, each with its assignments and compliance counts (device × policy rows stored by evaluation). Filters: `active`, `orgId`, `search` (name).',
  tags: ['Policies'],
  response: ZPageOf(ZPolicy),
  handler: ({ ctx, query }) => listPolicies(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'policies:manage',
  body: ZCreatePolicy,
  status: 201,
  summary: 'Create a policy',
  description: `Needs \`policies:manage\`. An active policy is evaluated at once by the worker for the devices it applies to.\n\n${POLICY_DOC}`,
  tags: ['Policies'],
  response: ZPolicy,
  handler: ({ ctx, body }) => createPolicy(ctx, body),
});
