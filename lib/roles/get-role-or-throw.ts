import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { roleInclude, roleWhere } from '@/lib/roles/role-scope';

/** One query does lookup and authorization: a role of another partner reads as missing. */
export async function getRoleOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const role = await client.role.findFirst({ where: { AND: [{ id }, roleWhere(ctx)] }, include: roleInclude(ctx) });
  if (!role) throw notFound('Role');
  return role;
}
