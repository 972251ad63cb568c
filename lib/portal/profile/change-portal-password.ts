// POST /portal/profile/password: needs the current password; every other session of the
// account ends and this one is replaced by a fresh session (new cookie, new CSRF token).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { AppError, badRequest, tooManyRequests } from '@/lib/http/errors';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { passwordProblems } from '@/lib/auth/password-strength';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { revokePortalSessions, startPortalSession } from '@/lib/portal/session/start-portal-session';
import type { ZChangePortalPassword } from '@/lib/portal/profile/schemas';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

const ATTEMPTS_PER_HOUR = 10;

export async function changePortalPassword(ctx: PortalContext, input: z.output<typeof ZChangePortalPassword>, userAgent: string | null) {
  decideSelf(ctx, "the signed-in contact's own password");
  const verdict = await consumeRateLimit(`portal-password-change:${ctx.contactId}`, ATTEMPTS_PER_HOUR, 3600);
  if (!verdict.allowed) throw tooManyRequests('Too many attempts; try again later', verdict.retryAfterSeconds);
  const account = await db.portalAccount.findUniqueOrThrow({ where: { contactId: ctx.contactId }, include: { contact: { select: { name: true } } } });
  if (!account.passwordHash || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new AppError('INVALID_CURRENT_PASSWORD', 400, 'The current password is wrong', [{ path: 'body.currentPassword', message: 'The current password is wrong' }]);
  }
  const problems = passwordProblems(input.newPassword, { email: account.email, name: account.contact.name ?? undefined });
  if (problems.length) throw badRequest(problems[0], problems.map((message) => ({ path: 'body.newPassword', message })));
  const passwordHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    await tx.portalAccount.update({ where: { contactId: ctx.contactId }, data: { passwordHash, passwordChangedAt: new Date() } });
    await revokePortalSessions(tx, ctx.contactId, 'password_changed');
    await tx.portalToken.deleteMany({ where: { contactId: ctx.contactId } });
    const session = await startPortalSession(tx, account, { ip: ctx.ip, userAgent });
    await writeAudit(ctx, { action: 'portal.password_change', targetType: 'contact', targetId: ctx.contactId }, tx);
    return session;
  });
}
