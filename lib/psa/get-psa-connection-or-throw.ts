import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

/** The connection of the caller's partner; any other id (or another partner's) is 404. */
export async function getPsaConnectionOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const row = await client.psaConnection.findFirst({ where: { id, ...ownPartnerWhere(ctx) } });
  if (!row) throw notFound('PSA connection');
  return row;
}

/** The connection the partner's service management is bound to, if any. */
export async function boundPsaConnectionId(partnerId: string, client: DbOrTx = db): Promise<string | null> {
  const partner = await client.partner.findUnique({ where: { id: partnerId }, select: { serviceManagementPsaConnectionId: true } });
  return partner?.serviceManagementPsaConnectionId ?? null;
}
