// DELETE /users/:id: removes a user from the partner; sessions and API keys end at once.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { assertCanManageUser } from '@/lib/users/access-guards';
import { guardPartnerAdmins } from '@/lib/users/partner-admin-guard';
import { revokeUserAccess } from '@/lib/users/revoke-user-access';
import { toManagedUser, toUserDto } from '@/lib/users/to-user-dto';

export async function removeUser(ctx: UserContext, id: string): Promise<void> {
  if (id === ctx.userId) throw forbidden('You cannot remove yourself; ask another administrator', 'CANNOT_REMOVE_SELF');
  await db.$transaction(async (tx) => {
    const user = await getUserOrThrow(ctx, id, tx);
    assertCanManageUser(ctx, toManagedUser(user));
    const dto = toUserDto(user);
    const guard = await guardPartnerAdmins(tx, dto.partnerId);
    const revoked = await revokeUserAccess(tx, user.id, 'user_removed', ctx.userId);
    await guard.check();
    await writeAudit(ctx, {
      action: 'user.remove',
      targetType: 'user',
      targetId: user.id,
      partnerId: dto.partnerId,
      orgId: dto.orgId,
      details: { email: user.email, role: dto.role?.name ?? null, ...revoked },
    }, tx);
  });
}
