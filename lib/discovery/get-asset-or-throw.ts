import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';

export async function getAssetOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const asset = await client.discoveryAsset.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!asset) throw notFound('Discovered asset');
  return asset;
}
