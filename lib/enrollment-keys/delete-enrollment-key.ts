import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getEnrollmentKeyOrThrow } from '@/lib/enrollment-keys/get-enrollment-key-or-throw';

/** Revokes the key at once: later enrollments with it answer 403 ENROLLMENT_KEY_REVOKED. */
export async function deleteEnrollmentKey(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const key = await getEnrollmentKeyOrThrow(ctx, id, tx);
    await tx.enrollmentKey.update({ where: { id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'enrollment_key.delete', targetType: 'enrollment_key', targetId: id, partnerId: key.partnerId, orgId: key.orgId, details: { name: key.name } }, tx);
  });
}
