import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { assertSkuFree } from '@/lib/catalog/assert-sku-free';
import { getCatalogItemOrThrow } from '@/lib/catalog/get-catalog-item-or-throw';
import { catalogInclude, toCatalogItemDto } from '@/lib/catalog/to-catalog-item-dto';
import type { ZUpdateCatalogItem } from '@/lib/catalog/schemas';

/** Existing lines keep the prices they were given; a price change applies to new lines only. */
export async function updateCatalogItem(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateCatalogItem>) {
  const item = await db.$transaction(async (tx) => {
    const current = await getCatalogItemOrThrow(ctx, id, tx);
    if (input.sku) await assertSkuFree(tx, current.partnerId, input.sku, id);
    if (input.prices) {
      await tx.catalogItemPrice.deleteMany({ where: { catalogItemId: id } });
      await tx.catalogItemPrice.createMany({ data: input.prices.map((p) => ({ catalogItemId: id, currency: p.currency, unitPrice: p.unitPrice })) });
    }
    const { prices: _prices, ...fields } = input;
    return tx.catalogItem.update({ where: { id }, data: { ...fields, updatedAt: new Date() }, include: catalogInclude });
  });
  return { data: toCatalogItemDto(item) };
}
