// POST /portal/auth/reset-password: sets the password with an emailed link — a reset link, or
// the invitation link on first visit (which activates the account). Every unusable token
// (unknown, expired, used, access withdrawn) gets one identical 400. All sessions end.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { AppError, badRequest, tooManyRequests } from '@/lib/http/errors';
import { sha256Hex } from '@/lib/auth/secrets';
import { hashPassword } from '@/lib/auth/passwords';
import { passwordProblems } from '@/lib/auth/password-strength';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { accountUsable } from '@/lib/portal/auth/find-portal-accounts';
import { revokePortalSessions } from '@/lib/portal/session/start-portal-session';
import { assertSameOrigin } from '@/lib/portal/session/request-host';
import type { ZPortalResetPassword } from '@/lib/portal/auth/schemas';

// Tokens carry 256 bits, so this limit only keeps junk traffic off the database.
const ATTEMPTS_PER_IP = 30;
const WINDOW_SECONDS = 900;

const invalidToken = () => new AppError('INVALID_TOKEN', 400, 'This link is invalid or has expired; ask for a new one');

export async function resetPortalPassword(ctx: AuthContext, input: z.output<typeof ZPortalResetPassword>, req: Request) {
  assertSameOrigin(req);
  const verdict = await consumeRateLimit(`portal-reset:ip:${ctx.ip ?? 'unknown'}`, ATTEMPTS_PER_IP, WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many attempts; try again later', verdict.retryAfterSeconds);
  const found = await db.portalToken.findUnique({
    where: { tokenHash: sha256Hex(input.token) },
    include: { account: { include: { contact: { select: { id: true, name: true, orgId: true, roles: true, deletedAt: true, organization: { select: { id: true, name: true, deletedAt: true, partner: { select: { id: true, status: true, deletedAt: true } } } } } } } } },
  });
  if (!found || found.expiresAt <= new Date() || !accountUsable(found.account)) throw invalidToken();
  const { account } = found;
  const problems = passwordProblems(input.password, { email: account.email, name: account.contact.name ?? undefined });
  if (problems.length) throw badRequest(problems[0], problems.map((message) => ({ path: 'body.password', message })));
  const passwordHash = await hashPassword(input.password);

  await db.$transaction(async (tx) => {
    // Single use: of two concurrent submissions exactly one deletes the token.
    const claimed = await tx.portalToken.deleteMany({ where: { id: found.id, expiresAt: { gt: new Date() } } });
    if (claimed.count !== 1) throw invalidToken();
    await tx.portalToken.deleteMany({ where: { contactId: account.contactId } });
    const now = new Date();
    await tx.portalAccount.update({
      where: { contactId: account.contactId },
      data: { passwordHash, status: 'active', passwordChangedAt: now, ...(account.activatedAt ? {} : { activatedAt: now }) },
    });
    await revokePortalSessions(tx, account.contactId, 'password_reset');
    await writeAudit(ctx, {
      action: found.purpose === 'invite' ? 'portal.invite_accept' : 'portal.password_reset',
      targetType: 'contact',
      targetId: account.contactId,
      partnerId: account.partnerId,
      orgId: account.orgId,
      actor: { type: 'contact', id: account.contactId, email: account.email },
    }, tx);
  });
  return { success: true as const, email: account.email };
}
