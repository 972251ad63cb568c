// The sync job: refreshes the local snapshots of one integration's companies, products and
// subscriptions from the distributor. Mappings, ignore flags and contract-line links are ours and
// never touched; records the distributor no longer lists are marked absent, not deleted. For
// sync-enabled links the reported quantity is recorded as an observation only: billing quantity
// is never overwritten here.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { logger } from '@/lib/observability/logger';
import { DistributorError, type DistributorClient } from './distributor-client';
import { clientForIntegration } from './integration-credentials';
import { selectActiveCommitment } from './active-commitment';

export interface SyncCounts {
  companies: number;
  subscriptions: number;
  products: number;
}

export async function runDistributorSync(integrationId: string, makeClient: (i: Parameters<typeof clientForIntegration>[0]) => DistributorClient = clientForIntegration): Promise<SyncCounts | null> {
  const integration = await db.distributorIntegration.findUnique({ where: { id: integrationId } });
  if (!integration || integration.status !== 'active' || !integration.credentialsSealed) return null;
  const startedAt = new Date();
  await db.distributorIntegration.update({ where: { id: integrationId }, data: { syncStatus: 'running', lastSyncStartedAt: startedAt } });
  try {
    const client = makeClient(integration);
    // Fetch everything first: a failure half-way leaves the snapshots as they were.
    const [companies, products, subscriptions] = [await client.listCompanies(), await client.listProducts(), await client.listSubscriptions()];
    const base = { integrationId, partnerId: integration.partnerId };
    const productNames = new Map(products.map((p) => [p.id, p.name]));
    await db.$transaction(async (tx) => {
      // A sync queued while another runs gets its own job: the two apply one after the other.
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`distributor_sync:${integrationId}`}, 0))`;
      for (const c of companies) {
        const data = { name: c.name, status: c.status, primaryAdminReady: c.primaryAdminReady, primaryBillingReady: c.primaryBillingReady, primaryTechnicalReady: c.primaryTechnicalReady, present: true, lastSyncedAt: startedAt };
        await tx.distributorCompany.upsert({
          where: { integrationId_distributorCompanyId: { integrationId, distributorCompanyId: c.id } },
          create: { ...base, distributorCompanyId: c.id, ...data },
          update: data,
        });
      }
      await tx.distributorCompany.updateMany({ where: { integrationId, lastSyncedAt: { lt: startedAt } }, data: { present: false } });

      for (const p of products) {
        const data = { name: p.name, vendorName: p.vendorName, vendorSkuId: p.vendorSkuId, billingFrequency: p.billingFrequency, commitmentTermMonths: p.commitmentTermMonths, active: p.active, lastSyncedAt: startedAt };
        await tx.distributorProduct.upsert({
          where: { integrationId_distributorProductId: { integrationId, distributorProductId: p.id } },
          create: { ...base, distributorProductId: p.id, ...data },
          update: data,
        });
      }
      await tx.distributorProduct.updateMany({ where: { integrationId, lastSyncedAt: { lt: startedAt } }, data: { active: false } });

      for (const s of subscriptions) {
        const commitment = selectActiveCommitment(s.commitments, startedAt);
        const quantity = s.quantity === null ? null : new Prisma.Decimal(s.quantity);
        const data = {
          distributorCompanyId: s.companyId,
          distributorProductId: s.productId,
          productName: s.productName ?? (s.productId ? (productNames.get(s.productId) ?? null) : null),
          status: s.status,
          billingTerm: s.billingTerm,
          quantity,
          ...commitment,
          present: true,
          lastSyncedAt: startedAt,
        };
        const row = await tx.distributorSubscription.upsert({
          where: { integrationId_distributorSubscriptionId: { integrationId, distributorSubscriptionId: s.id } },
          create: { ...base, distributorSubscriptionId: s.id, ...data },
          update: data,
          select: { id: true, syncEnabled: true, contractLineId: true },
        });
        if (row.syncEnabled && row.contractLineId && quantity !== null) {
          await tx.distributorSubscription.update({ where: { id: row.id }, data: { lastObservedQuantity: quantity, lastObservedAt: startedAt } });
        }
      }
      await tx.distributorSubscription.updateMany({ where: { integrationId, lastSyncedAt: { lt: startedAt } }, data: { present: false } });
    }, { timeout: 120_000 });

    const counts = { companies: companies.length, subscriptions: subscriptions.length, products: products.length };
    await db.distributorIntegration.update({ where: { id: integrationId }, data: { syncStatus: 'succeeded', lastSyncAt: new Date(), lastSyncError: null, lastSyncCounts: counts } });
    return counts;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Sync failed';
    await db.distributorIntegration.update({ where: { id: integrationId }, data: { syncStatus: 'failed', lastSyncError: message.slice(0, 1000) } });
    // Only a transient failure is worth a retry; refused credentials stay refused.
    if (error instanceof DistributorError && error.kind === 'uncertain') throw error;
    if (!(error instanceof DistributorError)) logger.error({ err: error, integrationId }, 'distributor sync failed');
    return null;
  }
}

/** The nightly entry: one sync job per active integration with credentials. */
export async function listSyncableIntegrationIds(): Promise<string[]> {
  const rows = await db.distributorIntegration.findMany({ where: { status: 'active', credentialsSealed: { not: null } }, select: { id: true } });
  return rows.map((r) => r.id);
}
