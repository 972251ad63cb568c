import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { assertBillingAllowed } from '@/lib/billing/assert-billing-allowed';
import { partnerForWrite } from '@/lib/billing/billing-scope';
import { assertSkuFree } from '@/lib/catalog/assert-sku-free';
import { catalogInclude, toCatalogItemDto } from '@/lib/catalog/to-catalog-item-dto';
import type { ZCreateCatalogItem } from '@/lib/catalog/schemas';

export async function createCatalogItem(ctx: ActorContext, input: z.output<typeof ZCreateCatalogItem>) {
  const partnerId = partnerForWrite(ctx, input.partnerId);
  const item = await db.$transaction(async (tx) => {
    await assertBillingAllowed(tx, partnerId);
    if (input.sku) await assertSkuFree(tx, partnerId, input.sku);
    return tx.catalogItem.create({
      data: {
        partnerId,
        name: input.name,
        sku: input.sku ?? null,
        description: input.description,
        type: input.type,
        active: input.active,
        prices: { create: input.prices.map((p) => ({ currency: p.currency, unitPrice: p.unitPrice })) },
      },
      include: catalogInclude,
    });
  });
  return { data: toCatalogItemDto(item) };
}
