// POST /auth/login: one identical 401 for an unknown address and a wrong password, with the
// same password-hashing work on both paths; throttled per client IP and per account (the rules
// are in login-throttle.ts).
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import type { AuthContext } from '@/lib/auth/context';
import { verifyPassword, verifyAgainstDummy } from '@/lib/auth/passwords';
import { principalFromUser, principalInclude, type UserWithMemberships, type Principal } from '@/lib/auth/load-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from '@/lib/auth/login-throttle';
import { writeAudit } from '@/lib/audit/write-audit';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { openLoginSession } from '@/lib/auth/open-login-session';
import { assertPasswordLoginAllowed } from '@/lib/sso/assert-password-login-allowed';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid email or password');

export function userSummary(p: Principal) {
  return {
    id: p.userId,
    email: p.email,
    name: p.name,
    mfaEnabled: p.mfaEnabled,
    scope: p.scope,
    partnerId: p.partnerId,
    orgId: p.orgId,
    roleId: p.roleId,
  };
}

export async function login(ctx: AuthContext, input: { email: string; password: string }, userAgent: string | null) {
  const attempt = { kind: 'login', email: input.email, ip: ctx.ip } as const;
  await assertLoginAllowed(attempt, 'Too many login attempts; try again later');

  const user = await db.user.findUnique({ where: { email: input.email }, include: principalInclude });
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const principal = user && passwordOk ? principalFromUser(user as UserWithMemberships) : null;
  // A self-registered account (POST /auth/register) exists before any tenant invites it. With
  // the right password it learns why it cannot sign in yet; that discloses nothing new.
  if (user && passwordOk && !principal && !user.deletedAt && user.status === 'active') {
    throw new AppError('NO_TENANT_ACCESS', 403, 'Your account is verified but has no access to a partner or organization yet; ask an administrator to invite you');
  }
  if (!user || !passwordOk || !principal || principal.status !== 'active') {
    await recordLoginFailure(attempt);
    if (user) {
      await writeAudit(ctx, {
        action: 'user.login_failed',
        targetType: 'user',
        targetId: user.id,
        result: 'failure',
        partnerId: principal?.partnerId ?? null,
        actor: { type: 'user', id: user.id, email: user.email },
      });
    }
    throw invalidCredentials();
  }
  assertPartnerActive(principal.partnerStatus);
  await assertPasswordLoginAllowed(principal).catch(async (error: unknown) => {
    await writeAudit(ctx, {
      action: 'user.login_failed',
      targetType: 'user',
      targetId: principal.userId,
      result: 'denied',
      partnerId: principal.partnerId,
      orgId: principal.orgId,
      actor: { type: 'user', id: principal.userId, email: principal.email },
      details: { reason: 'sso_required' },
    });
    throw error;
  });
  await enforceIpAllowlist(ctx, principal, 'login');

  const tokens = await db.$transaction(async (tx) => {
    const issued = await openLoginSession(tx, ctx, principal, { mfa: false, userAgent });
    await recordLoginSuccess(attempt, tx);
    return issued;
  });
  return { tokens, principal };
}
