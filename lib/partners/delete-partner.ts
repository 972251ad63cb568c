import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getPartnerOrThrow } from '@/lib/partners/get-partner-or-throw';
import { revokePartnerAccess } from '@/lib/partners/revoke-partner-access';

/** Soft delete: the partner vanishes from every query and its users' sessions end. */
export async function deletePartner(ctx: UserContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await getPartnerOrThrow(id, tx);
    await tx.partner.update({ where: { id }, data: { deletedAt: new Date() } });
    await revokePartnerAccess(tx, id, 'partner_deleted');
    await writeAudit(ctx, { action: 'partner.delete', targetType: 'partner', targetId: id, partnerId: id, orgId: null }, tx);
  });
}
