import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getSiteOrThrow } from '@/lib/sites/get-site-or-throw';

export async function deleteSite(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getSiteOrThrow(ctx, id, tx);
    await tx.site.update({ where: { id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'site.delete', targetType: 'site', targetId: id, partnerId: current.partnerId, orgId: current.orgId }, tx);
  });
}
