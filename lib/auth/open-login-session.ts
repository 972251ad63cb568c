// What every sign-in does once the caller is known, whatever proved who they are (a password,
// an SSO result): a new session, the last-login time, the `user.login` audit entry, and the
// `user.login` and `session.login` events, in the caller's transaction.
import type { Tx } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import type { Principal } from '@/lib/auth/load-principal';
import { issueSession } from '@/lib/auth/issue-session';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';

export async function openLoginSession(
  tx: Tx,
  ctx: AuthContext,
  principal: Principal,
  opts: { mfa: boolean; userAgent: string | null; auditDetails?: Record<string, unknown> },
) {
  const issued = await issueSession(tx, principal, { mfa: opts.mfa, ip: ctx.ip, userAgent: opts.userAgent });
  await tx.user.update({ where: { id: principal.userId }, data: { lastLoginAt: new Date() } });
  await writeAudit(ctx, {
    action: 'user.login',
    targetType: 'user',
    targetId: principal.userId,
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    actor: { type: 'user', id: principal.userId, email: principal.email },
    ...(opts.auditDetails ? { details: opts.auditDetails } : {}),
  }, tx);
  await emitEvent(tx, {
    type: 'user.login',
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    data: { userId: principal.userId, email: principal.email, sessionId: issued.sessionId },
  });
  // user.login says who signed in; session.login describes the session that sign-in opened.
  // An MFA challenge completed later upgrades that session and opens none, so emits nothing.
  await emitEvent(tx, {
    type: 'session.login',
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    data: { sessionId: issued.sessionId, userId: principal.userId, email: principal.email, ip: ctx.ip, userAgent: opts.userAgent, mfaRequired: principal.mfaEnabled && !opts.mfa },
  });
  return issued;
}
