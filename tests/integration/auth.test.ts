import { describe, expect, it, beforeAll } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, PASSWORD, tokenFor, totp } from '../helpers/factories';
import { db } from '@/lib/db';
import { sha256Hex } from '@/lib/auth/secrets';
import { resetEnvCache } from '@/lib/env';

const login = (email: string, password: string, ip = '127.0.0.1') => api.post('/auth/login', { body: { email, password }, ip });

describe('POST /auth/login', () => {
  it('returns tokens, a refresh cookie and the user', async () => {
    const user = await makePlatformAdmin({ email: 'root@example.test' });
    const res = await login('ROOT@example.test', PASSWORD, '10.1.0.1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expiresInSeconds: 900, mfaRequired: false, user: { id: user.id, scope: 'system' } });
    expect(res.body.refreshToken).toMatch(/^rt_/);
    expect(res.headers.get('set-cookie')).toMatch(/rmm_refresh=rt_.*HttpOnly/);
    const claims = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, scope: 'system', partnerId: null, orgId: null, mfa: false });
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('gives one identical 401 for a wrong password and an unknown address', async () => {
    await makePlatformAdmin({ email: 'known@example.test' });
    const wrong = await login('known@example.test', 'nope-nope', '10.1.0.2');
    const unknown = await login('nobody@example.test', 'nope-nope', '10.1.0.2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
  });

  it('rate limits per account and per IP with 429', async () => {
    process.env.LOGIN_RATE_LIMIT_PER_ACCOUNT = '3';
    process.env.LOGIN_RATE_LIMIT_PER_IP = '6';
    resetEnvCache();
    try {
      await makePlatformAdmin({ email: 'limited@example.test' });
      for (let i = 0; i < 3; i++) expect((await login('limited@example.test', 'bad', `10.2.0.${i}`)).status).toBe(401);
      const locked = await login('limited@example.test', PASSWORD, '10.2.0.9');
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);

      for (let i = 0; i < 6; i++) await login(`x${i}@example.test`, 'bad', '10.3.0.1');
      const ipLimited = await login('other@example.test', 'bad', '10.3.0.1');
      expect(ipLimited.status).toBe(429);
    } finally {
      delete process.env.LOGIN_RATE_LIMIT_PER_ACCOUNT;
      delete process.env.LOGIN_RATE_LIMIT_PER_IP;
      resetEnvCache();
    }
  });

  it('failures spread over many addresses cannot lock the owner out of an address it signed in from', async () => {
    const user = await makePlatformAdmin();
    expect((await login(user.email, PASSWORD, '10.7.0.1')).status).toBe(200);
    expect((await login(user.email, PASSWORD, '10.7.0.2')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(user.email, 'wrong-password', `10.7.1.${i}`)).status);
    // The account is under attack: after the per-account budget (10) unknown addresses get 429.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect((await login(user.email, PASSWORD, '10.7.2.1')).status).toBe(429);
    // The owner's own addresses still sign in.
    expect((await login(user.email, PASSWORD, '10.7.0.1')).status).toBe(200);
    // Guessing from a known address is still limited per account and address...
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password', '10.7.0.2')).status).toBe(401);
    const pair = await login(user.email, PASSWORD, '10.7.0.2');
    expect(pair.status).toBe(429);
    expect(pair.headers.get('retry-after')).toMatch(/^\d+$/);
    // ...without touching the owner's other addresses, and other accounts are untouched.
    expect((await login(user.email, PASSWORD, '10.7.0.1')).status).toBe(200);
    const other = await makePlatformAdmin();
    expect((await login(other.email, PASSWORD, '10.7.1.3')).status).toBe(200);
  });

  it('refuses users of pending, suspended and churned partners with 403 PARTNER_INACTIVE', async () => {
    for (const status of ['pending', 'suspended', 'churned'] as const) {
      const partner = await makePartner({ status });
      const user = await makePartnerUser(partner);
      const res = await login(user.email, PASSWORD, '10.4.0.1');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PARTNER_INACTIVE');
    }
  });
});

describe('refresh-token rotation', () => {
  let email: string;
  beforeAll(async () => {
    email = (await makePlatformAdmin()).email;
  });

  it('rotates: the old token stops working and one reused past the grace window revokes the family', async () => {
    const first = await login(email, PASSWORD, '10.5.0.1');
    const r1 = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(r1.status).toBe(200);
    expect(r1.body.refreshToken).not.toBe(first.body.refreshToken);
    // A replay long after the rotation is a leak, not a race.
    await db.refreshToken.updateMany({ where: { rotatedAt: { not: null }, session: { user: { email } } }, data: { rotatedAt: new Date(Date.now() - 60_000) } });

    const reuse = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('INVALID_REFRESH_TOKEN');

    // The whole family is gone: the newest refresh token and the access tokens stop working.
    expect((await api.post('/auth/refresh', { body: { refreshToken: r1.body.refreshToken } })).status).toBe(401);
    expect((await api.get('/users/me', { token: r1.body.accessToken })).status).toBe(401);
    const audit = await db.auditLog.findFirst({ where: { action: 'session.refresh_token_reuse' } });
    expect(audit).not.toBeNull();
  });

  it('within the grace window a second tab refreshing with the rotated token gets a working pair, once', async () => {
    const first = await login(email, PASSWORD, '10.5.0.5');
    const tabA = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    const tabB = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect([tabA.status, tabB.status]).toEqual([200, 200]);
    // B exchanged A's unused successor: B's pair is the live one, A's refresh token is spent.
    expect((await api.get('/users/me', { token: tabB.body.accessToken })).status).toBe(200);
    const next = await api.post('/auth/refresh', { body: { refreshToken: tabB.body.refreshToken } });
    expect(next.status).toBe(200);
    // Two rotations later the first token is no race any more, grace or not: it leaked, and the
    // whole family goes, the live refresh token and access token included.
    const reuse = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(reuse.status).toBe(401);
    expect((await api.post('/auth/refresh', { body: { refreshToken: next.body.refreshToken } })).status).toBe(401);
    expect((await api.get('/users/me', { token: next.body.accessToken })).status).toBe(401);
  });

  it('reloads that each lose their response keep the session: every replay gets the live pair', async () => {
    const first = await login(email, PASSWORD, '10.5.0.7');
    // Three page loads in a row send the same cookie; the first two responses never arrive.
    const lost1 = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    const lost2 = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    const kept = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect([lost1.status, lost2.status, kept.status]).toEqual([200, 200, 200]);
    expect((await api.get('/users/me', { token: kept.body.accessToken })).status).toBe(200);
    // The pairs lost on the way were spent on the replays' behalf.
    const spent = await db.refreshToken.findMany({ where: { tokenHash: { in: [lost1, lost2].map((r) => sha256Hex(r.body.refreshToken)) } } });
    expect(spent.map((t) => t.rotatedByReplay)).toEqual([true, true]);
    const next = await api.post('/auth/refresh', { body: { refreshToken: kept.body.refreshToken } });
    expect(next.status).toBe(200);
    // Once the holder of the live pair has used it, a replay of the first token is a leak again.
    const reuse = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(reuse.status).toBe(401);
    expect((await api.get('/users/me', { token: next.body.accessToken })).status).toBe(401);
  });

  it('within the grace window a token whose successor was already exchanged revokes the family', async () => {
    const first = await login(email, PASSWORD, '10.5.0.6');
    const r1 = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    const r2 = await api.post('/auth/refresh', { body: { refreshToken: r1.body.refreshToken } });
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const reuse = await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await api.post('/auth/refresh', { body: { refreshToken: r2.body.refreshToken } })).status).toBe(401);
    expect((await api.get('/users/me', { token: r2.body.accessToken })).status).toBe(401);
    const sessionId = (await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(first.body.refreshToken) } })).sessionId;
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).revokedReason).toBe('refresh_token_reuse');
    expect(await db.auditLog.count({ where: { action: 'session.refresh_token_reuse', targetId: sessionId } })).toBe(1);
  });

  it('accepts the refresh token from the HTTP-only cookie', async () => {
    const first = await login(email, PASSWORD, '10.5.0.2');
    const res = await api.post('/auth/refresh', { headers: { cookie: `rmm_refresh=${first.body.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toBeTruthy();
  });

  it('two concurrent refreshes with the same token: one rotates it, the other gets a pair or a plain 401, and the session lives on', async () => {
    const first = await login(email, PASSWORD, '10.5.0.3');
    const results = await Promise.all([1, 2].map(() => api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.body.error.code === 'INVALID_REFRESH_TOKEN')).toBe(true);
    const live = ok[ok.length - 1];
    expect((await api.get('/users/me', { token: live.body.accessToken })).status).toBe(200);
    const token = await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(first.body.refreshToken) }, include: { session: true } });
    expect(token.session.revokedAt).toBeNull();
  });

  it('logout revokes the session', async () => {
    const first = await login(email, PASSWORD, '10.5.0.4');
    const out = await api.post('/auth/logout', { token: first.body.accessToken });
    expect(out.status).toBe(204);
    expect((await api.get('/users/me', { token: first.body.accessToken })).status).toBe(401);
    expect((await api.post('/auth/refresh', { body: { refreshToken: first.body.refreshToken } })).status).toBe(401);
  });
});

describe('MFA', () => {
  it('sets up, enables with a TOTP code, and gates MFA-required routes', async () => {
    const admin = await makePlatformAdmin();
    const token = await tokenFor(admin);
    // An MFA-gated route refuses a bare session.
    const gated = await api.post('/orgs/partners', { token, body: { name: 'X', slug: 'x-partner' } });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('MFA_REQUIRED');

    const setup = await api.post('/auth/mfa/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect((await api.post('/auth/mfa/enable', { token, body: { code: '000000' } })).status).toBe(400);

    const enabled = await api.post('/auth/mfa/enable', { token, body: { code: totp(setup.body.secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    const claims = JSON.parse(Buffer.from(enabled.body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.mfa).toBe(true);
    const created = await api.post('/orgs/partners', { token: enabled.body.accessToken, body: { name: 'X', slug: 'x-partner' } });
    expect(created.status).toBe(201);

    // A fresh login is not MFA-satisfied; a recovery code verifies once, then never again.
    const fresh = await login(admin.email, PASSWORD, '10.6.0.1');
    expect(fresh.body.mfaRequired).toBe(true);
    const code = enabled.body.recoveryCodes[0];
    const verified = await api.post('/auth/mfa/verify', { token: fresh.body.accessToken, body: { code } });
    expect(verified.status).toBe(200);
    expect((await api.post('/auth/mfa/verify', { token: fresh.body.accessToken, body: { code } })).status).toBe(400);
    // The MFA state survives a refresh.
    const refreshed = await api.post('/auth/refresh', { body: { refreshToken: verified.body.refreshToken } });
    const refreshedClaims = JSON.parse(Buffer.from(refreshed.body.accessToken.split('.')[1], 'base64url').toString());
    expect(refreshedClaims.mfa).toBe(true);
  });

  it('accepts a TOTP code only once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await makePlatformAdmin({ mfaSecret: secret });
    const token = await tokenFor(admin);
    const code = totp(secret);
    expect((await api.post('/auth/mfa/verify', { token, body: { code } })).status).toBe(200);
    const replay = await api.post('/auth/mfa/verify', { token, body: { code } });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('INVALID_MFA_CODE');
  });

  it('a token minted before the challenge stays below MFA-gated routes after the session steps up', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const user = await makePartnerUser(partner, { mfaSecret: secret });
    const before = await tokenFor(user);
    const script = await api.post('/scripts', { token: before, body: { name: 'Step-up', osTypes: ['linux'], language: 'bash', content: 'echo\n', orgId: org.id } });
    expect(script.status, script.text).toBe(201);
    const verified = await api.post('/auth/mfa/verify', { token: before, body: { code: totp(secret) } });
    expect(verified.status, verified.text).toBe(200);
    const after = verified.body.accessToken as string;

    const attempts = [
      (token: string) => api.post('/orgs/import/preview', { token, body: { rows: [{ organization: 'Step-up Org' }] } }),
      (token: string) => api.get('/scripts/bundle/export', { token, query: { ids: script.body.id } }),
      (token: string) => api.delete(`/orgs/organizations/${org.id}`, { token }),
    ];
    for (const attempt of attempts) {
      const refused = await attempt(before);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.error.code).toBe('MFA_REQUIRED');
    }
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).deletedAt).toBeNull();
    // The old token still works where no MFA is needed, and /users/me tells it apart.
    expect((await api.get('/users/me', { token: before })).body.mfa).toBe(false);
    expect((await api.get('/users/me', { token: after })).body.mfa).toBe(true);
    expect((await attempts[0](after)).status).toBe(200);
    expect((await attempts[1](after)).status).toBe(200);
    expect((await attempts[2](after)).status).toBe(204);
  });

  it('does nothing when ENABLE_2FA is off', async () => {
    process.env.ENABLE_2FA = 'false';
    resetEnvCache();
    try {
      const token = await tokenFor(await makePlatformAdmin());
      expect((await api.post('/orgs/partners', { token, body: { name: 'Y', slug: 'y-partner' } })).status).toBe(201);
    } finally {
      process.env.ENABLE_2FA = 'true';
      resetEnvCache();
    }
  });
});
