import type { DbOrTx } from '@/lib/db';
import { conflict } from '@/lib/http/errors';

/** A SKU names one live item of the partner (case-insensitive). */
export async function assertSkuFree(client: DbOrTx, partnerId: string, sku: string, exceptId?: string): Promise<void> {
  const clash = await client.catalogItem.findFirst({
    where: { partnerId, deletedAt: null, sku: { equals: sku, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(`SKU ${sku} is already used by another catalog item`, 'SKU_TAKEN', { catalogItemId: clash.id });
}
