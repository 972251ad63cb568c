// GET /users/roles: the roles the caller may give when inviting or changing a user's role —
// roles of its partner (organization-scope callers: organization roles only) whose every
// permission the caller holds itself.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { roleInclude, roleWhere } from '@/lib/roles/role-scope';
import { toRoleDto } from '@/lib/roles/to-role-dto';

export const ZAssignableRolesQuery = z.object({
  scope: z.enum(['partner', 'organization']).optional(),
  partnerId: z.string().uuid().optional().describe('System scope only: roles of one partner'),
});

export async function listAssignableRoles(ctx: ActorContext, query: z.output<typeof ZAssignableRolesQuery>) {
  const roles = await db.role.findMany({
    where: {
      AND: [
        roleWhere(ctx),
        { scope: query.scope ? query.scope : { in: ['partner', 'organization'] } },
        query.partnerId && ctx.scope === 'system' ? { partnerId: query.partnerId } : {},
      ],
    },
    include: roleInclude(ctx),
    orderBy: [{ isSystem: 'desc' }, { name: 'asc' }],
    take: 500,
  });
  const assignable = roles.filter((r) => r.permissions.every((p) => ctx.permissions.has(p as never)));
  return { data: assignable.map(toRoleDto) };
}
