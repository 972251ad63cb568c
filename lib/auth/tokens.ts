// Access tokens: short-lived HS256 JWTs naming the session. Claims are informational; the
// request-time context is always resolved from the database (roles and revocations apply
// on the next request).
import { SignJWT, jwtVerify } from 'jose';
import { env } from '@/lib/env';
import type { Scope } from '@/lib/auth/context';

const ISSUER = 'rmm-service';
const AUDIENCE = 'rmm-api';

export interface AccessClaims {
  sub: string;
  sid: string;
  partnerId: string | null;
  orgId: string | null;
  scope: Scope;
  roleId: string;
  mfa: boolean;
}

const secretKey = () => new TextEncoder().encode(env().JWT_SECRET);

// Verifying runs on every authenticated request: the HMAC key is imported once per secret, not
// on every verification (jose imports raw key bytes each time it is given them).
let verifyKey: { secret: string; key: Promise<CryptoKey> } | null = null;
function verificationKey(): Promise<CryptoKey> {
  const secret = env().JWT_SECRET;
  if (verifyKey?.secret !== secret) {
    verifyKey = { secret, key: crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']) };
  }
  return verifyKey.key;
}

export async function signAccessToken(
  claims: AccessClaims,
  expiresInSeconds: number = env().ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = await new SignJWT({ ...claims, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .sign(secretKey());
  return { token, expiresInSeconds };
}

// Tokens whose signature verified, by their text: a console or an integration sends one token for
// many requests, and the HMAC check (a WebCrypto job per call) was ~7 % of the web CPU of a
// system-tools call. Only a verified token gets in, its expiry is checked on every use, and the
// cache is dropped when the secret changes. The session behind a token is still read on every
// request, so a revocation applies at once. Bounded: the oldest entry goes first.
const VERIFIED_MAX = 2_000;
let verified: { secret: string; tokens: Map<string, { claims: AccessClaims; expiresAtMs: number }> } = { secret: '', tokens: new Map() };

function verifiedCache(): Map<string, { claims: AccessClaims; expiresAtMs: number }> {
  const secret = env().JWT_SECRET;
  if (verified.secret !== secret) verified = { secret, tokens: new Map() };
  return verified.tokens;
}

/** Returns the claims, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const cache = verifiedCache();
  const hit = cache.get(token);
  if (hit) {
    if (Date.now() < hit.expiresAtMs) return hit.claims;
    cache.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await verificationKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const claims: AccessClaims = Object.freeze({
      sub: payload.sub,
      sid: payload.sid,
      partnerId: (payload.partnerId as string | null) ?? null,
      orgId: (payload.orgId as string | null) ?? null,
      scope: payload.scope as Scope,
      roleId: payload.roleId as string,
      mfa: payload.mfa === true,
    });
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
