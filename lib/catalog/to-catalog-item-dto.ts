import type { CatalogItem, CatalogItemPrice } from '@/lib/generated/prisma/client';
import { money } from '@/lib/billing/money';
import type { TCatalogItem } from '@/lib/catalog/schemas';

export type CatalogItemWithPrices = CatalogItem & { prices: CatalogItemPrice[] };
export const catalogInclude = { prices: { orderBy: { currency: 'asc' as const } } };

export function toCatalogItemDto(item: CatalogItemWithPrices): TCatalogItem {
  return {
    id: item.id,
    partnerId: item.partnerId,
    name: item.name,
    sku: item.sku,
    description: item.description,
    type: item.type,
    active: item.active,
    prices: item.prices.map((p) => ({ currency: p.currency, unitPrice: money(p.unitPrice) })),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
