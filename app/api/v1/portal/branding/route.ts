// GET /api/v1/portal/branding — the branding of the portal this request's host serves.
import { defineRoute } from '@/lib/http/define-route';
import { notFound } from '@/lib/http/errors';
import { ZPublicBranding, ZSiteQuery } from '@/lib/portal/branding/schemas';
import { brandingForRequest } from '@/lib/portal/branding/resolve-branding';
import { requestHostName } from '@/lib/portal/session/request-host';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  query: ZSiteQuery,
  summary: 'Portal branding for this host',
  description:
    'Resolves the branding from the Host header (a custom domain an MSP configured; behind a trusted proxy, X-Forwarded-Host). On the service’s shared host, pass the partner’s portal key as `site`. Organization branding overrides the partner’s field by field; unset fields fall back to defaults. 404 when neither names a portal.',
  tags: ['Portal'],
  response: ZPublicBranding,
  handler: async ({ query, req }) => {
    const resolved = await brandingForRequest(requestHostName(req), query.site);
    if (!resolved) throw notFound('Portal');
    return resolved.branding;
  },
});
