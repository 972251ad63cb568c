// /api/v1/service-principals — partner-API machine credentials (list, create).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateServicePrincipal, ZListServicePrincipalsQuery, ZServicePrincipal, ZServicePrincipalWithKey } from '@/lib/partner-api/schemas';
import { listServicePrincipals } from '@/lib/partner-api/list-service-principals';
import { createServicePrincipal } from '@/lib/partner-api/create-service-principal';

export const GET = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  scopes: ['partner'],
  query: ZListServicePrincipalsQuery,
  summary: 'List service principals',
  description: 'The partner\'s service principals (partner API credentials), newest first. Partner users with access to every organization, MFA satisfied. Keys are never returned after creation.',
  tags: ['Partner API'],
  response: ZPageOf(ZServicePrincipal),
  handler: ({ ctx, query }) => listServicePrincipals(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'api_keys:manage',
  mfa: true,
  scopes: ['partner'],
  body: ZCreateServicePrincipal,
  status: 201,
  summary: 'Create a service principal',
  description: [
    'A machine credential of the partner for the partner API (`/api/v1/partner-api/*`). `key` (`svc_sp_…`) is in this response only; the server keeps its SHA-256. Send it as `X-API-Key`; it is accepted nowhere else and never MFA-gated.',
    '`scopes` come from the partner-API catalogue: `organizations:read`, `organizations:write`, `sites:read`, `sites:write`, `devices:read`, `inventory:read`, `configuration:read`, `scripts:read`, `backup-configuration:read`, `custom-fields:read`, `enrollment-keys:write`. Each needs the matching console permission of the creator (403 `PRIVILEGE_ESCALATION`).',
    '`expiresAt` (optional) and `allowedCidrs` (source addresses; requests from elsewhere get 403 `SOURCE_IP_NOT_ALLOWED`). Minting enrollment keys needs both. `writeLimitPerHour`: the effective write budget is min(it, 120) per hour. `orgIds` narrows the principal to some organizations (organizations it creates are added).',
  ].join('\n\n'),
  tags: ['Partner API'],
  response: ZServicePrincipalWithKey,
  audit: false,
  handler: ({ ctx, body }) => createServicePrincipal(ctx, body),
});
