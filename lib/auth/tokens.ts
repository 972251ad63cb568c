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

/** Returns the claims, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      partnerId: (payload.partnerId as string | null) ?? null,
      orgId: (payload.orgId as string | null) ?? null,
      scope: payload.scope as Scope,
      roleId: payload.roleId as string,
      mfa: payload.mfa === true,
    };
  } catch {
    return null;
  }
}
