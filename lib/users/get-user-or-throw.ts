import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { userInclude, userWhere } from '@/lib/users/user-scope';

/** One query does lookup and authorization: a user outside the caller's scope reads as missing. */
export async function getUserOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const user = await client.user.findFirst({ where: { AND: [{ id }, userWhere(ctx)] }, include: userInclude });
  if (!user) throw notFound('User');
  return user;
}
