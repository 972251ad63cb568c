// The `servicePrincipal` credential class: `X-API-Key: svc_sp_…`, accepted only on
// /api/v1/partner-api/*, never MFA-gated. The partner always comes from the principal. A
// principal with a source-CIDR allowlist is refused from any other address.
import { db } from '@/lib/db';
import { AppError, unauthorized, unavailable } from '@/lib/http/errors';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { sha256Hex } from '@/lib/auth/secrets';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { ipInAny, parseCidrList } from '@/lib/net/ip';
import { logger } from '@/lib/observability/logger';
import { isWellFormedServicePrincipalKey, SERVICE_PRINCIPAL_KEY_PREFIX } from '@/lib/partner-api/service-principal-secret';
import { isPartnerApiScope } from '@/lib/partner-api/scopes';

export const PARTNER_API_PATH = '/api/v1/partner-api/';
const LAST_USED_RESOLUTION_MS = 60_000;
const invalidKey = (message = 'Invalid service-principal key') => unauthorized(message, 'INVALID_API_KEY');

export async function authenticateServicePrincipal(req: Request, base: { requestId: string; ip: string | null }): Promise<ServicePrincipalContext> {
  const presented = req.headers.get('x-api-key')?.trim();
  if (!presented) throw unauthorized('Missing X-API-Key (service-principal key)');
  if (!new URL(req.url).pathname.startsWith(PARTNER_API_PATH)) {
    throw unauthorized('Service-principal keys are accepted only on the partner API', 'API_KEY_NOT_ACCEPTED');
  }
  if (!presented.startsWith(SERVICE_PRINCIPAL_KEY_PREFIX)) {
    throw unauthorized('The partner API takes a service-principal key (svc_sp_…), not a user API key', 'API_KEY_NOT_ACCEPTED');
  }
  if (!isWellFormedServicePrincipalKey(presented)) throw invalidKey();

  const principal = await db.servicePrincipal
    .findUnique({ where: { secretHash: sha256Hex(presented) }, include: { partner: { select: { status: true, deletedAt: true } } } })
    .catch(() => {
      throw unavailable('Could not verify access; try again shortly');
    });
  if (!principal) throw invalidKey();
  const now = new Date();
  if (principal.revokedAt) throw invalidKey('Service principal has been revoked');
  if (principal.expiresAt && principal.expiresAt <= now) throw invalidKey('Service principal has expired');
  if (principal.partner.deletedAt) throw invalidKey();
  assertPartnerActive(principal.partner.status);
  if (principal.allowedCidrs.length > 0 && !(base.ip && ipInAny(base.ip, parseCidrList(principal.allowedCidrs)))) {
    throw new AppError('SOURCE_IP_NOT_ALLOWED', 403, 'Requests with this key are not accepted from this address');
  }

  if (!principal.lastUsedAt || now.getTime() - principal.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS || principal.lastUsedIp !== base.ip) {
    await db.$executeRaw`update service_principals set last_used_at = ${now}, last_used_ip = ${base.ip} where id = ${principal.id}::uuid`
      .catch((err: unknown) => logger.warn({ err, servicePrincipalId: principal.id }, 'could not record service-principal use'));
  }
  return {
    kind: 'servicePrincipal',
    ...base,
    servicePrincipalId: principal.id,
    name: principal.name,
    scope: 'partner',
    partnerId: principal.partnerId,
    orgId: null,
    orgAccess: principal.orgAccess === 'selected' ? 'selected' : 'all',
    orgIds: principal.orgIds,
    permissions: new Set(),
    partnerScopes: new Set(principal.scopes.filter(isPartnerApiScope)),
    expiresAt: principal.expiresAt,
    allowedCidrs: principal.allowedCidrs,
    writeLimitPerHour: principal.writeLimitPerHour,
  };
}
