import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';

/** One query does lookup and authorization: out of scope reads exactly like missing. */
export async function getOrganizationOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const org = await client.organization.findFirst({ where: { AND: [{ id }, orgWhere(ctx)] } });
  if (!org) throw notFound('Organization');
  return org;
}
