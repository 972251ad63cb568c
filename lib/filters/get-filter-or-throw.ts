import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { savedFilterWhere } from '@/lib/filters/filter-scope';

/** One query does lookup and authorization: another partner's or user's private filter reads as missing. */
export async function getFilterOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const filter = await client.savedFilter.findFirst({ where: { AND: [{ id }, savedFilterWhere(ctx)] } });
  if (!filter) throw notFound('Saved filter');
  return filter;
}
