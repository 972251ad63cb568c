// /api/v1/orgs/sites — list and create sites.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateSite, ZListSitesQuery, ZSite } from '@/lib/sites/schemas';
import { listSites } from '@/lib/sites/list-sites';
import { createSite } from '@/lib/sites/create-site';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  query: ZListSitesQuery,
  summary: 'List sites',
  tags: ['Sites'],
  response: ZPageOf(ZSite),
  handler: ({ ctx, query }) => listSites(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'sites:write',
  mfa: true,
  body: ZCreateSite,
  status: 201,
  summary: 'Create a site',
  description: 'The organization must be in scope (404 otherwise). The timezone is an IANA name; it defaults to the organization’s.',
  tags: ['Sites'],
  response: ZSite,
  handler: ({ ctx, body }) => createSite(ctx, body),
});
