import type { Tx } from '@/lib/db';

/** Revokes every live session of every user under the partner (its own and its organizations'). */
export async function revokePartnerAccess(tx: Tx, partnerId: string, reason: string): Promise<number> {
  const result = await tx.session.updateMany({
    where: {
      revokedAt: null,
      user: {
        OR: [
          { partnerMembership: { partnerId } },
          { organizationMembership: { organization: { partnerId } } },
        ],
      },
    },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  return result.count;
}
