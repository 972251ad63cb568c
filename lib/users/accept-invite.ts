// The invitation link's two calls (no authentication): preview who invited whom, and accept by
// choosing a password. Every unusable token (unknown, expired, used, partner gone) gets one
// identical 400 so the answer reveals nothing about which it was.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { AppError, badRequest, tooManyRequests } from '@/lib/http/errors';
import { sha256Hex } from '@/lib/auth/secrets';
import { hashPassword } from '@/lib/auth/passwords';
import { passwordProblems } from '@/lib/auth/password-strength';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZAcceptInvite, ZInviteToken } from '@/lib/users/schemas';

// Tokens carry 256 bits, so this limit only keeps junk traffic off the database.
const ATTEMPTS_PER_IP = 30;
const WINDOW_SECONDS = 900;

const invalidInvite = () => new AppError('INVALID_INVITE', 400, 'This invitation link is invalid or has expired; ask for a new invitation');

async function findUsableInvitation(ctx: AuthContext, token: string) {
  const verdict = await consumeRateLimit(`invite-accept:ip:${ctx.ip ?? 'unknown'}`, ATTEMPTS_PER_IP, WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many attempts; try again later', verdict.retryAfterSeconds);
  const invitation = await db.userInvitation.findUnique({
    where: { tokenHash: sha256Hex(token) },
    include: {
      user: {
        include: {
          partnerMembership: { include: { role: true, partner: true } },
          organizationMembership: { include: { role: true, organization: { include: { partner: true } } } },
        },
      },
    },
  });
  if (!invitation || invitation.expiresAt <= new Date()) throw invalidInvite();
  const { user } = invitation;
  const pm = user.partnerMembership;
  const om = user.organizationMembership;
  const partner = pm?.partner ?? om?.organization.partner;
  const role = pm?.role ?? om?.role;
  if (user.status !== 'invited' || user.deletedAt || !partner || !role || partner.deletedAt || partner.status !== 'active' || om?.organization.deletedAt) {
    throw invalidInvite();
  }
  return {
    invitation,
    user,
    partner: { id: partner.id, name: partner.name },
    organization: om ? { id: om.organization.id, name: om.organization.name } : null,
    role: { name: role.name },
  };
}

export async function previewInvite(ctx: AuthContext, input: z.output<typeof ZInviteToken>) {
  const found = await findUsableInvitation(ctx, input.token);
  return {
    email: found.user.email,
    name: found.user.name,
    partner: found.partner,
    organization: found.organization,
    role: found.role,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

export async function acceptInvite(ctx: AuthContext, input: z.output<typeof ZAcceptInvite>) {
  const { invitation, user, partner, organization } = await findUsableInvitation(ctx, input.token);
  const name = input.name ?? user.name;
  const problems = passwordProblems(input.password, { email: user.email, name });
  if (problems.length) throw badRequest(problems[0], problems.map((message) => ({ path: 'body.password', message })));
  const passwordHash = await hashPassword(input.password);

  await db.$transaction(async (tx) => {
    // Single use: of two concurrent acceptances exactly one deletes the invitation row.
    const claimed = await tx.userInvitation.deleteMany({ where: { id: invitation.id, tokenHash: invitation.tokenHash, expiresAt: { gt: new Date() } } });
    if (claimed.count !== 1) throw invalidInvite();
    await tx.user.update({ where: { id: user.id }, data: { status: 'active', passwordHash, name } });
    await writeAudit(ctx, {
      action: 'user.invite_accept',
      targetType: 'user',
      targetId: user.id,
      partnerId: partner.id,
      orgId: organization?.id ?? null,
      actor: { type: 'user', id: user.id, email: user.email },
    }, tx);
  });
  return { accepted: true as const, user: { id: user.id, email: user.email, name }, partner, organization };
}
