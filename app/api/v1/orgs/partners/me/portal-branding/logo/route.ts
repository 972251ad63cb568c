// /api/v1/orgs/partners/me/portal-branding/logo — the partner's uploaded portal logo.
import { defineRoute } from '@/lib/http/define-route';
import { ZBranding } from '@/lib/portal/branding/schemas';
import { partnerBrandingTarget } from '@/lib/portal/branding/branding-target';
import { deleteBrandingLogo, uploadBrandingLogo } from '@/lib/portal/branding/branding-logo';
import { LOGO_REQUEST_BODY, LOGO_UPLOAD_DESCRIPTION } from '@/lib/portal/branding/logo-route-docs';

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'partner:manage',
  scopes: ['partner'],
  requestBody: LOGO_REQUEST_BODY,
  summary: 'Upload the partner’s portal logo',
  description: LOGO_UPLOAD_DESCRIPTION,
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, req }) => uploadBrandingLogo(ctx, await partnerBrandingTarget(ctx), req),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'partner:manage',
  scopes: ['partner'],
  summary: 'Remove the partner’s uploaded portal logo',
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx }) => deleteBrandingLogo(ctx, await partnerBrandingTarget(ctx)),
});
