import type { EnrollmentKey } from '@/lib/generated/prisma/client';
import type { z } from 'zod';
import type { ZEnrollmentKey } from '@/lib/enrollment-keys/schemas';

export function enrollmentKeyStatus(k: Pick<EnrollmentKey, 'expiresAt' | 'maxUsage' | 'usageCount'>, now = new Date()) {
  if (k.maxUsage !== null && k.usageCount >= k.maxUsage) return 'exhausted' as const;
  if (k.expiresAt <= now) return 'expired' as const;
  return 'active' as const;
}

export function toEnrollmentKeyDto(k: EnrollmentKey): z.infer<typeof ZEnrollmentKey> {
  return {
    id: k.id,
    partnerId: k.partnerId,
    orgId: k.orgId,
    siteId: k.siteId,
    deviceId: k.deviceId,
    name: k.name,
    keyPrefix: k.keyPrefix,
    hasEnrollmentSecret: k.secretHash !== null,
    maxUsage: k.maxUsage,
    usageCount: k.usageCount,
    status: enrollmentKeyStatus(k),
    expiresAt: k.expiresAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    rotatedAt: k.rotatedAt?.toISOString() ?? null,
    createdById: k.createdById,
    createdAt: k.createdAt.toISOString(),
  };
}
