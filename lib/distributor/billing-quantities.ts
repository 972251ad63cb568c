// The billing side of a subscription link: the linked manual contract line's quantity.
import { db, type DbOrTx } from '@/lib/db';

/** Quantity per linked line id; lines that are gone or not manual are absent (unavailable). */
export async function billingQuantities(lineIds: (string | null)[], client: DbOrTx = db): Promise<Map<string, string>> {
  const ids = lineIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const lines = await client.contractLine.findMany({ where: { id: { in: ids }, type: 'manual' }, select: { id: true, manualQuantity: true } });
  return new Map(lines.filter((l) => l.manualQuantity !== null).map((l) => [l.id, l.manualQuantity!.toString()]));
}
