// DELETE /roles/:id: custom roles nobody holds. The role row is locked first: assigning the role
// concurrently (a foreign-key check on it) waits, so the in-use count cannot go stale.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanGrantPermissions } from '@/lib/users/access-guards';
import { getRoleOrThrow } from '@/lib/roles/get-role-or-throw';
import { systemRoleReadOnly } from '@/lib/roles/update-role';

export async function deleteRole(ctx: UserContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const role = await getRoleOrThrow(ctx, id, tx);
    if (role.isSystem) throw systemRoleReadOnly();
    assertCanGrantPermissions(ctx, role.permissions, 'delete a role holding');
    await tx.$queryRaw`select id from roles where id = ${id}::uuid for update`;
    // Every holder counts, including invited users and users the caller cannot see.
    const userCount = (await tx.partnerUser.count({ where: { roleId: id } })) + (await tx.organizationUser.count({ where: { roleId: id } }));
    if (userCount > 0) {
      throw conflict(`Role "${role.name}" is assigned to ${userCount} user${userCount === 1 ? '' : 's'}; assign them another role first`, 'ROLE_IN_USE', { userCount });
    }
    await tx.role.delete({ where: { id } });
    await writeAudit(ctx, { action: 'role.delete', targetType: 'role', targetId: id, partnerId: role.partnerId, orgId: null, details: { name: role.name } }, tx);
  });
}
