// POST /distributor/orders/:id/reconcile: settles needs_reconcile lines with read-only lookups
// (order by line reference, subscription state). Never repeats a write.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrderOrThrow } from './get-order-or-throw';
import { clientForIntegration } from './integration-credentials';
import { reconcileLine } from './execute-line';
import { applyOutcome, finalStatus, targetIds, toExecutable } from './order-execution';

export async function reconcileOrder(ctx: UserContext, orderId: string) {
  const order = await getOrderOrThrow(ctx, orderId);
  const open = order.lines.filter((l) => l.submitState === 'needs_reconcile');
  if (open.length === 0) return { resolved: 0, stillUnknown: 0 };
  const integration = await db.distributorIntegration.findUniqueOrThrow({ where: { id: order.integrationId } });
  const client = clientForIntegration(integration);
  // The company the lines were sent to: the one mapped to the organization now, if any.
  const company = await db.distributorCompany.findFirst({ where: { integrationId: integration.id, orgId: order.orgId, ignored: false } });
  const targets = await targetIds(open);
  let resolved = 0;
  let stillUnknown = 0;
  for (const line of open) {
    const outcome = await reconcileLine(client, toExecutable(line, company?.distributorCompanyId ?? '', line.targetSubscriptionId ? (targets.get(line.targetSubscriptionId) ?? null) : null));
    if (outcome.state === 'unknown' || outcome.state === 'needs_reconcile') {
      stillUnknown += 1;
      continue;
    }
    if (await applyOutcome(line, outcome, 'needs_reconcile')) resolved += 1;
  }
  const lines = await db.distributorOrderLine.findMany({ where: { orderId }, select: { submitState: true } });
  await db.distributorOrder.update({ where: { id: orderId }, data: { status: finalStatus(lines.map((l) => l.submitState)) } });
  await writeAudit(ctx, { action: 'distributor_order.reconcile', targetType: 'distributor_order', targetId: orderId, partnerId: order.partnerId, orgId: order.orgId, details: { resolved, stillUnknown } });
  return { resolved, stillUnknown };
}
