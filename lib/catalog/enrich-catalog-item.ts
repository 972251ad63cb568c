// POST /catalog/enrich: drafts a catalog item's fields from a product name or SKU using the
// partner's own catalog history (live, inactive and deleted items). Reads only; writes nothing.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { partnerForWrite } from '@/lib/billing/billing-scope';
import { guessItemType, nameSimilarity } from '@/lib/catalog/enrich-rules';
import { catalogInclude, toCatalogItemDto, type CatalogItemWithPrices } from '@/lib/catalog/to-catalog-item-dto';
import type { ZEnrichCatalogItem, ZEnrichResult } from '@/lib/catalog/schemas';

const SIMILAR_ENOUGH = 0.5;
const HISTORY_LIMIT = 5000;

type Result = z.infer<typeof ZEnrichResult>;

function fromItem(item: CatalogItemWithPrices, match: NonNullable<Result['match']>): Result {
  const dto = toCatalogItemDto(item);
  return {
    draft: { name: dto.name, sku: dto.sku, description: dto.description, type: dto.type, prices: dto.prices },
    source: 'catalog_history',
    match,
    matchedItemId: item.id,
  };
}

export async function enrichCatalogItem(ctx: ScopedContext, input: z.output<typeof ZEnrichCatalogItem>): Promise<{ data: Result }> {
  const partnerId = partnerForWrite(ctx, input.partnerId);
  // Live items first, then the most recently changed: the freshest history wins ties.
  const order = [{ deletedAt: { sort: 'desc' as const, nulls: 'first' as const } }, { updatedAt: 'desc' as const }];
  if (input.sku) {
    const bySku = await db.catalogItem.findFirst({ where: { partnerId, sku: { equals: input.sku, mode: 'insensitive' } }, include: catalogInclude, orderBy: order });
    if (bySku) return { data: fromItem(bySku, 'sku') };
  }
  if (input.name) {
    const byName = await db.catalogItem.findFirst({ where: { partnerId, name: { equals: input.name, mode: 'insensitive' } }, include: catalogInclude, orderBy: order });
    if (byName) return { data: fromItem(byName, 'name') };
    const history = await db.catalogItem.findMany({ where: { partnerId }, include: catalogInclude, orderBy: order, take: HISTORY_LIMIT });
    let best: { item: CatalogItemWithPrices; score: number } | null = null;
    for (const item of history) {
      const score = nameSimilarity(input.name, item.name);
      if (score >= SIMILAR_ENOUGH && (!best || score > best.score)) best = { item, score };
    }
    if (best) return { data: { ...fromItem(best.item, 'similar_name'), draft: { ...fromItem(best.item, 'similar_name').draft, name: input.name, sku: input.sku ?? null } } };
  }
  const name = input.name ?? input.sku ?? '';
  return {
    data: { draft: { name, sku: input.sku ?? null, description: '', type: guessItemType(name), prices: [] }, source: 'none', match: null, matchedItemId: null },
  };
}
