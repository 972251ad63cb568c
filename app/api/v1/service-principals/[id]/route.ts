// /api/v1/service-principals/:id — one service principal.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZServicePrincipal } from '@/lib/partner-api/schemas';
import { getServicePrincipalOrThrow } from '@/lib/partner-api/get-service-principal-or-throw';
import { toServicePrincipalDto } from '@/lib/partner-api/to-service-principal-dto';
import { revokeServicePrincipal } from '@/lib/partner-api/revoke-service-principal';
import { assertPartnerAdmin } from '@/lib/partner-api/create-service-principal';

export const GET = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Get a service principal',
  description: 'Metadata only: prefix, scopes, organization access, CIDR allowlist, expiry, write limit, last use.',
  tags: ['Partner API'],
  response: ZServicePrincipal,
  handler: async ({ ctx, params }) => {
    assertPartnerAdmin(ctx);
    return toServicePrincipalDto(await getServicePrincipalOrThrow(ctx, params.id));
  },
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  summary: 'Revoke a service principal',
  description: 'The key stops working at once; the principal stays listed as revoked. Revoking twice is not an error.',
  tags: ['Partner API'],
  audit: false,
  handler: ({ ctx, params }) => revokeServicePrincipal(ctx, params.id),
});
