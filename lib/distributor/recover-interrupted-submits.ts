// A submit runs in the web process that received it: if that process dies after claiming the
// order (status submitting, lines in_flight) and before recording every outcome, nothing would
// ever move the order again. This sweep (worker, every 5 minutes) finds orders still
// `submitting` well past any submit's duration and gives them the outcome of an interrupted
// write: each in_flight line becomes needs_reconcile (the distributor may or may not have the
// write — reconcile finds out and never repeats it) and the order takes its final status.
import { db } from '@/lib/db';
import type { AnonymousContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { finalStatus } from './order-execution';

const SYSTEM: AnonymousContext = { kind: 'anonymous', requestId: 'distributor-recovery', ip: null };
export const INTERRUPTED_SUBMIT_ERROR = 'The submit was interrupted before its outcome was recorded; reconcile to learn whether the distributor has it';

/** Orders claimed more than `staleMinutes` ago and still submitting; answers how many were recovered. */
export async function recoverInterruptedSubmits(staleMinutes: number): Promise<number> {
  const stale = await db.distributorOrder.findMany({
    where: { status: 'submitting', submittedAt: { lt: new Date(Date.now() - staleMinutes * 60_000) } },
    select: { id: true },
    take: 100,
  });
  let recovered = 0;
  for (const { id } of stale) {
    const done = await db.$transaction(async (tx) => {
      // Locked and re-checked: a submit that is merely slow and finishes now wins.
      const [order] = await tx.$queryRaw<{ id: string; partner_id: string; org_id: string }[]>`
        select id, partner_id, org_id from distributor_orders where id = ${id}::uuid and status = 'submitting' for update skip locked`;
      if (!order) return false;
      const lines = await tx.distributorOrderLine.updateMany({ where: { orderId: id, submitState: 'in_flight' }, data: { submitState: 'needs_reconcile', error: INTERRUPTED_SUBMIT_ERROR } });
      const states = await tx.distributorOrderLine.findMany({ where: { orderId: id }, select: { submitState: true } });
      const status = finalStatus(states.map((l) => l.submitState));
      await tx.distributorOrder.update({ where: { id }, data: { status, completedAt: new Date() } });
      await writeAudit(SYSTEM, { action: 'distributor_order.submit_recovered', targetType: 'distributor_order', targetId: id, partnerId: order.partner_id, orgId: order.org_id, details: { linesToReconcile: lines.count, status }, actor: { type: 'system', id: null, email: null } }, tx);
      return true;
    });
    if (done) recovered++;
  }
  return recovered;
}
