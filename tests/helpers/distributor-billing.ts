// Billing rows the distributor tests need (catalog items, contracts with lines), written directly.
import { db } from '@/lib/db';

export async function makeCatalogItem(partnerId: string, sku: string, extra: { name?: string; active?: boolean } = {}) {
  return db.catalogItem.create({ data: { partnerId, name: extra.name ?? `Item ${sku}`, sku, description: `Catalog ${sku}`, type: 'software_licence', active: extra.active ?? true } });
}

export async function makeContractWithLines(org: { id: string; partnerId: string }, lines: { type?: 'manual' | 'per_device'; quantity?: string; catalogItemId?: string }[]) {
  const start = new Date(Date.UTC(2026, 0, 1));
  const contract = await db.contract.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      name: 'Cloud services',
      currency: 'USD',
      status: 'active',
      startDate: start,
      nextPeriodStart: start,
      lines: {
        create: lines.map((l, i) => ({
          type: l.type ?? 'manual',
          description: `Line ${i + 1}`,
          unitPrice: '10.00',
          manualQuantity: (l.type ?? 'manual') === 'manual' ? (l.quantity ?? '1') : null,
          catalogItemId: l.catalogItemId ?? null,
          sortOrder: i,
        })),
      },
    },
    include: { lines: { orderBy: { sortOrder: 'asc' } } },
  });
  return contract;
}
