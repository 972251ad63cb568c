import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListUsersQuery } from '@/lib/users/schemas';
import { userInclude, userWhere } from '@/lib/users/user-scope';
import { toUserDto } from '@/lib/users/to-user-dto';

export function userFilterWhere(ctx: ActorContext, q: Omit<z.output<typeof ZListUsersQuery>, 'page' | 'limit'>): Prisma.UserWhereInput {
  return {
    AND: [
      userWhere(ctx),
      q.search ? { OR: [{ name: { contains: q.search, mode: 'insensitive' } }, { email: { contains: q.search, mode: 'insensitive' } }] } : {},
      q.status ? { status: q.status } : {},
      q.scope === 'partner' ? { partnerMembership: { isNot: null } } : {},
      q.scope === 'organization' ? { organizationMembership: { isNot: null } } : {},
      q.roleId ? { OR: [{ partnerMembership: { roleId: q.roleId } }, { organizationMembership: { roleId: q.roleId } }] } : {},
      q.orgId ? { organizationMembership: { orgId: q.orgId } } : {},
      q.partnerId && ctx.scope === 'system'
        ? { OR: [{ partnerMembership: { partnerId: q.partnerId } }, { organizationMembership: { organization: { partnerId: q.partnerId } } }] }
        : {},
    ],
  };
}

export async function listUsers(ctx: ActorContext, query: z.output<typeof ZListUsersQuery>) {
  const where = userFilterWhere(ctx, query);
  const [rows, total] = await Promise.all([
    db.user.findMany({ where, include: userInclude, orderBy: [{ name: 'asc' }, { email: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.user.count({ where }),
  ]);
  return pageResult(rows.map(toUserDto), query, total);
}
