// DELETE /filters/:id. A shared filter can be deleted by anyone with filters:manage who sees it.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getFilterOrThrow } from '@/lib/filters/get-filter-or-throw';
import { enqueueFilterPoliciesEvaluation } from '@/lib/policies/enqueue-device-evaluation';

export async function deleteFilter(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const filter = await getFilterOrThrow(ctx, id, tx);
    // Policies assigned to it lose its devices: evaluated again with the devices read now.
    await enqueueFilterPoliciesEvaluation(tx, id);
    await tx.policyAssignment.deleteMany({ where: { targetType: 'filter', targetId: id } });
    await tx.savedFilter.delete({ where: { id } });
    await writeAudit(
      ctx,
      { action: 'saved_filter.delete', targetType: 'saved_filter', targetId: id, partnerId: filter.partnerId, orgId: filter.orgId, details: { name: filter.name, visibility: filter.visibility } },
      tx,
    );
  });
}
