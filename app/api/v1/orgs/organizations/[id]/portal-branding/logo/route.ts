// /api/v1/orgs/organizations/:id/portal-branding/logo — an organization's uploaded portal logo.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZBranding } from '@/lib/portal/branding/schemas';
import { orgBrandingTarget } from '@/lib/portal/branding/branding-target';
import { deleteBrandingLogo, uploadBrandingLogo } from '@/lib/portal/branding/branding-logo';
import { LOGO_REQUEST_BODY, LOGO_UPLOAD_DESCRIPTION } from '@/lib/portal/branding/logo-route-docs';

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZIdParams,
  requestBody: LOGO_REQUEST_BODY,
  summary: 'Upload an organization’s portal logo',
  description: LOGO_UPLOAD_DESCRIPTION,
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, params, req }) => uploadBrandingLogo(ctx, await orgBrandingTarget(ctx, params.id), req),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:write',
  params: ZIdParams,
  summary: 'Remove an organization’s uploaded portal logo',
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, params }) => deleteBrandingLogo(ctx, await orgBrandingTarget(ctx, params.id)),
});
