import { db, type DbOrTx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

/** The partner's own principal; another partner's (or a malformed id) answers 404. */
export async function getServicePrincipalOrThrow(ctx: UserContext, id: string, client: DbOrTx = db) {
  const row = await client.servicePrincipal.findFirst({ where: { id, ...ownPartnerWhere(ctx) } });
  if (!row) throw notFound('Service principal');
  return row;
}
