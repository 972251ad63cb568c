import type { ApiKeyWithOwner } from '@/lib/api-keys/api-key-scope';

export function apiKeyStatus(k: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()) {
  if (k.revokedAt) return 'revoked' as const;
  if (k.expiresAt && k.expiresAt <= now) return 'expired' as const;
  return 'active' as const;
}

export function toApiKeyDto(k: ApiKeyWithOwner) {
  const now = new Date();
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    status: apiKeyStatus(k, now),
    owner: k.owner,
    partnerId: k.partnerId,
    orgId: k.orgId,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: k.lastUsedIp,
    rotatedAt: k.rotatedAt?.toISOString() ?? null,
    previousSecretExpiresAt: k.previousSecretExpiresAt && k.previousSecretExpiresAt > now ? k.previousSecretExpiresAt.toISOString() : null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    revokedReason: k.revokedReason,
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
  };
}
