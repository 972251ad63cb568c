// /api/v1/orgs/sites/:id — one site.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSite, ZUpdateSite } from '@/lib/sites/schemas';
import { getSiteOrThrow } from '@/lib/sites/get-site-or-throw';
import { toSiteDto } from '@/lib/sites/site-scope';
import { updateSite } from '@/lib/sites/update-site';
import { deleteSite } from '@/lib/sites/delete-site';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  params: ZIdParams,
  summary: 'Get a site',
  tags: ['Sites'],
  response: ZSite,
  handler: async ({ ctx, params }) => toSiteDto(await getSiteOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'sites:write',
  mfa: true,
  params: ZIdParams,
  body: ZUpdateSite,
  summary: 'Update a site',
  tags: ['Sites'],
  response: ZSite,
  handler: ({ ctx, params, body }) => updateSite(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'sites:write',
  mfa: true,
  params: ZIdParams,
  summary: 'Soft-delete a site',
  tags: ['Sites'],
  handler: ({ ctx, params }) => deleteSite(ctx, params.id),
});
