// POST /users/resend-invite: a new link for a user who has not accepted yet; the old link dies.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZResendInvite } from '@/lib/users/schemas';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { issueInvitation } from '@/lib/users/issue-invitation';
import { consumeInviteBudget } from '@/lib/users/invite-user';
import { toUserDto } from '@/lib/users/to-user-dto';

export async function resendInvite(ctx: UserContext, input: z.output<typeof ZResendInvite>) {
  const user = await getUserOrThrow(ctx, input.userId);
  if (user.status !== 'invited') throw conflict('This user has already accepted the invitation', 'NOT_INVITED');
  const pm = user.partnerMembership;
  const om = user.organizationMembership;
  const partnerId = pm?.partnerId ?? om!.organization.partnerId;
  const partner = await db.partner.findUniqueOrThrow({ where: { id: partnerId }, select: { name: true } });
  await consumeInviteBudget(partnerId);
  await db.$transaction(async (tx) => {
    await issueInvitation(tx, {
      userId: user.id,
      email: user.email,
      name: user.name,
      partnerId,
      partnerName: partner.name,
      orgId: om?.orgId ?? null,
      orgName: om?.organization.name ?? null,
      roleName: (pm?.role ?? om!.role).name,
      inviterName: ctx.name,
      invitedById: ctx.userId,
    });
    await writeAudit(ctx, { action: 'user.invite_resend', targetType: 'user', targetId: user.id, partnerId, orgId: om?.orgId ?? null }, tx);
  });
  return toUserDto(await getUserOrThrow(ctx, user.id));
}
