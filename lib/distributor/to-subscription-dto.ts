import type { DistributorSubscription } from '@/lib/generated/prisma/client';
import type { TSubscription } from './schemas';

export function toSubscriptionDto(
  row: DistributorSubscription,
  company: { name: string; orgId: string | null } | undefined,
  billingQuantity: string | null,
): TSubscription {
  return {
    id: row.id,
    integrationId: row.integrationId,
    distributorSubscriptionId: row.distributorSubscriptionId,
    distributorCompanyId: row.distributorCompanyId,
    companyName: company?.name ?? null,
    orgId: company?.orgId ?? null,
    distributorProductId: row.distributorProductId,
    productName: row.productName,
    status: row.status,
    billingTerm: row.billingTerm,
    billingQuantity,
    quantity: row.quantity?.toString() ?? null,
    quantityKnown: row.quantity !== null,
    contractLineId: row.contractLineId,
    syncEnabled: row.syncEnabled,
    lastObservedQuantity: row.lastObservedQuantity?.toString() ?? null,
    lastObservedAt: row.lastObservedAt?.toISOString() ?? null,
    activeCommitmentId: row.activeCommitmentId,
    activeCommitmentAmbiguous: row.activeCommitmentAmbiguous,
    lastSyncedAt: row.lastSyncedAt.toISOString(),
  };
}
