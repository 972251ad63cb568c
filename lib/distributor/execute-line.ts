// One order line's write at the distributor and how its outcome is classified (doc 2 "States
// and transitions"): an answer saying yes is `succeeded`, an answer saying no is `failed`, and no
// usable answer (timeout, transport error, 5xx, dropped response) is `needs_reconcile`, because
// the write may have happened. New subscriptions are placed one distributor order per line with
// the line id as reference, so reconciliation can look the line up without writing again.
import { DistributorError, type DistributorClient } from './distributor-client';

export type LineAction = 'new_subscription' | 'change_quantity' | 'cancel';

export interface ExecutableLine {
  /** Our line id: the distributor order reference of a new subscription. */
  reference: string;
  action: LineAction;
  companyId: string;
  productId?: string | null;
  billingTerm?: string | null;
  commitmentTermId?: string | null;
  provisioningDetails?: { key: string; values: string[] }[];
  quantity?: string | null;
  targetSubscriptionId?: string | null;
  cancelDate?: string;
}

export type LineOutcome =
  | { state: 'succeeded'; distributorOrderId: string | null; subscriptionId: string | null; quantity: string }
  | { state: 'failed'; error: string; body: unknown }
  | { state: 'needs_reconcile'; error: string };

const today = () => new Date().toISOString().slice(0, 10);

export async function executeLine(client: DistributorClient, line: ExecutableLine): Promise<LineOutcome> {
  try {
    if (line.action === 'new_subscription') {
      const order = await client.placeOrder({
        companyId: line.companyId,
        reference: line.reference,
        lineItems: [{ productId: line.productId!, quantity: line.quantity!, billingTerm: line.billingTerm!, commitmentTermId: line.commitmentTermId ?? null, provisioningDetails: line.provisioningDetails ?? [] }],
      });
      return { state: 'succeeded', distributorOrderId: order.id, subscriptionId: order.lineItems[0]?.subscriptionId ?? null, quantity: line.quantity! };
    }
    if (line.action === 'change_quantity') {
      const sub = await client.updateSubscriptionQuantity(line.targetSubscriptionId!, line.quantity!);
      return { state: 'succeeded', distributorOrderId: null, subscriptionId: sub.id, quantity: line.quantity! };
    }
    const sub = await client.cancelSubscription(line.targetSubscriptionId!, line.cancelDate ?? today());
    return { state: 'succeeded', distributorOrderId: null, subscriptionId: sub.id, quantity: '0' };
  } catch (error) {
    if (!(error instanceof DistributorError)) return { state: 'needs_reconcile', error: 'Unexpected failure while writing to the distributor' };
    if (error.kind === 'uncertain') return { state: 'needs_reconcile', error: error.message };
    return { state: 'failed', error: error.message, body: error.body };
  }
}

export type ReconcileOutcome = LineOutcome | { state: 'unknown'; error: string };

/** Read-only lookups that settle a `needs_reconcile` line; never repeats the write. */
export async function reconcileLine(client: DistributorClient, line: ExecutableLine): Promise<ReconcileOutcome> {
  try {
    if (line.action === 'new_subscription') {
      const orders = await client.findOrdersByReference(line.reference);
      if (orders.length === 0) return { state: 'failed', error: 'The distributor has no order for this line', body: null };
      const order = orders[0];
      return { state: 'succeeded', distributorOrderId: order.id, subscriptionId: order.lineItems[0]?.subscriptionId ?? null, quantity: line.quantity! };
    }
    const sub = await client.getSubscription(line.targetSubscriptionId!);
    if (line.action === 'change_quantity') {
      if (sub.quantity === null) return { state: 'unknown', error: 'The distributor reports no quantity' };
      return Number(sub.quantity) === Number(line.quantity)
        ? { state: 'succeeded', distributorOrderId: null, subscriptionId: sub.id, quantity: line.quantity! }
        : { state: 'failed', error: `The distributor reports quantity ${sub.quantity}`, body: null };
    }
    return sub.status.toLowerCase() === 'cancelled'
      ? { state: 'succeeded', distributorOrderId: null, subscriptionId: sub.id, quantity: '0' }
      : { state: 'failed', error: `The subscription is ${sub.status} at the distributor`, body: null };
  } catch (error) {
    return { state: 'unknown', error: error instanceof Error ? error.message : 'Lookup failed' };
  }
}
