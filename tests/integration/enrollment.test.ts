import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, makeOrgUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, enrollBody } from '../helpers/agents';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let org: { id: string; partnerId: string };

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  org = await makeOrg(partner.id);
});

afterEach(() => {
  delete process.env.AGENT_ENROLLMENT_SECRET;
  delete process.env.ENROLLMENT_KEY_DEFAULT_TTL_MINUTES;
  delete process.env.AGENT_ENROLL_RATE_LIMIT_PER_IP;
  resetEnvCache();
});

const minutesFromNow = (iso: string) => Math.round((new Date(iso).getTime() - Date.now()) / 60_000);

describe('enrollment keys', () => {
  it('returns the raw key once, stores only its hash, defaults to 30 days and hides the key afterwards', async () => {
    const res = await api.post('/enrollment-keys', { token: admin, body: { name: 'Rollout', orgId: org.id, maxUsage: 120 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Rollout', orgId: org.id, maxUsage: 120, usageCount: 0, status: 'active', hasEnrollmentSecret: false });
    expect(res.body.key).toMatch(/^ek_/);
    expect(res.body.enrollmentSecret).toBeUndefined();
    expect(minutesFromNow(res.body.expiresAt)).toBeGreaterThan(43_190);
    expect(minutesFromNow(res.body.expiresAt)).toBeLessThanOrEqual(43_200);
    const row = await db.enrollmentKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.keyHash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    const got = await api.get(`/enrollment-keys/${res.body.id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body.key).toBeUndefined();
    expect(got.body.keyPrefix).toBe(res.body.key.slice(0, 10));
    const list = await api.get('/enrollment-keys', { token: admin });
    expect(list.body.data.some((k: { id: string; key?: string }) => k.id === res.body.id && k.key === undefined)).toBe(true);
  });

  it('honours ENROLLMENT_KEY_DEFAULT_TTL_MINUTES, ttlMinutes and expiresAt, but not both', async () => {
    process.env.ENROLLMENT_KEY_DEFAULT_TTL_MINUTES = '90';
    resetEnvCache();
    expect(minutesFromNow((await createKey(admin, { orgId: org.id }) as unknown as { expiresAt: string }).expiresAt)).toBe(90);
    expect(minutesFromNow((await createKey(admin, { orgId: org.id, ttlMinutes: 15 }) as unknown as { expiresAt: string }).expiresAt)).toBe(15);
    const at = new Date(Date.now() + 3 * 3600_000).toISOString();
    const abs = await api.post('/enrollment-keys', { token: admin, body: { name: 'abs', orgId: org.id, expiresAt: at } });
    expect(abs.body.expiresAt).toBe(at);
    const both = await api.post('/enrollment-keys', { token: admin, body: { name: 'both', orgId: org.id, expiresAt: at, ttlMinutes: 10 } });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('mutually exclusive');
    const past = await api.post('/enrollment-keys', { token: admin, body: { name: 'past', orgId: org.id, expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect(past.status).toBe(400);
  });

  it('validates maxUsage 1–100,000 and ttlMinutes 1–525,600', async () => {
    for (const body of [{ maxUsage: 0 }, { maxUsage: 100_001 }, { ttlMinutes: 0 }, { ttlMinutes: 525_601 }, { maxUsage: 1.5 }]) {
      const res = await api.post('/enrollment-keys', { token: admin, body: { name: 'x', orgId: org.id, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post('/enrollment-keys', { token: admin, body: { name: 'x', orgId: org.id, maxUsage: 100_000, ttlMinutes: 525_600 } })).status).toBe(201);
  });

  it('orgId may be omitted only for a single-organization partner; siteId must belong to the organization', async () => {
    const solo = await makePartner();
    const soloAdmin = await tokenFor(await makePartnerUser(solo), { mfa: true });
    const none = await api.post('/enrollment-keys', { token: soloAdmin, body: { name: 'x' } });
    expect(none.status).toBe(400);
    const only = await makeOrg(solo.id);
    const site = await makeSite(only);
    const ok = await api.post('/enrollment-keys', { token: soloAdmin, body: { name: 'x', siteId: site.id } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ orgId: only.id, siteId: site.id });
    await makeOrg(solo.id);
    expect((await api.post('/enrollment-keys', { token: soloAdmin, body: { name: 'x' } })).status).toBe(400);
    const foreignSite = await makeSite(org);
    const bad = await api.post('/enrollment-keys', { token: soloAdmin, body: { name: 'x', orgId: only.id, siteId: foreignSite.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('SITE_NOT_IN_ORG');
  });

  it('rotate replaces key and per-key secret; the old ones stop working', async () => {
    const key = await createKey(admin, { orgId: org.id, issueEnrollmentSecret: true });
    expect(key.enrollmentSecret).toMatch(/^es_/);
    const rotated = await api.post(`/enrollment-keys/${key.id}/rotate`, { token: admin });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(key.key);
    expect(rotated.body.enrollmentSecret).not.toBe(key.enrollmentSecret);
    const old = await api.post('/agents/enroll', { body: enrollBody(key.key, { enrollmentSecret: key.enrollmentSecret }) });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('ENROLLMENT_KEY_INVALID');
    const oldSecret = await api.post('/agents/enroll', { body: enrollBody(rotated.body.key, { enrollmentSecret: key.enrollmentSecret }) });
    expect(oldSecret.body.error.code).toBe('ENROLLMENT_SECRET_INVALID');
    expect((await api.post('/agents/enroll', { body: enrollBody(rotated.body.key, { enrollmentSecret: rotated.body.enrollmentSecret }) })).status).toBe(201);
  });

  it('a caller of another partner gets 404 on every enrollment-key route and the key is unchanged', async () => {
    const key = await createKey(admin, { orgId: org.id });
    const before = await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } });
    const other = await makePartner();
    const otherAdmin = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.get(`/enrollment-keys/${key.id}`, { token: otherAdmin })).status).toBe(404);
    expect((await api.delete(`/enrollment-keys/${key.id}`, { token: otherAdmin })).status).toBe(404);
    expect((await api.post(`/enrollment-keys/${key.id}/rotate`, { token: otherAdmin })).status).toBe(404);
    expect((await api.get('/enrollment-keys', { token: otherAdmin })).body.data).toEqual([]);
    // An organization user of the same partner but another organization: also 404.
    const orgUser = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id)), { mfa: true });
    expect((await api.get(`/enrollment-keys/${key.id}`, { token: orgUser })).status).toBe(404);
    expect(await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).toEqual(before);
  });
});

describe('POST /agents/enroll', () => {
  it('enrolls, pins the key’s site, counts the use and emits device.enrolled', async () => {
    const site = await makeSite(org);
    const key = await createKey(admin, { orgId: org.id, siteId: site.id, maxUsage: 5 });
    const agent = await enroll(key.key, { hostname: 'web-01' });
    expect(agent).toMatchObject({ orgId: org.id, siteId: site.id, heartbeatIntervalSeconds: 60 });
    expect(agent.authToken).toMatch(/^agt_/);
    const device = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
    expect(device).toMatchObject({ hostname: 'web-01', status: 'online', osType: 'linux', siteId: site.id, agentId: agent.agentId, agentTokenHash: sha256Hex(agent.authToken) });
    expect((await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).usageCount).toBe(1);
    const event = await db.event.findFirst({ where: { type: 'device.enrolled', orgId: org.id }, orderBy: { createdAt: 'desc' } });
    expect(event?.data).toMatchObject({ deviceId: agent.deviceId, hostname: 'web-01' });
  });

  it('global AGENT_ENROLLMENT_SECRET: required, must match; a per-key secret replaces it for its key', async () => {
    process.env.AGENT_ENROLLMENT_SECRET = 'global-secret-123';
    resetEnvCache();
    const key = await createKey(admin, { orgId: org.id });
    const missing = await api.post('/agents/enroll', { body: enrollBody(key.key) });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('ENROLLMENT_SECRET_REQUIRED');
    const wrong = await api.post('/agents/enroll', { body: enrollBody(key.key, { enrollmentSecret: 'nope' }) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('ENROLLMENT_SECRET_INVALID');
    expect((await api.post('/agents/enroll', { body: enrollBody(key.key, { enrollmentSecret: 'global-secret-123' }) })).status).toBe(201);

    const own = await createKey(admin, { orgId: org.id, issueEnrollmentSecret: true });
    const withGlobal = await api.post('/agents/enroll', { body: enrollBody(own.key, { enrollmentSecret: 'global-secret-123' }) });
    expect(withGlobal.body.error.code).toBe('ENROLLMENT_SECRET_INVALID');
    expect((await api.post('/agents/enroll', { body: enrollBody(own.key, { enrollmentSecret: own.enrollmentSecret }) })).status).toBe(201);
    expect((await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).usageCount).toBe(1);
  });

  it('without any configured secret no secret is needed; a per-key secret is always required', async () => {
    const open = await createKey(admin, { orgId: org.id });
    expect((await api.post('/agents/enroll', { body: enrollBody(open.key) })).status).toBe(201);
    const own = await createKey(admin, { orgId: org.id, issueEnrollmentSecret: true });
    expect((await api.post('/agents/enroll', { body: enrollBody(own.key) })).body.error.code).toBe('ENROLLMENT_SECRET_REQUIRED');
  });

  it('refuses unknown, expired, exhausted and revoked keys with clear codes and creates nothing', async () => {
    const count = () => db.device.count({ where: { orgId: org.id } });
    const before = await count();
    const unknown = await api.post('/agents/enroll', { body: enrollBody('ek_doesnotexist') });
    expect([unknown.status, unknown.body.error.code]).toEqual([401, 'ENROLLMENT_KEY_INVALID']);

    const expired = await createKey(admin, { orgId: org.id });
    await db.enrollmentKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const e = await api.post('/agents/enroll', { body: enrollBody(expired.key) });
    expect([e.status, e.body.error.code]).toEqual([403, 'ENROLLMENT_KEY_EXPIRED']);

    const once = await createKey(admin, { orgId: org.id, maxUsage: 1 });
    await enroll(once.key);
    const x = await api.post('/agents/enroll', { body: enrollBody(once.key) });
    expect([x.status, x.body.error.code]).toEqual([403, 'ENROLLMENT_KEY_EXHAUSTED']);
    expect((await api.get(`/enrollment-keys/${once.id}`, { token: admin })).body.status).toBe('exhausted');
    const exhausted = (await api.get('/enrollment-keys', { token: admin, query: { status: 'exhausted' } })).body.data.map((k: { id: string }) => k.id);
    expect(exhausted).toContain(once.id);
    expect(exhausted).not.toContain(expired.id);
    const expiredList = (await api.get('/enrollment-keys', { token: admin, query: { status: 'expired' } })).body.data.map((k: { id: string }) => k.id);
    expect(expiredList).toEqual([expired.id]);
    expect((await api.get('/enrollment-keys', { token: admin, query: { status: 'active' } })).body.data.map((k: { id: string }) => k.id)).not.toContain(once.id);

    const revoked = await createKey(admin, { orgId: org.id });
    expect((await api.delete(`/enrollment-keys/${revoked.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/enrollment-keys/${revoked.id}`, { token: admin })).status).toBe(404);
    const r = await api.post('/agents/enroll', { body: enrollBody(revoked.key) });
    expect([r.status, r.body.error.code]).toEqual([403, 'ENROLLMENT_KEY_REVOKED']);

    expect(await count()).toBe(before + 1); // only the one successful enrollment
    const denied = await db.auditLog.count({ where: { action: 'agent.enroll', result: 'denied', partnerId: partner.id } });
    expect(denied).toBeGreaterThanOrEqual(3);
  });

  it('validates the body (osType, missing hostname) with 400', async () => {
    const key = await createKey(admin, { orgId: org.id });
    const bad = await api.post('/agents/enroll', { body: enrollBody(key.key, { osType: 'beos', hostname: '' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.hostname', 'body.osType']);
  });

  it('two agents racing for the last use of a key: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const key = await createKey(admin, { orgId: org.id, maxUsage: 1 });
      const results = await Promise.all([0, 1, 2, 3].map(() => api.post('/agents/enroll', { body: enrollBody(key.key) })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 403, 403, 403]);
      expect(results.filter((r) => r.status === 403).every((r) => r.body.error.code === 'ENROLLMENT_KEY_EXHAUSTED')).toBe(true);
      expect((await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).usageCount).toBe(1);
      expect(await db.auditLog.count({ where: { action: 'agent.enroll', targetType: 'device', details: { path: ['enrollmentKeyId'], equals: key.id } } })).toBe(1);
    }
  });

  it('rate-limits enrollment attempts per source IP', async () => {
    process.env.AGENT_ENROLL_RATE_LIMIT_PER_IP = '3';
    resetEnvCache();
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i++) expect((await api.post('/agents/enroll', { body: enrollBody('ek_nope'), ip })).status).toBe(401);
    const limited = await api.post('/agents/enroll', { body: enrollBody('ek_nope'), ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.post('/agents/enroll', { body: enrollBody('ek_nope'), ip: '203.0.113.78' })).status).toBe(401);
  });

  it('a machine enrolling again (same machineId) keeps its device row and gets a new credential', async () => {
    const key = await createKey(admin, { orgId: org.id });
    const first = await enroll(key.key, { machineId: 'a'.repeat(64), hostname: 'laptop' });
    const second = await enroll(key.key, { machineId: 'a'.repeat(64), hostname: 'laptop-renamed' });
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.agentId).not.toBe(first.agentId);
    const old = await api.post(`/agents/${first.agentId}/heartbeat`, { token: first.authToken, body: {} });
    expect(old.status).toBe(401);
    expect((await db.device.findUniqueOrThrow({ where: { id: first.deviceId } })).hostname).toBe('laptop-renamed');
  });

  it('enforces the partner’s maxDevices', async () => {
    const capped = await makePartner();
    await db.partner.update({ where: { id: capped.id }, data: { maxDevices: 1 } });
    const cappedAdmin = await tokenFor(await makePartnerUser(capped), { mfa: true });
    const cappedOrg = await makeOrg(capped.id);
    const key = await createKey(cappedAdmin, { orgId: cappedOrg.id });
    await enroll(key.key);
    const res = await api.post('/agents/enroll', { body: enrollBody(key.key) });
    expect([res.status, res.body.error.code]).toEqual([403, 'DEVICE_LIMIT_REACHED']);
    expect((await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).usageCount).toBe(1);
  });
});

describe('POST /devices/provision', () => {
  it('pre-creates one pending device whose single-use key binds the enrolling agent to it', async () => {
    const res = await api.post('/devices/provision', { token: admin, body: { orgId: org.id, hostname: 'planned-01', tags: ['new'] } });
    expect(res.status).toBe(201);
    expect(res.body.device).toMatchObject({ hostname: 'planned-01', status: 'pending', agentId: null, tags: ['new'] });
    expect(res.body.enrollment).toMatchObject({ deviceId: res.body.device.id, enrollmentSecretRequired: false });
    expect(res.body.enrollment.installCommand).toContain(res.body.enrollment.enrollmentKey);
    const agent = await enroll(res.body.enrollment.enrollmentKey, { hostname: 'planned-01.corp' });
    expect(agent.deviceId).toBe(res.body.device.id);
    const device = await api.get(`/devices/${agent.deviceId}`, { token: admin });
    expect(device.body).toMatchObject({ status: 'online', hostname: 'planned-01.corp', tags: ['new'], agentId: agent.agentId });
    const again = await api.post('/agents/enroll', { body: enrollBody(res.body.enrollment.enrollmentKey) });
    expect(again.body.error.code).toBe('ENROLLMENT_KEY_EXHAUSTED');
  });

  it('two agents racing for one provisioned device: exactly one binds to it', async () => {
    const res = await api.post('/devices/provision', { token: admin, body: { orgId: org.id, hostname: 'raced' } });
    const before = await db.device.count({ where: { orgId: org.id } });
    const results = await Promise.all([0, 1, 2].map(() => api.post('/agents/enroll', { body: enrollBody(res.body.enrollment.enrollmentKey) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(results.filter((r) => r.status === 403).map((r) => r.body.error.code)).toEqual(['ENROLLMENT_KEY_EXHAUSTED', 'ENROLLMENT_KEY_EXHAUSTED']);
    expect(results.find((r) => r.status === 201)!.body.deviceId).toBe(res.body.device.id);
    expect(await db.device.count({ where: { orgId: org.id } })).toBe(before);
  });

  it('a decommissioned provisioned device no longer takes its key', async () => {
    const res = await api.post('/devices/provision', { token: admin, body: { orgId: org.id, hostname: 'never' } });
    expect((await api.delete(`/devices/${res.body.device.id}`, { token: admin })).status).toBe(204);
    const late = await api.post('/agents/enroll', { body: enrollBody(res.body.enrollment.enrollmentKey) });
    expect([late.status, late.body.error.code]).toEqual([403, 'ENROLLMENT_KEY_REVOKED']);
  });
});
