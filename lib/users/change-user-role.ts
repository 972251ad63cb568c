// POST /users/:id/role: assigns another role of the same scope. Takes effect on the user's
// next request (permissions are resolved from the role at request time).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZChangeUserRole } from '@/lib/users/schemas';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { assertCanManageUser } from '@/lib/users/access-guards';
import { findAssignableRole } from '@/lib/users/resolve-assignment';
import { guardPartnerAdmins } from '@/lib/users/partner-admin-guard';
import { toManagedUser, toUserDto } from '@/lib/users/to-user-dto';

export async function changeUserRole(ctx: UserContext, id: string, input: z.output<typeof ZChangeUserRole>) {
  if (id === ctx.userId) throw forbidden('You cannot change your own role; ask another administrator', 'CANNOT_CHANGE_OWN_ROLE');
  await db.$transaction(async (tx) => {
    const user = await getUserOrThrow(ctx, id, tx);
    assertCanManageUser(ctx, toManagedUser(user));
    const dto = toUserDto(user);
    const role = await findAssignableRole(tx, ctx, input.roleId);
    const membershipScope = user.partnerMembership ? 'partner' : 'organization';
    if (role.scope !== membershipScope || role.partnerId !== dto.partnerId) {
      throw badRequest(`A ${membershipScope}-scope user needs a ${membershipScope}-scope role of the same partner`, [{ path: 'body.roleId', message: 'Role scope does not match the user' }], 'ROLE_SCOPE_MISMATCH');
    }
    const guard = await guardPartnerAdmins(tx, dto.partnerId);
    if (user.partnerMembership) await tx.partnerUser.update({ where: { userId: id }, data: { roleId: role.id } });
    else await tx.organizationUser.update({ where: { userId: id }, data: { roleId: role.id } });
    await guard.check();
    await writeAudit(ctx, {
      action: 'user.role_change',
      targetType: 'user',
      targetId: id,
      partnerId: dto.partnerId,
      orgId: dto.orgId,
      details: { from: dto.role ? { id: dto.role.id, name: dto.role.name } : null, to: { id: role.id, name: role.name } },
    }, tx);
  });
  return toUserDto(await getUserOrThrow(ctx, id));
}
