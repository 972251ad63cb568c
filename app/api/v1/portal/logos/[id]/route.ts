// GET /api/v1/portal/logos/:id — an uploaded portal logo (public: the sign-in page shows it).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { serveBrandingLogo } from '@/lib/portal/branding/branding-logo';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  params: ZIdParams,
  summary: 'Portal logo image',
  description: 'The bytes of a logo uploaded through PUT …/portal-branding/logo, with its sniffed Content-Type, `X-Content-Type-Options: nosniff`, a strong `ETag` (304 on a matching `If-None-Match`) and `Cache-Control: public, max-age=3600`. The branding’s `logoUrl` carries a version query so a new logo is fetched at once.',
  tags: ['Portal'],
  handler: ({ params, req }) => serveBrandingLogo(params.id, req.headers.get('if-none-match')),
});
