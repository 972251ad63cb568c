import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';

/** A live catalog entry; soft-deleted ones read as missing. */
export async function getThirdPartyAppOrThrow(id: string, client: DbOrTx = db) {
  const app = await client.thirdPartyApp.findFirst({ where: { id, deletedAt: null } });
  if (!app) throw notFound('Third-party application');
  return app;
}
