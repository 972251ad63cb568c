// GET /api/v1/portal/branding/:domain — the branding of a custom portal domain.
import { defineRoute } from '@/lib/http/define-route';
import { notFound } from '@/lib/http/errors';
import { ZDomainParams, ZPublicBranding } from '@/lib/portal/branding/schemas';
import { brandingForDomain } from '@/lib/portal/branding/resolve-branding';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZDomainParams,
  summary: 'Portal branding of a custom domain',
  description: 'The branding served under a custom domain (case-insensitive, without port). 404 when no portal uses the domain.',
  tags: ['Portal'],
  response: ZPublicBranding,
  handler: async ({ params }) => {
    const resolved = await brandingForDomain(params.domain);
    if (!resolved) throw notFound('Portal');
    return resolved.branding;
  },
});
