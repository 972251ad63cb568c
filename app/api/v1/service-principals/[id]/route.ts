// /api/v1/service-principals/:id — one service principal.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZServicePrincipal, ZUpdateServicePrincipal } from '@/lib/partner-api/schemas';
import { getServicePrincipalOrThrow } from '@/lib/partner-api/get-service-principal-or-throw';
import { toServicePrincipalDto } from '@/lib/partner-api/to-service-principal-dto';
import { updateServicePrincipal } from '@/lib/partner-api/update-service-principal';
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

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  scopes: ['partner'],
  params: ZIdParams,
  body: ZUpdateServicePrincipal,
  summary: 'Update a service principal',
  description: 'Any of `name`, `description`, `scopes` (within the caller\'s permissions, 403 `PRIVILEGE_ESCALATION`), `expiresAt` (null: none), `allowedCidrs`, `writeLimitPerHour`, `orgIds` (null: every organization). The key is unchanged. 409 `SERVICE_PRINCIPAL_REVOKED`.',
  tags: ['Partner API'],
  response: ZServicePrincipal,
  audit: false,
  handler: ({ ctx, params, body }) => updateServicePrincipal(ctx, params.id, body),
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
