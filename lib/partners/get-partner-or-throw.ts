import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';

/** A live (not soft-deleted) partner by id; 404 otherwise. Callers are system-scoped. */
export async function getPartnerOrThrow(id: string, client: DbOrTx = db) {
  const partner = await client.partner.findFirst({ where: { id, deletedAt: null } });
  if (!partner) throw notFound('Partner');
  return partner;
}
