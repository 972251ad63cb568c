// PATCH /users/:id: name, status (disable/re-enable) and organization access.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict, forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateUser } from '@/lib/users/schemas';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { assertCanManageUser } from '@/lib/users/access-guards';
import { guardPartnerAdmins } from '@/lib/users/partner-admin-guard';
import { resolveOrgAccess } from '@/lib/users/resolve-assignment';
import { toManagedUser, toUserDto } from '@/lib/users/to-user-dto';

export async function updateUser(ctx: UserContext, id: string, input: z.output<typeof ZUpdateUser>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const changesAccess = input.status !== undefined || input.orgAccess !== undefined || input.orgIds !== undefined;
  if (id === ctx.userId && changesAccess) throw forbidden('You cannot change your own status or organization access', 'CANNOT_CHANGE_OWN_ACCESS');

  await db.$transaction(async (tx) => {
    const user = await getUserOrThrow(ctx, id, tx);
    const dto = toUserDto(user);
    if (id !== ctx.userId) assertCanManageUser(ctx, toManagedUser(user));
    if (input.status !== undefined && user.status === 'invited') {
      throw conflict('An invited user becomes active by accepting the invitation; remove the user to cancel it', 'USER_NOT_ACCEPTED');
    }
    if ((input.orgAccess !== undefined || input.orgIds !== undefined) && !user.partnerMembership) {
      throw badRequest('orgAccess applies to partner-scope users only', [{ path: 'body.orgAccess', message: 'Not allowed for this user' }]);
    }
    const guard = await guardPartnerAdmins(tx, dto.partnerId);
    if (input.name !== undefined || input.status !== undefined) {
      await tx.user.update({ where: { id }, data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.status !== undefined ? { status: input.status } : {}) } });
    }
    if (input.status === 'disabled') {
      await tx.session.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'user_disabled' } });
    }
    if (user.partnerMembership && (input.orgAccess !== undefined || input.orgIds !== undefined)) {
      const orgAccess = input.orgAccess ?? user.partnerMembership.orgAccess;
      const orgIds = input.orgIds ?? (orgAccess === 'selected' ? user.partnerMembership.orgIds : []);
      const access = await resolveOrgAccess(tx, ctx, user.partnerMembership.partnerId, orgAccess, orgIds);
      await tx.partnerUser.update({ where: { userId: id }, data: access });
    }
    await guard.check();
    await writeAudit(ctx, { action: 'user.update', targetType: 'user', targetId: id, partnerId: dto.partnerId, orgId: dto.orgId, details: { ...input } }, tx);
  });
  return toUserDto(await getUserOrThrow(ctx, id));
}
