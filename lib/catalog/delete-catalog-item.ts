import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getCatalogItemOrThrow } from '@/lib/catalog/get-catalog-item-or-throw';

/** Soft delete: lines priced from the item keep their reference; the item leaves lists and lookups. */
export async function deleteCatalogItem(ctx: ActorContext, id: string): Promise<void> {
  await getCatalogItemOrThrow(ctx, id);
  await db.catalogItem.update({ where: { id }, data: { deletedAt: new Date() } });
}
