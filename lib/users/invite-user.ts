// POST /users/invite: creates the user (status `invited`, no password) with its role and
// organization access, and emails a single-use link. The association is inert until the
// invitation is accepted: invited users cannot sign in and their API keys cannot exist.
import { z } from 'zod';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { UserContext } from '@/lib/auth/context';
import { conflict, tooManyRequests } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZInviteUser } from '@/lib/users/schemas';
import { resolveAssignment } from '@/lib/users/resolve-assignment';
import { issueInvitation } from '@/lib/users/issue-invitation';
import { getUserOrThrow } from '@/lib/users/get-user-or-throw';
import { toUserDto } from '@/lib/users/to-user-dto';

export async function consumeInviteBudget(partnerId: string): Promise<void> {
  const verdict = await consumeRateLimit(`invite:partner:${partnerId}`, env().INVITES_PER_PARTNER_PER_HOUR, 3600);
  if (!verdict.allowed) throw tooManyRequests('Too many invitations sent; try again later', verdict.retryAfterSeconds);
}

export async function inviteUser(ctx: UserContext, input: z.output<typeof ZInviteUser>) {
  const assignment = await resolveAssignment(db, ctx, input);
  const partner = await db.partner.findFirst({ where: { id: assignment.partnerId, deletedAt: null }, select: { id: true, name: true } });
  if (!partner) throw conflict('The partner no longer exists', 'PARTNER_GONE');
  await consumeInviteBudget(partner.id);

  const userId = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({
      where: { email: input.email },
      select: { id: true, deletedAt: true, partnerMembership: { select: { partnerId: true } }, organizationMembership: { select: { organization: { select: { partnerId: true } } } } },
    });
    if (existing && !existing.deletedAt) {
      const samePartner = (existing.partnerMembership?.partnerId ?? existing.organizationMembership?.organization.partnerId) === partner.id;
      if (samePartner) throw conflict('A user with this email address already belongs to this partner', 'USER_EXISTS');
      throw conflict('This email address already has an account on this service', 'EMAIL_IN_USE');
    }
    // A removed user's row is reused (its sessions and API keys stay revoked) with fresh credentials.
    const fresh = { name: input.name, status: 'invited' as const, passwordHash: null, mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, recoveryCodeHashes: [], mfaLastTimeStep: null, deletedAt: null, lastLoginAt: null };
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: fresh })
      : await tx.user.create({ data: { email: input.email, ...fresh } });
    if (assignment.kind === 'partner') {
      await tx.partnerUser.create({ data: { partnerId: partner.id, userId: user.id, roleId: assignment.role.id, orgAccess: assignment.orgAccess, orgIds: assignment.orgIds } });
    } else {
      await tx.organizationUser.create({ data: { orgId: assignment.org.id, userId: user.id, roleId: assignment.role.id } });
    }
    const orgId = assignment.kind === 'organization' ? assignment.org.id : null;
    await issueInvitation(tx, {
      userId: user.id,
      email: user.email,
      name: user.name,
      partnerId: partner.id,
      partnerName: partner.name,
      orgId,
      orgName: assignment.kind === 'organization' ? assignment.org.name : null,
      roleName: assignment.role.name,
      inviterName: ctx.name,
      invitedById: ctx.userId,
    });
    await writeAudit(ctx, {
      action: 'user.invite',
      targetType: 'user',
      targetId: user.id,
      partnerId: partner.id,
      orgId,
      details: { email: user.email, roleId: assignment.role.id, roleName: assignment.role.name, ...(assignment.kind === 'partner' ? { orgAccess: assignment.orgAccess, orgIds: assignment.orgIds } : {}) },
    }, tx);
    return user.id;
  });
  return toUserDto(await getUserOrThrow(ctx, userId));
}
