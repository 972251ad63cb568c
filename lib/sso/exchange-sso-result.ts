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
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { openLoginSession } from '@/lib/auth/open-login-session';

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

  const tokens = await db.$transaction((tx) =>
    openLoginSession(tx, ctx, principal, { mfa: result.mfa, userAgent, auditDetails: { method: 'sso', providerId: result.providerId, mfa: result.mfa } }),
  );
  return { tokens, principal, mfa: result.mfa };
}
