import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getEnrollmentKeyOrThrow } from '@/lib/enrollment-keys/get-enrollment-key-or-throw';
import { mintEnrollmentKey, mintEnrollmentSecret } from '@/lib/enrollment-keys/mint-credentials';
import { toEnrollmentKeyDto } from '@/lib/enrollment-keys/to-enrollment-key-dto';

/**
 * Replaces the raw key (and the per-key secret, when the key has one); the old values stop
 * working at once. Limits, usage count and expiry are kept.
 */
export async function rotateEnrollmentKey(ctx: ActorContext, id: string) {
  const minted = mintEnrollmentKey();
  return db.$transaction(async (tx) => {
    const current = await getEnrollmentKeyOrThrow(ctx, id, tx);
    const secret = current.secretHash ? mintEnrollmentSecret() : null;
    const updated = await tx.enrollmentKey.update({
      where: { id },
      data: { keyHash: minted.keyHash, keyPrefix: minted.keyPrefix, ...(secret ? { secretHash: secret.secretHash } : {}), rotatedAt: new Date() },
    });
    await writeAudit(ctx, { action: 'enrollment_key.rotate', targetType: 'enrollment_key', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name } }, tx);
    return { ...toEnrollmentKeyDto(updated), key: minted.key, ...(secret ? { enrollmentSecret: secret.secret } : {}) };
  });
}
