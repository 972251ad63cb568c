import type { ServicePrincipal } from '@/lib/generated/prisma/client';
import { PARTNER_API_MAX_WRITES_PER_HOUR } from '@/lib/partner-api/schemas';

export function servicePrincipalStatus(p: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()) {
  if (p.revokedAt) return 'revoked' as const;
  if (p.expiresAt && p.expiresAt <= now) return 'expired' as const;
  return 'active' as const;
}

/** Doc 3 rule 5: minting enrollment keys needs both an expiry and a source-CIDR allowlist. */
export function hasMintRestrictions(p: { expiresAt: Date | null; allowedCidrs: readonly string[] }): boolean {
  return p.expiresAt !== null && p.allowedCidrs.length > 0;
}

export function toServicePrincipalDto(p: ServicePrincipal) {
  return {
    id: p.id,
    partnerId: p.partnerId,
    name: p.name,
    description: p.description,
    prefix: p.prefix,
    scopes: p.scopes,
    orgAccess: p.orgAccess === 'selected' ? ('selected' as const) : ('all' as const),
    orgIds: p.orgIds,
    allowedCidrs: p.allowedCidrs,
    writeLimitPerHour: p.writeLimitPerHour,
    effectiveWritesPerHour: Math.min(p.writeLimitPerHour, PARTNER_API_MAX_WRITES_PER_HOUR),
    canMintEnrollmentKeys: p.scopes.includes('enrollment-keys:write') && hasMintRestrictions(p),
    status: servicePrincipalStatus(p),
    expiresAt: p.expiresAt?.toISOString() ?? null,
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: p.lastUsedIp,
    createdById: p.createdById,
    revokedAt: p.revokedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}
