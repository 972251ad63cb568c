// Shared by preflight, submit and reconcile: a stored line as the distributor sees it, and a
// line outcome applied to the line, the snapshot and the linked manual contract line. Outcomes
// are applied only from the state the caller expects, so nothing is applied twice.
import { db } from '@/lib/db';
import { Prisma, type DistributorOrderLine } from '@/lib/generated/prisma/client';
import type { ExecutableLine, LineOutcome } from './execute-line';

export function toExecutable(line: DistributorOrderLine, companyId: string, targetDistributorSubscriptionId: string | null): ExecutableLine {
  return {
    reference: line.id,
    action: line.action,
    companyId,
    productId: line.distributorProductId,
    billingTerm: line.billingTerm,
    commitmentTermId: line.commitmentTermId,
    provisioningDetails: (line.provisioningDetails as { key: string; values: string[] }[]) ?? [],
    quantity: line.quantity?.toString() ?? null,
    targetSubscriptionId: targetDistributorSubscriptionId,
    cancelDate: line.cancelDate?.toISOString().slice(0, 10),
  };
}

/** The distributor's ids of the lines' target snapshots. */
export async function targetIds(lines: DistributorOrderLine[]): Promise<Map<string, string>> {
  const ids = lines.map((l) => l.targetSubscriptionId).filter((id): id is string => id !== null);
  const subs = await db.distributorSubscription.findMany({ where: { id: { in: ids } }, select: { id: true, distributorSubscriptionId: true } });
  return new Map(subs.map((s) => [s.id, s.distributorSubscriptionId]));
}

export async function applyOutcome(line: DistributorOrderLine, outcome: LineOutcome, from: 'in_flight' | 'needs_reconcile'): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const data =
      outcome.state === 'succeeded'
        ? { submitState: 'succeeded' as const, distributorOrderId: outcome.distributorOrderId, resultSubscriptionId: outcome.subscriptionId, error: null, resolvedAt: now }
        : outcome.state === 'failed'
          ? { submitState: 'failed' as const, error: outcome.error.slice(0, 1000), errorBody: (outcome.body ?? Prisma.JsonNull) as Prisma.InputJsonValue, resolvedAt: now }
          : { submitState: 'needs_reconcile' as const, error: outcome.error.slice(0, 1000) };
    const moved = await tx.distributorOrderLine.updateMany({ where: { id: line.id, submitState: from }, data });
    if (moved.count !== 1) return false;
    if (outcome.state === 'succeeded' && line.action !== 'new_subscription') {
      const quantity = new Prisma.Decimal(outcome.quantity);
      // The linked manual contract line bills what the distributor now has; a cancellation records 0.
      if (line.contractLineId) await tx.contractLine.updateMany({ where: { id: line.contractLineId, type: 'manual' }, data: { manualQuantity: quantity } });
      if (line.targetSubscriptionId) {
        await tx.distributorSubscription.update({
          where: { id: line.targetSubscriptionId },
          data: { quantity, ...(line.action === 'cancel' ? { status: 'Cancelled' } : {}) },
        });
      }
    }
    return true;
  });
}

export function finalStatus(states: string[]): 'completed' | 'partially_failed' | 'failed' {
  if (states.every((s) => s === 'succeeded')) return 'completed';
  if (states.every((s) => s === 'failed')) return 'failed';
  return 'partially_failed';
}
