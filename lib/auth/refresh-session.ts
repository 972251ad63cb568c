// POST /auth/refresh: rotates the refresh token. Presenting a token that was already rotated
// out means it leaked (or raced): the whole family is revoked.
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import type { AuthContext } from '@/lib/auth/context';
import { sha256Hex } from '@/lib/auth/secrets';
import { principalFromUser, principalInclude, type UserWithMemberships } from '@/lib/auth/load-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { mintAccessToken, mintRefreshToken } from '@/lib/auth/issue-session';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { writeAudit } from '@/lib/audit/write-audit';

const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN', 401, 'Refresh token is invalid or expired');

async function revokeFamily(ctx: AuthContext, sessionId: string, userId: string): Promise<void> {
  await db.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: 'refresh_token_reuse' },
  });
  await writeAudit(ctx, {
    action: 'session.refresh_token_reuse',
    targetType: 'session',
    targetId: sessionId,
    result: 'denied',
    actor: { type: 'user', id: userId, email: null },
  });
}

export async function refreshSession(ctx: AuthContext, rawToken: string) {
  const record = await db.refreshToken.findUnique({
    where: { tokenHash: sha256Hex(rawToken) },
    include: { session: { include: { user: { include: principalInclude } } } },
  });
  if (!record) throw invalidRefresh();
  const { session } = record;
  if (record.rotatedAt) {
    await revokeFamily(ctx, session.id, session.userId);
    throw invalidRefresh();
  }
  if (session.revokedAt || record.expiresAt < new Date() || session.expiresAt < new Date()) throw invalidRefresh();

  // Compare-and-set: of two concurrent refreshes with one token, exactly one rotates it.
  const claimed = await db.refreshToken.updateMany({ where: { id: record.id, rotatedAt: null }, data: { rotatedAt: new Date() } });
  if (claimed.count === 0) {
    await revokeFamily(ctx, session.id, session.userId);
    throw invalidRefresh();
  }
  const principal = principalFromUser(session.user as UserWithMemberships);
  if (!principal || principal.status !== 'active') throw invalidRefresh();
  assertPartnerActive(principal.partnerStatus);
  await enforceIpAllowlist(ctx, principal, 'request');

  const refresh = await db.$transaction(async (tx) => {
    await tx.session.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
    return mintRefreshToken(tx, session.id);
  });
  const access = await mintAccessToken(principal, session.id, session.mfa);
  return {
    principal,
    mfa: session.mfa,
    tokens: {
      accessToken: access.token,
      expiresInSeconds: access.expiresInSeconds,
      refreshToken: refresh.token,
      refreshExpiresAt: refresh.expiresAt,
    },
  };
}
