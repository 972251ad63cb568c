// Routes of the partner API (/api/v1/partner-api/*): service-principal keys only, never MFA,
// each route requiring one scope of the partner-API catalogue (403 without it, checked before
// the input is parsed).
import { defineRoute, type RouteConfig } from '@/lib/http/define-route';
import { forbidden } from '@/lib/http/errors';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import type { z } from 'zod';
import type { PartnerApiScope } from '@/lib/partner-api/scopes';
import { recordDecision } from '@/lib/tenancy/authorization-decisions';

type Schema = z.ZodType;

export function requirePartnerScope(ctx: ServicePrincipalContext, scope: PartnerApiScope): void {
  if (!ctx.partnerScopes.has(scope)) throw forbidden(`This service principal lacks the scope ${scope}`, 'INSUFFICIENT_SCOPE');
  // The partner API's permission check: the decision the wrapper's `permission` makes elsewhere.
  recordDecision(ctx);
}

export function definePartnerApiRoute<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  config: Omit<RouteConfig<'servicePrincipal', P, Q, B>, 'auth' | 'permission' | 'mfa' | 'guard'> & { scope: PartnerApiScope },
) {
  const { scope, ...rest } = config;
  return defineRoute<'servicePrincipal', P, Q, B>({
    ...rest,
    auth: 'servicePrincipal',
    permission: 'none',
    guard: (ctx) => requirePartnerScope(ctx, scope),
    tags: ['Partner API'],
    description: [`Service-principal key (\`X-API-Key: svc_sp_…\`); scope \`${scope}\` (403 \`INSUFFICIENT_SCOPE\` without it).`, rest.description].filter(Boolean).join('\n\n'),
  });
}
