// The admin IP allowlist beyond basic enforcement (ip-allowlist.test.ts): the status endpoint,
// the settings rules, platform-admin bypass audits, more address edges and failing closed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, PASSWORD, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

beforeEach(() => setEnv({ TRUST_PROXY_HEADERS: 'true', TRUSTED_PROXY_CIDRS: '10.99.0.0/16' }));
afterEach(() => setEnv({ TRUST_PROXY_HEADERS: undefined, TRUSTED_PROXY_CIDRS: undefined }));

async function adminOf(list: string[]) {
  const partner = await makePartner({ settings: { security: { ipAllowlist: list } } });
  const user = await makePartnerUser(partner);
  return { partner, user, token: await tokenFor(user, { mfa: true }) };
}

describe('GET /orgs/partners/me/ip-allowlist/status', () => {
  it('reports the address, the matching entry and the proxy configuration', async () => {
    const { token } = await adminOf(['203.0.113.0/24', '198.51.100.7']);
    const direct = await api.get('/orgs/partners/me/ip-allowlist/status', { token, ip: '198.51.100.7' });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({
      ip: '198.51.100.7',
      peer: '198.51.100.7',
      viaProxy: false,
      proxyTrustConfigured: true,
      enabled: true,
      current: { entries: ['203.0.113.0/24', '198.51.100.7'], invalidEntries: [], allowed: true, matchedEntry: '198.51.100.7' },
      proposed: null,
    });
    const proxied = await api.get('/orgs/partners/me/ip-allowlist/status', { token, ip: '10.99.1.1', headers: { 'x-forwarded-for': '203.0.113.200' } });
    expect(proxied.body).toMatchObject({ ip: '203.0.113.200', peer: '10.99.1.1', viaProxy: true, current: { allowed: true, matchedEntry: '203.0.113.0/24' } });
  });

  it('tests a proposed list so an admin does not lock themselves out', async () => {
    const { token } = await adminOf([]);
    const res = await api.get('/orgs/partners/me/ip-allowlist/status', {
      token,
      ip: '192.0.2.10',
      query: { proposed: '192.0.2.0/28, 2001:db8::/32\nnot-an-ip 10.0.0.0/33' },
    });
    expect(res.body).toMatchObject({
      enabled: false,
      current: { entries: [], allowed: true, matchedEntry: null },
      proposed: { entries: ['192.0.2.0/28', '2001:db8::/32', 'not-an-ip', '10.0.0.0/33'], invalidEntries: ['not-an-ip', '10.0.0.0/33'], allowed: true, matchedEntry: '192.0.2.0/28' },
    });
    const lockout = await api.get('/orgs/partners/me/ip-allowlist/status', { token, ip: '192.0.2.16', query: { proposed: '192.0.2.0/28' } });
    expect(lockout.body.proposed).toMatchObject({ allowed: false, matchedEntry: null });
  });

  it('says when proxy trust is missing, and ignores X-Forwarded-For from an untrusted peer', async () => {
    setEnv({ TRUST_PROXY_HEADERS: 'false' });
    const { token } = await adminOf([]);
    const res = await api.get('/orgs/partners/me/ip-allowlist/status', { token, ip: '198.51.100.9', headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(res.body).toMatchObject({ ip: '198.51.100.9', peer: '198.51.100.9', viaProxy: false, proxyTrustConfigured: false });
    setEnv({ TRUST_PROXY_HEADERS: 'true', TRUSTED_PROXY_CIDRS: undefined });
    expect((await api.get('/orgs/partners/me/ip-allowlist/status', { token })).body.proxyTrustConfigured).toBe(false);
  });

  it('is partner scoped: platform admins and organization users get 403, and a caller only sees its own partner', async () => {
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await api.get('/orgs/partners/me/ip-allowlist/status', { token: sys })).status).toBe(403);
    const { partner } = await adminOf([]);
    const orgUser = await makeOrgUser(partner, await makeOrg(partner.id));
    expect((await api.get('/orgs/partners/me/ip-allowlist/status', { token: await tokenFor(orgUser) })).status).toBe(403);

    const a = await adminOf(['127.0.0.1']);
    const b = await adminOf(['192.0.2.99', '127.0.0.1']);
    const seenByA = await api.get('/orgs/partners/me/ip-allowlist/status', { token: a.token });
    expect(seenByA.body.current.entries).toEqual(['127.0.0.1']);
    const seenByB = await api.get('/orgs/partners/me/ip-allowlist/status', { token: b.token });
    expect(seenByB.body.current.entries).toEqual(['192.0.2.99', '127.0.0.1']);
  });

  it('is never reached by a refused address (403 IP_NOT_ALLOWED)', async () => {
    const { token } = await adminOf(['192.0.2.1']);
    const res = await api.get('/orgs/partners/me/ip-allowlist/status', { token, ip: '192.0.2.2' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('IP_NOT_ALLOWED');
  });
});

describe('settings.security.ipAllowlist on PATCH /orgs/partners/me', () => {
  it('needs both TRUST_PROXY_HEADERS and TRUSTED_PROXY_CIDRS to enable a list', async () => {
    const { token, partner } = await adminOf([]);
    const body = { settings: { security: { ipAllowlist: ['127.0.0.1', '::ffff:192.0.2.1', '2001:db8::/48'] } } };
    setEnv({ TRUST_PROXY_HEADERS: 'true', TRUSTED_PROXY_CIDRS: undefined });
    expect((await api.patch('/orgs/partners/me', { token, body })).body.error.code).toBe('proxy_trust_required');
    setEnv({ TRUST_PROXY_HEADERS: 'false', TRUSTED_PROXY_CIDRS: '10.0.0.0/8' });
    expect((await api.patch('/orgs/partners/me', { token, body })).body.error.code).toBe('proxy_trust_required');
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).settings).toEqual({ security: { ipAllowlist: [] } });
    setEnv({ TRUST_PROXY_HEADERS: 'true', TRUSTED_PROXY_CIDRS: '10.0.0.0/8' });
    const ok = await api.patch('/orgs/partners/me', { token, body });
    expect(ok.status).toBe(200);
    expect(ok.body.settings.security.ipAllowlist).toEqual(body.settings.security.ipAllowlist);
  });

  it('rejects each kind of invalid entry with 400 and changes nothing', async () => {
    const { token, partner } = await adminOf(['127.0.0.1']);
    for (const bad of ['300.1.1.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3', '', '10.0.0.1/']) {
      const res = await api.patch('/orgs/partners/me', { token, body: { settings: { security: { ipAllowlist: ['127.0.0.1', bad] } } } });
      expect(res.status, bad).toBe(400);
    }
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).settings).toEqual({ security: { ipAllowlist: ['127.0.0.1'] } });
  });
});

describe('address matching edges', () => {
  it('accepts IPv4-mapped IPv6 entries and matches them against plain IPv4 clients (and vice versa)', async () => {
    const { token } = await adminOf(['::ffff:203.0.113.5', '::ffff:192.0.2.0/120']);
    expect((await api.get('/users/me', { token, ip: '203.0.113.5' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '::ffff:203.0.113.5' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '192.0.2.255' })).status).toBe(200);
    expect((await api.get('/users/me', { token, ip: '192.0.3.0' })).status).toBe(403);
    expect((await api.get('/users/me', { token, ip: '203.0.113.6' })).status).toBe(403);
  });

  it('honours /32, /128 and /0 boundaries', async () => {
    const single = await adminOf(['198.51.100.1/32', '2001:db8::1/128']);
    expect((await api.get('/users/me', { token: single.token, ip: '198.51.100.1' })).status).toBe(200);
    expect((await api.get('/users/me', { token: single.token, ip: '198.51.100.2' })).status).toBe(403);
    expect((await api.get('/users/me', { token: single.token, ip: '2001:db8::1' })).status).toBe(200);
    expect((await api.get('/users/me', { token: single.token, ip: '2001:db8::2' })).status).toBe(403);
    const everything = await adminOf(['0.0.0.0/0']);
    expect((await api.get('/users/me', { token: everything.token, ip: '203.0.113.77' })).status).toBe(200);
    // An IPv4 range never admits IPv6 clients that are not IPv4-mapped.
    expect((await api.get('/users/me', { token: everything.token, ip: '2001:db8::5' })).status).toBe(403);
  });

  it('applies at login through a trusted proxy, and ignores X-Forwarded-For from an untrusted peer', async () => {
    const { user } = await adminOf(['203.0.113.5']);
    const login = (ip: string, xff?: string) =>
      api.post('/auth/login', { body: { email: user.email, password: PASSWORD }, ip, headers: xff ? { 'x-forwarded-for': xff } : {} });
    expect((await login('10.99.0.1', '203.0.113.5')).status).toBe(200);
    const spoofed = await login('198.51.100.50', '203.0.113.5');
    expect(spoofed.status).toBe(401);
    expect(spoofed.body.error.code).toBe('IP_NOT_ALLOWED');
    expect(await db.auditLog.count({ where: { action: 'security.ip_denied', targetId: user.id, ip: '198.51.100.50' } })).toBe(1);
  });
});

describe('platform-admin bypass audit', () => {
  it('records a bypass when a platform admin changes a partner whose allowlist would refuse them', async () => {
    const { partner } = await adminOf(['203.0.113.0/24']);
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const outside = await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { name: 'Renamed by platform' }, ip: '198.51.100.20' });
    expect(outside.status).toBe(200);
    const org = await api.post('/orgs/organizations', { token: sys, body: { name: 'Made by platform', partnerId: partner.id }, ip: '198.51.100.20' });
    expect(org.status).toBe(201);
    const bypasses = await db.auditLog.findMany({ where: { action: 'security.ip_allowlist_bypass', partnerId: partner.id }, orderBy: { createdAt: 'asc' } });
    expect(bypasses.map((b) => (b.details as { bypassedAction: string }).bypassedAction)).toEqual(['partner.update', 'organization.create']);
    expect(bypasses[0]).toMatchObject({ ip: '198.51.100.20', targetType: 'partner', targetId: partner.id, actorType: 'user' });

    // From an address the list admits, or on a partner without a list, nothing extra is written.
    await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { name: 'Renamed again' }, ip: '203.0.113.9' });
    const open = await makePartner();
    await api.patch(`/orgs/partners/${open.id}`, { token: sys, body: { name: 'No list here' }, ip: '198.51.100.20' });
    expect(await db.auditLog.count({ where: { action: 'security.ip_allowlist_bypass', partnerId: { in: [partner.id, open.id] } } })).toBe(2);
  });

  it('shows the bypass in the partner’s own audit log', async () => {
    const { partner, user } = await adminOf(['127.0.0.1']);
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { billingEmail: 'billing@example.test' }, ip: '198.51.100.21' });
    const log = await api.get('/audit-logs', { token: await tokenFor(user, { mfa: true }), query: { action: 'security.ip_allowlist_bypass' } });
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body)).toContain('security.ip_allowlist_bypass');
  });
});

describe('fail closed', () => {
  it('answers 503 when the allowlist cannot be read', async () => {
    const { token } = await adminOf(['127.0.0.1']);
    await db.$executeRawUnsafe('alter table partners rename to partners_offline');
    try {
      const res = await api.get('/users/me', { token });
      expect(res.status).toBe(503);
    } finally {
      await db.$executeRawUnsafe('alter table partners_offline rename to partners');
    }
    expect((await api.get('/users/me', { token })).status).toBe(200);
  });
});
