import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, makePlatformAdmin, PASSWORD, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

beforeAll(() => {
  process.env.TRUST_PROXY_HEADERS = 'true';
  process.env.TRUSTED_PROXY_CIDRS = '10.99.0.0/16';
  resetEnvCache();
});
afterAll(() => {
  delete process.env.TRUST_PROXY_HEADERS;
  delete process.env.TRUSTED_PROXY_CIDRS;
  resetEnvCache();
});

async function partnerWithAllowlist(list: string[]) {
  const partner = await makePartner({ settings: { security: { ipAllowlist: list } } });
  const user = await makePartnerUser(partner);
  return { partner, user };
}

describe('admin IP allowlist', () => {
  it('at login: 401 IP_NOT_ALLOWED after valid credentials, before any token', async () => {
    const { user } = await partnerWithAllowlist(['203.0.113.0/24']);
    const denied = await api.post('/auth/login', { body: { email: user.email, password: PASSWORD }, ip: '198.51.100.7' });
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('IP_NOT_ALLOWED');
    expect(denied.body.accessToken).toBeUndefined();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    // Wrong password from a disallowed address stays the ordinary 401 (no allowlist disclosure).
    const wrong = await api.post('/auth/login', { body: { email: user.email, password: 'bad' }, ip: '198.51.100.7' });
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    const ok = await api.post('/auth/login', { body: { email: user.email, password: PASSWORD }, ip: '203.0.113.9' });
    expect(ok.status).toBe(200);
  });

  it('on requests: 403 IP_NOT_ALLOWED, audited', async () => {
    const { user, partner } = await partnerWithAllowlist(['203.0.113.5']);
    const token = await tokenFor(user);
    const res = await api.get('/users/me', { token, ip: '198.51.100.1' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('IP_NOT_ALLOWED');
    expect((await api.get('/users/me', { token, ip: '203.0.113.5' })).status).toBe(200);
    const audit = await db.auditLog.findFirst({ where: { partnerId: partner.id, action: 'security.ip_denied' } });
    expect(audit).toMatchObject({ result: 'denied', ip: '198.51.100.1' });
  });

  it('matches IPv4-mapped IPv6 peers and IPv6 ranges, including CIDR edges', async () => {
    const { user } = await partnerWithAllowlist(['192.0.2.0/25', '2001:db8::/32']);
    const token = await tokenFor(user);
    expect((await api.get('/users/me', { token, ip: '::ffff:192.0.2.127' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '192.0.2.0' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '192.0.2.128' })).status).toBe(403);
    expect((await api.get('/users/me', { token, ip: '2001:db8:ffff::1' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '2001:db9::1' })).status).toBe(403);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const { user } = await partnerWithAllowlist(['203.0.113.5']);
    const token = await tokenFor(user);
    // Through the trusted proxy: the forwarded client address is used.
    expect((await api.get('/users/me', { token, ip: '10.99.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(200);
    // From an untrusted peer the header is ignored: the peer itself is checked.
    expect((await api.get('/users/me', { token, ip: '198.51.100.2', headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(403);
    // A client-forged hop before the proxy chain does not help.
    expect((await api.get('/users/me', { token, ip: '10.99.0.1', headers: { 'x-forwarded-for': '203.0.113.5, 198.51.100.3' } })).status).toBe(403);
  });

  it('fails closed with 403 untrusted_ip when the source cannot be determined', async () => {
    const { user } = await partnerWithAllowlist(['203.0.113.5']);
    const token = await tokenFor(user);
    const noPeer = await api.get('/users/me', { token, ip: null });
    expect(noPeer.status).toBe(403);
    expect(noPeer.body.error.code).toBe('untrusted_ip');
    const garbage = await api.get('/users/me', { token, ip: '10.99.0.1', headers: { 'x-forwarded-for': 'not-an-ip' } });
    expect(garbage.body.error.code).toBe('untrusted_ip');
  });

  it('an empty list restricts nothing; platform admins are exempt', async () => {
    const { user } = await partnerWithAllowlist([]);
    expect((await api.get('/users/me', { token: await tokenFor(user), ip: '198.51.100.1' })).status).toBe(200);
    const sys = await tokenFor(await makePlatformAdmin());
    expect((await api.get('/users/me', { token: sys, ip: '198.51.100.1' })).status).toBe(200);
  });
});
