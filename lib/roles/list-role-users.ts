import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageQuery, pageResult } from '@/lib/http/pagination';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { userInclude, userWhere } from '@/lib/users/user-scope';
import { toUserDto } from '@/lib/users/to-user-dto';

export const ZRoleUsersQuery = pageQuery(50, 100);

/** GET /roles/:id/users: holders of the role that the caller can see. */
export async function listRoleUsers(ctx: ActorContext, id: string, query: z.output<typeof ZRoleUsersQuery>) {
  await getRoleOrThrow(ctx, id);
  const where = { AND: [userWhere(ctx), { OR: [{ partnerMembership: { roleId: id } }, { organizationMembership: { roleId: id } }] }] };
  const [rows, total] = await Promise.all([
    db.user.findMany({ where, include: userInclude, orderBy: [{ name: 'asc' }, { email: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.user.count({ where }),
  ]);
  return pageResult(rows.map(toUserDto), query, total);
}
