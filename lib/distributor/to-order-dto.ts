import type { DistributorOrder, DistributorOrderLine } from '@/lib/generated/prisma/client';
import type { z } from 'zod';
import type { ZOrder, ZOrderLine } from './order-schemas';

export const MUTABLE_ORDER_STATUSES = ['draft', 'awaiting_details', 'ready'] as const;
export const isMutable = (status: string) => (MUTABLE_ORDER_STATUSES as readonly string[]).includes(status);

export function toOrderDto(o: DistributorOrder): z.infer<typeof ZOrder> {
  return {
    id: o.id,
    status: o.status,
    orgId: o.orgId,
    integrationId: o.integrationId,
    source: o.source,
    quoteId: o.quoteId,
    submittedAt: o.submittedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toOrderLineDto(l: DistributorOrderLine): z.infer<typeof ZOrderLine> {
  return {
    id: l.id,
    orderId: l.orderId,
    action: l.action,
    submitState: l.submitState,
    distributorProductId: l.distributorProductId,
    catalogItemId: l.catalogItemId,
    billingTerm: l.billingTerm,
    quantity: l.quantity?.toString() ?? null,
    commitmentTermId: l.commitmentTermId,
    provisioningDetails: (l.provisioningDetails as { key: string; values: string[] }[]) ?? [],
    targetSubscriptionId: l.targetSubscriptionId,
    contractLineId: l.contractLineId,
    quoteLineId: l.quoteLineId,
    cancelDate: l.cancelDate?.toISOString().slice(0, 10) ?? null,
    distributorOrderId: l.distributorOrderId,
    resultSubscriptionId: l.resultSubscriptionId,
    error: l.error,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}
