import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { roleInclude, roleWhere } from '@/lib/roles/role-scope';
import { toRoleDto } from '@/lib/roles/to-role-dto';
import { ZListRolesQuery } from '@/lib/roles/schemas';

export async function listRoles(ctx: ActorContext, query: z.output<typeof ZListRolesQuery>) {
  const where: Prisma.RoleWhereInput = {
    AND: [
      roleWhere(ctx),
      query.scope ? { scope: query.scope } : {},
      query.isSystem !== undefined ? { isSystem: query.isSystem } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
      query.partnerId && ctx.scope === 'system' ? { partnerId: query.partnerId } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.role.findMany({ where, include: roleInclude(ctx), orderBy: [{ isSystem: 'desc' }, { name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.role.count({ where }),
  ]);
  return pageResult(rows.map(toRoleDto), query, total);
}
