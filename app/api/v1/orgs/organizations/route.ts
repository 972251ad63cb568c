// /api/v1/orgs/organizations — list and create organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateOrganization, ZListOrganizationsQuery, ZOrganization } from '@/lib/organizations/schemas';
import { listOrganizations } from '@/lib/organizations/list-organizations';
import { createOrganization } from '@/lib/organizations/create-organization';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  query: ZListOrganizationsQuery,
  summary: 'List organizations accessible to the user',
  tags: ['Organizations'],
  response: ZPageOf(ZOrganization),
  handler: ({ ctx, query }) => listOrganizations(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  scopes: ['system', 'partner'],
  body: ZCreateOrganization,
  status: 201,
  summary: 'Create an organization',
  description: "Created under the caller's partner (system callers name `partnerId`). Needs full partner organization access. 409 `ORG_LIMIT_REACHED` at the partner's maxOrganizations.",
  tags: ['Organizations'],
  response: ZOrganization,
  handler: ({ ctx, body }) => createOrganization(ctx, body),
});
