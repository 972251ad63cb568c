import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { siteWhere } from '@/lib/sites/site-scope';

export async function getSiteOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const site = await client.site.findFirst({ where: { AND: [{ id }, siteWhere(ctx)] } });
  if (!site) throw notFound('Site');
  return site;
}
