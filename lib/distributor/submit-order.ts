// POST /distributor/orders/:id/submit. The order and its pending lines are claimed in one
// transaction before any external write (a concurrent submit loses with 409); each line is then
// written at the distributor and its outcome recorded: succeeded, failed, or needs_reconcile.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { AppError, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertMutable, getOrderOrThrow } from './get-order-or-throw';
import { activeIntegrationOrThrow, orderCompanyOrThrow } from './order-company';
import { assertMappedPair } from './stage-line';
import { clientForIntegration } from './integration-credentials';
import { executeLine } from './execute-line';
import { applyOutcome, finalStatus, targetIds, toExecutable } from './order-execution';
import { MUTABLE_ORDER_STATUSES } from './to-order-dto';

export async function submitOrder(ctx: UserContext, orderId: string) {
  const order = await getOrderOrThrow(ctx, orderId);
  if (order.status === 'submitting') throw conflict('The order is being submitted', 'SUBMIT_CONFLICT');
  assertMutable(order);
  const pending = order.lines.filter((l) => l.submitState === 'pending');
  if (pending.length === 0) throw conflict('The order has no pending lines', 'NOTHING_TO_SUBMIT');
  // Staging-time conditions, checked again now: integration and catalog items still active.
  const integration = await activeIntegrationOrThrow(db, order.partnerId);
  const company = await orderCompanyOrThrow(db, integration.id, order.orgId);
  for (const line of pending) {
    if (line.action === 'new_subscription') await assertMappedPair(integration, line.distributorProductId!, line.catalogItemId!);
  }
  const client = clientForIntegration(integration);

  const claimed = await db.$transaction(async (tx) => {
    const now = new Date();
    const won = await tx.distributorOrder.updateMany({ where: { id: orderId, status: { in: [...MUTABLE_ORDER_STATUSES] } }, data: { status: 'submitting', submittedAt: now } });
    if (won.count !== 1) throw new AppError('SUBMIT_CONFLICT', 409, 'Another submit claimed this order');
    await tx.distributorOrderLine.updateMany({ where: { orderId, submitState: 'pending' }, data: { submitState: 'in_flight', attemptedAt: now } });
    await writeAudit(ctx, { action: 'distributor_order.submit', targetType: 'distributor_order', targetId: orderId, partnerId: order.partnerId, orgId: order.orgId, details: { lines: pending.length, distributorCompanyId: company.distributorCompanyId } }, tx);
    return tx.distributorOrderLine.findMany({ where: { orderId, submitState: 'in_flight' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  });

  const targets = await targetIds(claimed);
  for (const line of claimed) {
    const outcome = await executeLine(client, toExecutable(line, company.distributorCompanyId, line.targetSubscriptionId ? (targets.get(line.targetSubscriptionId) ?? null) : null));
    await applyOutcome(line, outcome, 'in_flight');
  }

  const lines = await db.distributorOrderLine.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const status = finalStatus(lines.map((l) => l.submitState));
  await db.distributorOrder.update({ where: { id: orderId }, data: { status, completedAt: new Date() } });
  return {
    orderId,
    status,
    lines: lines.map((l) => ({ lineId: l.id, submitState: l.submitState, ...(l.error && l.submitState !== 'succeeded' ? { error: l.error } : {}) })),
  };
}
