// "A partner admin cannot remove the last partner admin": a partner admin is an active user
// holding the built-in Partner Admin role with access to every organization. Changes that could
// remove one run inside a transaction that first locks the partner row (so two admins cannot
// remove each other concurrently) and check the count again before committing.
import type { Tx } from '@/lib/db';
import { conflict, notFound } from '@/lib/http/errors';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';

export const PARTNER_ADMIN_ROLE_NAME = BUILT_IN_PARTNER_ROLES[0].name;

export function countPartnerAdmins(tx: Tx, partnerId: string): Promise<number> {
  return tx.partnerUser.count({
    where: {
      partnerId,
      orgAccess: 'all',
      role: { isSystem: true, scope: 'partner', name: PARTNER_ADMIN_ROLE_NAME },
      user: { status: 'active', deletedAt: null },
    },
  });
}

export interface PartnerAdminGuard {
  /** Throws 409 LAST_PARTNER_ADMIN (rolling the transaction back) if no partner admin is left. */
  check(): Promise<void>;
}

export async function guardPartnerAdmins(tx: Tx, partnerId: string | null): Promise<PartnerAdminGuard> {
  if (!partnerId) return { check: async () => undefined };
  const locked = await tx.$queryRaw<{ id: string }[]>`select id from partners where id = ${partnerId}::uuid for update`;
  if (locked.length === 0) throw notFound('Partner');
  const before = await countPartnerAdmins(tx, partnerId);
  return {
    async check() {
      if (before > 0 && (await countPartnerAdmins(tx, partnerId)) === 0) {
        throw conflict('This change would leave the partner without an active Partner Admin; promote another user first', 'LAST_PARTNER_ADMIN');
      }
    },
  };
}
