// Opens a session (a refresh-token family) and mints its first token pair.
import type { DbOrTx } from '@/lib/db';
import { env } from '@/lib/env';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import { signAccessToken } from '@/lib/auth/tokens';
import type { Principal } from '@/lib/auth/load-principal';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  refreshExpiresAt: Date;
}

export function refreshExpiry(): Date {
  return new Date(Date.now() + env().REFRESH_TOKEN_TTL_DAYS * 86_400_000);
}

export async function mintRefreshToken(client: DbOrTx, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = `rt_${randomToken(32)}`;
  const expiresAt = refreshExpiry();
  await client.refreshToken.create({ data: { sessionId, tokenHash: sha256Hex(token), expiresAt } });
  return { token, expiresAt };
}

export async function mintAccessToken(principal: Principal, sessionId: string, mfa: boolean, ttlSeconds?: number) {
  return signAccessToken({
    sub: principal.userId,
    sid: sessionId,
    partnerId: principal.partnerId,
    orgId: principal.orgId,
    scope: principal.scope,
    roleId: principal.roleId,
    mfa,
  }, ttlSeconds);
}

export async function issueSession(
  client: DbOrTx,
  principal: Principal,
  opts: { mfa: boolean; ip: string | null; userAgent: string | null; accessTtlSeconds?: number },
): Promise<TokenPair & { sessionId: string }> {
  const session = await client.session.create({
    data: {
      userId: principal.userId,
      mfa: opts.mfa,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 500) ?? null,
      expiresAt: refreshExpiry(),
    },
  });
  const refresh = await mintRefreshToken(client, session.id);
  const access = await mintAccessToken(principal, session.id, opts.mfa, opts.accessTtlSeconds);
  return {
    sessionId: session.id,
    accessToken: access.token,
    expiresInSeconds: access.expiresInSeconds,
    refreshToken: refresh.token,
    refreshExpiresAt: refresh.expiresAt,
  };
}
