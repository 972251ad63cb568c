// GET /api/v1/orgs/ — organizations in the caller's scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZListOrganizationsQuery, ZOrganization } from '@/lib/organizations/schemas';
import { listOrganizations } from '@/lib/organizations/list-organizations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  query: ZListOrganizationsQuery,
  summary: 'List organizations in scope',
  description: 'Same as GET /orgs/organizations: system sees all, partner users see their orgAccess, organization users their own.',
  tags: ['Organizations'],
  response: ZPageOf(ZOrganization),
  handler: ({ ctx, query }) => listOrganizations(ctx, query),
});
