import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { catalogWhere } from '@/lib/billing/billing-scope';
import { catalogInclude, type CatalogItemWithPrices } from '@/lib/catalog/to-catalog-item-dto';

export async function getCatalogItemOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<CatalogItemWithPrices> {
  const item = await client.catalogItem.findFirst({ where: { id, ...catalogWhere(ctx) }, include: catalogInclude });
  if (!item) throw notFound('Catalog item');
  return item;
}
