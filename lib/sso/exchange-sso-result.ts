// POST /sso/exchange: the one-time result of a finished SSO sign-in becomes the service's usual
// session (access token and refresh token), minted exactly as a password sign-in mints it,
// after the same partner and IP-allowlist checks. The session counts as MFA-satisfied only when
// the provider trusts the IdP's amr and the ID token named a second factor.
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import type { AnonymousContext } from '@/lib/auth/context';
import { sha256Hex } from '@/lib/auth/secrets';
import { loadPrincipal } from '@/lib/auth/load-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { issueSession } from '@/lib/auth/issue-session';
import { writeAudit } from '@/lib/audit/write-audit';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { emitEvent } from '@/lib/events/emit-event';

const invalidCode = () => new AppError('INVALID_SSO_CODE', 401, 'The sign-in code is invalid, expired or already used; sign in again');

export async function exchangeSsoResult(ctx: AnonymousContext, code: string, userAgent: string | null) {
  const codeHash = sha256Hex(code);
  const consumed = await db.ssoLoginResult.updateMany({ where: { codeHash, consumedAt: null, expiresAt: { gt: new Date() } }, data: { consumedAt: new Date() } });
  if (consumed.count !== 1) throw invalidCode();
  const result = await db.ssoLoginResult.findUniqueOrThrow({ where: { codeHash } });
  const principal = await loadPrincipal(db, result.userId);
  if (!principal || principal.status !== 'active') throw invalidCode();
  assertPartnerActive(principal.partnerStatus);
  await enforceIpAllowlist(ctx, principal, 'login');

  const tokens = await db.$transaction(async (tx) => {
    const issued = await issueSession(tx, principal, { mfa: result.mfa, ip: ctx.ip, userAgent });
    await tx.user.update({ where: { id: principal.userId }, data: { lastLoginAt: new Date() } });
    await writeAudit(ctx, {
      action: 'user.login',
      targetType: 'user',
      targetId: principal.userId,
      partnerId: principal.partnerId,
      orgId: principal.orgId,
      actor: { type: 'user', id: principal.userId, email: principal.email },
      details: { method: 'sso', providerId: result.providerId, mfa: result.mfa },
    }, tx);
    await emitEvent(tx, {
      type: 'user.login',
      partnerId: principal.partnerId,
      orgId: principal.orgId,
      data: { userId: principal.userId, email: principal.email, sessionId: issued.sessionId },
    });
    await emitEvent(tx, {
      type: 'session.login',
      partnerId: principal.partnerId,
      orgId: principal.orgId,
      data: { sessionId: issued.sessionId, userId: principal.userId, email: principal.email, ip: ctx.ip, userAgent, mfaRequired: principal.mfaEnabled && !result.mfa },
    });
    return issued;
  });
  return { tokens, principal, mfa: result.mfa };
}
