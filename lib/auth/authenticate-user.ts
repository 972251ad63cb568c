// Bearer-token authentication for people: verifies the JWT, then resolves the session, user,
// role and partner in one query. A revoked session or disabled user fails at once.
import { AppError, unauthorized, unavailable } from '@/lib/http/errors';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { principalFromUser } from '@/lib/auth/load-principal';
import { loadSessionPrincipal } from '@/lib/auth/load-session-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import type { UserContext } from '@/lib/auth/context';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export async function authenticateUser(req: Request, base: { requestId: string; ip: string | null }): Promise<UserContext> {
  const token = bearerToken(req);
  if (!token || token.startsWith('rmm_ak_')) {
    // Routes that accept API keys list the apiKey class too; this one is for people only.
    if (token || req.headers.has('x-api-key')) throw unauthorized('This route does not accept API keys; sign in instead', 'API_KEY_NOT_ACCEPTED');
    throw unauthorized('Missing bearer token');
  }
  const claims = await verifyAccessToken(token);
  if (!claims) throw unauthorized('Invalid or expired access token', 'INVALID_TOKEN');
  // The session, role and partner settings (allowlist) come from one read; if it fails the
  // allowlist cannot be checked, so the request fails closed with 503.
  const session = await loadSessionPrincipal(claims.sid)
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw unavailable('Could not verify access; try again shortly');
    });
  if (!session || session.userId !== claims.sub || session.revokedAt || session.expiresAt < new Date()) {
    throw unauthorized('Session is no longer valid', 'INVALID_TOKEN');
  }
  const principal = principalFromUser(session.user);
  if (!principal || principal.status !== 'active') throw unauthorized('Session is no longer valid', 'INVALID_TOKEN');
  assertPartnerActive(principal.partnerStatus);
  const ctx: UserContext = {
    kind: 'user',
    ...base,
    userId: principal.userId,
    email: principal.email,
    name: principal.name,
    sessionId: session.id,
    scope: principal.scope,
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    roleId: principal.roleId,
    permissions: principal.permissions,
    orgAccess: principal.orgAccess,
    orgIds: principal.orgIds,
    // Both: the session completed a challenge AND this token was minted after it. A token from
    // before the challenge keeps its `mfa: false` for its lifetime (doc 1, Authentication rule 2),
    // so a copy of it taken before the step-up never gains the stepped-up rights.
    mfa: session.mfa && claims.mfa,
  };
  await enforceIpAllowlist(ctx, principal, 'request');
  return ctx;
}
