import { z } from 'zod';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZCreateEnrollmentKey } from '@/lib/enrollment-keys/schemas';
import { mintEnrollmentKey, mintEnrollmentSecret } from '@/lib/enrollment-keys/mint-credentials';
import { toEnrollmentKeyDto } from '@/lib/enrollment-keys/to-enrollment-key-dto';
import { resolvePlacement } from '@/lib/devices/resolve-placement';

/** Expiry from ttlMinutes or expiresAt, else the default lifetime (30 days unless configured). */
export function keyExpiry(input: { ttlMinutes?: number; expiresAt?: string }, now = new Date()): Date {
  if (input.expiresAt) {
    const at = new Date(input.expiresAt);
    if (at <= now) throw badRequest('expiresAt must be in the future', [{ path: 'body.expiresAt', message: 'Must be in the future' }]);
    if (at.getTime() - now.getTime() > 525_600 * 60_000) {
      throw badRequest('expiresAt may be at most 365 days ahead', [{ path: 'body.expiresAt', message: 'At most 525,600 minutes ahead' }]);
    }
    return at;
  }
  const minutes = input.ttlMinutes ?? env().ENROLLMENT_KEY_DEFAULT_TTL_MINUTES;
  return new Date(now.getTime() + minutes * 60_000);
}

export async function createEnrollmentKey(ctx: ActorContext, input: z.output<typeof ZCreateEnrollmentKey>) {
  const expiresAt = keyExpiry(input);
  const minted = mintEnrollmentKey();
  const secret = input.issueEnrollmentSecret ? mintEnrollmentSecret() : null;
  const row = await db.$transaction(async (tx) => {
    const { org, site } = await resolvePlacement(tx, ctx, input.orgId, input.siteId);
    const created = await tx.enrollmentKey.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: site?.id ?? null,
        name: input.name,
        keyHash: minted.keyHash,
        keyPrefix: minted.keyPrefix,
        secretHash: secret?.secretHash ?? null,
        maxUsage: input.maxUsage ?? null,
        expiresAt,
        createdById: ctx.userId,
      },
    });
    await writeAudit(ctx, {
      action: 'enrollment_key.create',
      targetType: 'enrollment_key',
      targetId: created.id,
      partnerId: org.partnerId,
      orgId: org.id,
      details: { name: created.name, siteId: created.siteId, maxUsage: created.maxUsage, expiresAt: expiresAt.toISOString(), perKeySecret: secret !== null },
    }, tx);
    return created;
  });
  return { ...toEnrollmentKeyDto(row), key: minted.key, ...(secret ? { enrollmentSecret: secret.secret } : {}) };
}
