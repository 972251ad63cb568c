import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { signAccessToken, verifyAccessToken, type AccessClaims } from '@/lib/auth/tokens';

const claims: AccessClaims = { sub: 'user-1', sid: 'session-1', partnerId: 'p-1', orgId: null, scope: 'partner', roleId: 'r-1', mfa: true };
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, { DATABASE_URL: 'postgresql://localhost/x', JWT_SECRET: 'a'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(32), PORTAL_SESSION_SECRET: 'p'.repeat(32) });
  resetEnvCache();
});

afterAll(() => {
  vi.useRealTimers();
  process.env = saved;
  resetEnvCache();
});

describe('access token verification', () => {
  it('answers the claims of a token again from its first check, until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T00:00:00Z'));
    const { token } = await signAccessToken(claims, 60);
    expect(await verifyAccessToken(token)).toEqual(claims);
    expect(await verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-28T00:01:00Z'));
    expect(await verifyAccessToken(token)).toBeNull();
    vi.useRealTimers();
  });

  it('never takes a token whose signature does not verify, and forgets tokens when the secret changes', async () => {
    const { token } = await signAccessToken(claims, 600);
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'admin' })).toString('base64url')}.${signature}`;
    expect(await verifyAccessToken(forged)).toBeNull();
    expect(await verifyAccessToken(forged)).toBeNull();
    expect(await verifyAccessToken(token)).toEqual(claims);
    process.env.JWT_SECRET = 'b'.repeat(40);
    resetEnvCache();
    expect(await verifyAccessToken(token)).toBeNull();
  });
});
