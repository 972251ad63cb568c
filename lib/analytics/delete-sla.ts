// DELETE /analytics/sla/:id. Compliance is computed at read time, so nothing else goes with it.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { lockSla } from '@/lib/analytics/sla-scope';

export async function deleteSla(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockSla(tx, ctx, id);
    await tx.slaDefinition.delete({ where: { id } });
    await writeAudit(ctx, { action: 'sla_definition.delete', targetType: 'sla_definition', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name } }, tx);
  });
}
