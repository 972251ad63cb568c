// POST /auth/refresh: rotates the refresh token. Presenting a token that was already rotated
// out means it leaked: the whole family is revoked. Except within REFRESH_REUSE_GRACE_SECONDS of
// its rotation, where the usual cause is benign — two console tabs refreshing at once, or a
// response (with its new cookie) lost to a navigation. Then the session's unused successor is
// exchanged instead, so the caller gets a working pair; if the successor is not yet written (the
// other refresh still in flight) or another request claims it in the same instant, the answer is a
// plain 401 the client may retry. A successor that had already been exchanged when this token came
// back by its own holder is no race: someone else holds the live family, so it is revoked as a
// leak, grace or not. Successors spent on behalf of replays (several reloads in a row, each
// losing its response) are not such a holder.
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

/** Reloads in a row that may each lose their response before one arrives. */
const MAX_REPLAY_CHAIN = 8;

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
  const claim = (id: string, byReplay: boolean) =>
    db.refreshToken.updateMany({ where: { id, rotatedAt: null }, data: { rotatedAt: new Date(), rotatedByReplay: byReplay } }).then((r) => r.count === 1);
  if (record.rotatedAt || !(await claim(record.id, false))) {
    const rotatedAt = record.rotatedAt ?? new Date();
    if (Date.now() - rotatedAt.getTime() > env().REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await revokeFamily(ctx, session.id, session.userId);
      throw invalidRefresh();
    }
    // The later tokens of the family. Each reload that loses its response replays this same
    // token and spends the newest successor on its behalf, so the chain may hold several tokens
    // spent that way and one live one. A later token its own holder presented means someone else
    // holds the live family: no race, a leak, grace or not.
    const later = await db.refreshToken.findMany({
      where: { sessionId: session.id, createdAt: { gt: record.createdAt }, id: { not: record.id } },
      select: { id: true, rotatedAt: true, rotatedByReplay: true, expiresAt: true },
    });
    const spent = later.filter((t) => t.rotatedAt);
    const live = later.filter((t) => !t.rotatedAt);
    if (live.length > 1 || spent.length > MAX_REPLAY_CHAIN || spent.some((t) => !t.rotatedByReplay)) {
      await revokeFamily(ctx, session.id, session.userId);
      throw invalidRefresh();
    }
    const successor = live.length === 1 && live[0].expiresAt > new Date() ? live[0] : null;
    if (!successor || !(await claim(successor.id, true))) throw invalidRefresh();
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
