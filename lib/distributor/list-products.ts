// GET /distributor/products: distributor products mapped to the partner's catalog, local data
// only. A product is mapped to the catalog item whose SKU is the product's vendor SKU (SKUs are
// unique per partner among live catalog items); both must be active.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { resolveDistributorPartner } from './resolve-distributor-partner';

export const MAX_PRODUCTS = 200;

export interface MappedProduct {
  distributorProductId: string;
  catalogItemId: string;
  catalogName: string;
  catalogSku: string;
  catalogDescription: string;
  productName: string;
  vendorSkuId: string;
  billingFrequency: string | null;
  commitmentTermMonths: number | null;
}

export async function findMappedProducts(integration: { id: string; partnerId: string }, filter: { distributorProductId?: string; catalogItemId?: string } = {}): Promise<MappedProduct[]> {
  const products = await db.distributorProduct.findMany({
    where: { integrationId: integration.id, active: true, vendorSkuId: { not: null }, ...(filter.distributorProductId ? { distributorProductId: filter.distributorProductId } : {}) },
    orderBy: [{ name: 'asc' }, { distributorProductId: 'asc' }],
  });
  const items = await db.catalogItem.findMany({
    where: { partnerId: integration.partnerId, active: true, deletedAt: null, sku: { in: products.map((p) => p.vendorSkuId!) }, ...(filter.catalogItemId ? { id: filter.catalogItemId } : {}) },
  });
  const bySku = new Map(items.map((i) => [i.sku!, i]));
  const out: MappedProduct[] = [];
  for (const p of products) {
    const item = bySku.get(p.vendorSkuId!);
    if (!item) continue;
    out.push({
      distributorProductId: p.distributorProductId,
      catalogItemId: item.id,
      catalogName: item.name,
      catalogSku: item.sku!,
      catalogDescription: item.description,
      productName: p.name,
      vendorSkuId: p.vendorSkuId!,
      billingFrequency: p.billingFrequency,
      commitmentTermMonths: p.commitmentTermMonths,
    });
    if (out.length >= MAX_PRODUCTS) break;
  }
  return out;
}

export async function listProducts(ctx: ActorContext, input: { partnerId?: string }) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  const integration = await db.distributorIntegration.findUnique({ where: { partnerId }, select: { id: true, partnerId: true } });
  if (!integration) return { data: [], integrationId: null };
  return { data: await findMappedProducts(integration), integrationId: integration.id };
}
