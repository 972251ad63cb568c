// /api/v1/orgs/partners/me/portal-branding — the partner's customer-portal branding.
import { defineRoute } from '@/lib/http/define-route';
import { ZBranding, ZUpdateBranding } from '@/lib/portal/branding/schemas';
import { partnerBrandingTarget } from '@/lib/portal/branding/branding-target';
import { getBranding } from '@/lib/portal/branding/get-branding';
import { updateBranding } from '@/lib/portal/branding/update-branding';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'partner:manage',
  scopes: ['partner'],
  summary: 'Get the partner’s portal branding',
  description: 'Stored values (null where unset) and `effective`: what the portal shows. Organizations without their own branding use this one.',
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx }) => getBranding(await partnerBrandingTarget(ctx)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'partner:manage',
  scopes: ['partner'],
  body: ZUpdateBranding,
  summary: 'Update the partner’s portal branding',
  description: [
    'Only the fields sent change; an explicit null clears a field. Colours are `#rrggbb`; text on them is chosen black or white automatically.',
    '`customDomain`: a host name pointed (CNAME) at this service; the portal then answers on `https://<domain>/portal` and invite and reset links use it. 409 `DOMAIN_IN_USE` when another portal has it. `logoUrl` (https) is shown only while no logo is uploaded (PUT …/logo), and is loaded by the browser, never fetched by the service.',
  ].join('\n\n'),
  tags: ['Portal branding'],
  response: ZBranding,
  handler: async ({ ctx, body }) => updateBranding(ctx, await partnerBrandingTarget(ctx), body),
});
