import type { Tx } from '@/lib/db';

/**
 * Offboarding and deletion (doc 1): every live session of every user under the partner (its
 * own staff and its organizations' users) and every API key of the partner are revoked at once,
 * and pending invitations die. Revoked keys stay revoked if the partner comes back.
 */
export async function revokePartnerAccess(tx: Tx, partnerId: string, reason: string): Promise<{ sessions: number; apiKeys: number; invitations: number }> {
  const now = new Date();
  const sessions = await tx.session.updateMany({
    where: {
      revokedAt: null,
      user: {
        OR: [
          { partnerMembership: { partnerId } },
          { organizationMembership: { organization: { partnerId } } },
        ],
      },
    },
    data: { revokedAt: now, revokedReason: reason },
  });
  const apiKeys = await tx.apiKey.updateMany({
    where: { partnerId, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason, previousSecretHash: null, previousSecretExpiresAt: null },
  });
  const invitations = await tx.userInvitation.deleteMany({ where: { partnerId } });
  // Service principals (partner API) die with the partner's keys.
  await tx.servicePrincipal.updateMany({ where: { partnerId, revokedAt: null }, data: { revokedAt: now } });
  return { sessions: sessions.count, apiKeys: apiKeys.count, invitations: invitations.count };
}
