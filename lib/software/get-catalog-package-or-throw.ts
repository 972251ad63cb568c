import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { catalogReadWhere } from '@/lib/software/catalog-scope';

/** Lookup and authorization in one query: a package outside the caller's catalog reads as missing. */
export async function getCatalogPackageOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const pkg = await client.softwarePackage.findFirst({ where: { AND: [{ id }, catalogReadWhere(ctx)] } });
  if (!pkg) throw notFound('Software package');
  return pkg;
}
