// POST /auth/refresh: rotates the refresh token. Presenting a token that was already rotated
// out means it leaked: the whole family is revoked. Except within REFRESH_REUSE_GRACE_SECONDS of
// its rotation, where the usual cause is benign — two console tabs refreshing at once, or a
// response (with its new cookie) lost to a navigation. Then the session's unused successor is
// exchanged instead, so the caller gets a working pair; if the successor is not yet written (the
// other refresh still in flight) or another request claims it in the same instant, the answer is a
// plain 401 the client may retry. A successor that had already been exchanged when this token came
// back is no race: someone else holds the live family, so it is revoked as a leak, grace or not.
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import type { AuthContext } from '@/lib/auth/context';
import { sha256Hex } from '@/lib/auth/secrets';
import { principalFromUser, principalInclude, type UserWithMemberships } from '@/lib/auth/load-principal';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { mintAccessToken, mintRefreshToken } from '@/lib/auth/issue-session';
import { enforceIpAllowlist } from '@/lib/security/ip-allowlist';
import { writeAudit } from '@/lib/audit/write-audit';
import { env } from '@/lib/env';

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
  if (session.revokedAt || session.expiresAt < new Date()) throw invalidRefresh();
  if (!record.rotatedAt && record.expiresAt < new Date()) throw invalidRefresh();

  // Compare-and-set: of two concurrent refreshes with one token, exactly one rotates it.
  const claim = (id: string) => db.refreshToken.updateMany({ where: { id, rotatedAt: null }, data: { rotatedAt: new Date() } }).then((r) => r.count === 1);
  if (record.rotatedAt || !(await claim(record.id))) {
    const rotatedAt = record.rotatedAt ?? new Date();
    if (Date.now() - rotatedAt.getTime() > env().REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await revokeFamily(ctx, session.id, session.userId);
      throw invalidRefresh();
    }
    // Only the direct successor: once a later token has itself been exchanged, this is no race.
    const later = await db.refreshToken.findMany({
      where: { sessionId: session.id, createdAt: { gt: record.createdAt }, id: { not: record.id } },
      select: { id: true, rotatedAt: true, expiresAt: true },
    });
    if (later.length > 1 || later.some((t) => t.rotatedAt)) {
      await revokeFamily(ctx, session.id, session.userId);
      throw invalidRefresh();
    }
    const successor = later.length === 1 && later[0].expiresAt > new Date() ? later[0] : null;
    if (!successor || !(await claim(successor.id))) throw invalidRefresh();
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
