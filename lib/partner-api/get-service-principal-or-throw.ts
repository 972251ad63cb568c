import { db, type DbOrTx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';

/** The partner's own principal; another partner's (or a malformed id) answers 404. */
export async function getServicePrincipalOrThrow(ctx: UserContext, id: string, client: DbOrTx = db) {
  const row = await client.servicePrincipal.findFirst({ where: { id, partnerId: ctx.partnerId ?? '00000000-0000-0000-0000-000000000000' } });
  if (!row) throw notFound('Service principal');
  return row;
}
