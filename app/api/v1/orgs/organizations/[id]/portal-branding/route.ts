// /api/v1/orgs/organizations/:id/portal-branding — one organization's portal branding.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZBranding, ZUpdateBranding } from '@/lib/portal/branding/schemas';
import { orgBrandingTarget } from '@/lib/portal/branding/branding-target';
import { getBranding } from '@/lib/portal/branding/get-branding';
import { deleteBranding, updateBranding } from '@/lib/portal/branding/update-branding';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  params: ZIdParams,
  summary: 'Get an organization’s portal branding',
  description: 'Stored overrides of this organization (null where it inherits the partner’s) and `effective`: what its portal users see.',
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, params }) => getBranding(await orgBrandingTarget(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZIdParams,
  body: ZUpdateBranding,
  summary: 'Update an organization’s portal branding',
  description: 'Same fields as the partner’s branding; each set field overrides the partner’s for this organization’s portal users, null inherits again. A `customDomain` here serves this organization’s branding before sign-in too. 409 `DOMAIN_IN_USE`.',
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, params, body }) => updateBranding(ctx, await orgBrandingTarget(ctx, params.id), body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZIdParams,
  summary: 'Remove an organization’s portal branding',
  description: 'Its portal users see the partner’s branding again. 204 also when nothing was configured.',
  tags: ['Portal branding'],
  handler: async ({ ctx, params }) => deleteBranding(ctx, await orgBrandingTarget(ctx, params.id)),
});
