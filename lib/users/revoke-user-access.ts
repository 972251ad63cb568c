// Takes a user out of the hierarchy at once, inside the caller's transaction: every session and
// API key is revoked, the association and any pending invitation are deleted, and the account
// is closed (soft delete; the row stays for the audit trail and can be re-invited later).
import type { Tx } from '@/lib/db';

export async function revokeUserAccess(tx: Tx, userId: string, reason: string, actorId: string | null) {
  const now = new Date();
  const sessions = await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now, revokedReason: reason } });
  const apiKeys = await tx.apiKey.updateMany({
    where: { userId, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason, revokedById: actorId, previousSecretHash: null, previousSecretExpiresAt: null },
  });
  await tx.partnerUser.deleteMany({ where: { userId } });
  await tx.organizationUser.deleteMany({ where: { userId } });
  await tx.userInvitation.deleteMany({ where: { userId } });
  await tx.user.update({
    where: { id: userId },
    data: { deletedAt: now, status: 'disabled', passwordHash: null, mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, recoveryCodeHashes: [] },
  });
  return { sessions: sessions.count, apiKeys: apiKeys.count };
}
