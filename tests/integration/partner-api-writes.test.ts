import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { enroll } from '../helpers/agents';
import { asPrincipal, makeMintingPrincipal, makePrincipal } from '../helpers/partner-api';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';
import { pruneIdempotencyKeys } from '@/lib/partner-api/prune-idempotency-keys';

type Partner = Awaited<ReturnType<typeof makePartner>>;

async function adminOf(partner: { id: string; roles: Record<string, string> }) {
  return tokenFor(await makePartnerUser(partner), { mfa: true });
}

const minutesFromNow = (iso: string) => Math.round((new Date(iso).getTime() - Date.now()) / 60_000);

afterEach(() => {
  delete process.env.PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES;
  resetEnvCache();
});

describe('POST /partner-api/organizations', () => {
  let partner: Partner;
  let token: string;
  beforeAll(async () => {
    partner = await makePartner({ maxOrganizations: 3 });
    token = await adminOf(partner);
  });

  it('creates an organization of the principal\'s partner, audited as the principal', async () => {
    const p = await makeMintingPrincipal(token);
    const res = await api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: 'Acme', slug: 'acme', type: 'customer', status: 'trial' } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ partnerId: partner.id, name: 'Acme', slug: 'acme', status: 'trial', settings: { type: 'customer' } });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'organization.create', targetId: res.body.id } });
    expect(audit).toMatchObject({ actorType: 'service_principal', actorId: p.id, partnerId: partner.id, orgId: res.body.id });
    expect(await db.auditLog.count({ where: { targetId: res.body.id } })).toBe(1);
  });

  it('refuses other statuses, partnerId in the body and unknown fields (400), duplicate slugs (409) and the cap (409)', async () => {
    const p = await makeMintingPrincipal(token);
    const before = await db.organization.count({ where: { partnerId: partner.id } });
    for (const body of [
      { name: 'X', slug: 'x-1', status: 'suspended' },
      { name: 'X', slug: 'x-2', partnerId: (await makePartner()).id },
      { name: 'X', slug: 'Not A Slug' },
      { name: '', slug: 'x-3' },
      { name: 'X' },
    ]) {
      const res = await api.post('/partner-api/organizations', asPrincipal(p.key, { body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.organization.count({ where: { partnerId: partner.id } })).toBe(before);

    const dup = await api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: 'Acme again', slug: 'acme' } }));
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('partner_provisioning_slug_conflict');

    await api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: 'Two', slug: 'two' } }));
    await api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: 'Three', slug: 'three' } }));
    const capped = await api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: 'Four', slug: 'four' } }));
    expect(capped.status).toBe(409);
    expect(capped.body.error.code).toBe('partner_provisioning_org_limit_reached');
    expect(await db.organization.count({ where: { partnerId: partner.id, deletedAt: null } })).toBe(3);
  });

  it('needs organizations:write, and a narrowed principal keeps access to what it creates', async () => {
    const reader = await makePrincipal(token, { scopes: ['organizations:read'] });
    const denied = await api.post('/partner-api/organizations', asPrincipal(reader.key, { body: { name: 'N', slug: 'n' } }));
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('INSUFFICIENT_SCOPE');

    const roomy = await makePartner();
    const roomyToken = await adminOf(roomy);
    const seen = await makeOrg(roomy.id);
    const narrowed = await makePrincipal(roomyToken, { scopes: ['organizations:read', 'organizations:write', 'sites:write'], orgIds: [seen.id] });
    const created = await api.post('/partner-api/organizations', asPrincipal(narrowed.key, { body: { name: 'Mine', slug: 'mine' } }));
    expect(created.status).toBe(201);
    const site = await api.post('/partner-api/sites', asPrincipal(narrowed.key, { body: { orgId: created.body.id, name: 'HQ' } }));
    expect(site.status).toBe(201);
    const list = await api.get('/partner-api/organizations', asPrincipal(narrowed.key));
    expect(list.body.data.map((o: { id: string }) => o.id).sort()).toEqual([seen.id, created.body.id].sort());
  });
});

describe('POST /partner-api/sites', () => {
  it('creates a site in an accessible organization, 403 for another partner\'s or a narrowed-out organization', async () => {
    const partner = await makePartner();
    const token = await adminOf(partner);
    const [a, b] = [await makeOrg(partner.id), await makeOrg(partner.id)];
    await db.organization.update({ where: { id: a.id }, data: { timezone: 'Europe/Berlin' } });
    const p = await makeMintingPrincipal(token);
    const res = await api.post('/partner-api/sites', asPrincipal(p.key, { body: { orgId: a.id, name: 'Main office', address: '1 Road', contact: { name: 'Ann', email: 'ann@example.test' } } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ siteId: res.body.id, orgId: a.id, partnerId: partner.id, name: 'Main office', timezone: 'Europe/Berlin', address: '1 Road' });
    expect((await db.auditLog.findFirstOrThrow({ where: { action: 'site.create', targetId: res.body.id } })).actorType).toBe('service_principal');

    const foreign = await makeOrg((await makePartner()).id);
    const cross = await api.post('/partner-api/sites', asPrincipal(p.key, { body: { orgId: foreign.id, name: 'Sneaky' } }));
    expect(cross.status).toBe(403);
    expect(await db.site.count({ where: { orgId: foreign.id } })).toBe(0);

    const narrowed = await makeMintingPrincipal(token, { orgIds: [a.id] });
    expect((await api.post('/partner-api/sites', asPrincipal(narrowed.key, { body: { orgId: b.id, name: 'Nope' } }))).status).toBe(403);
    const bad = await api.post('/partner-api/sites', asPrincipal(p.key, { body: { orgId: a.id, name: 'TZ', timezone: 'Mars/Olympus' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /partner-api/enrollment-keys', () => {
  let partner: Partner;
  let token: string;
  let org: Awaited<ReturnType<typeof makeOrg>>;
  beforeAll(async () => {
    partner = await makePartner();
    token = await adminOf(partner);
    org = await makeOrg(partner.id);
  });

  it('needs a principal with both an expiry and a CIDR allowlist', async () => {
    for (const restrictions of [{}, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, { allowedCidrs: ['203.0.113.0/24'] }]) {
      const p = await makePrincipal(token, { scopes: ['enrollment-keys:write'], ...restrictions });
      const res = await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { orgId: org.id, name: 'Rollout' } }));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('partner_provisioning_principal_restrictions_required');
    }
    expect(await db.enrollmentKey.count({ where: { orgId: org.id } })).toBe(0);
  });

  it('mints a key returned once (stored hashed) that enrolls a device into the site', async () => {
    const p = await makeMintingPrincipal(token);
    const site = await makeSite(org);
    const res = await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { orgId: org.id, siteId: site.id, name: 'Rollout', maxUsage: 120, ttlMinutes: 60, issueEnrollmentSecret: true } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orgId: org.id, siteId: site.id, name: 'Rollout', maxUsage: 120, usageCount: 0, status: 'active', hasEnrollmentSecret: true });
    expect(res.body.key).toMatch(/^ek_/);
    expect(res.body.enrollmentSecret).toMatch(/^es_/);
    expect(minutesFromNow(res.body.expiresAt)).toBe(60);
    const row = await db.enrollmentKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.keyHash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'enrollment_key.create', targetId: res.body.id } });
    expect(audit).toMatchObject({ actorType: 'service_principal', actorId: p.id, orgId: org.id });
    expect(JSON.stringify(audit)).not.toContain(res.body.key);

    const agent = await enroll(res.body.key, { enrollmentSecret: res.body.enrollmentSecret });
    expect(agent).toMatchObject({ orgId: org.id, siteId: site.id });
  });

  it('validates the doc 3 field rules (400, nothing minted)', async () => {
    const p = await makeMintingPrincipal(token);
    const other = await makeOrg(partner.id);
    const foreignSite = await makeSite(other);
    for (const body of [
      { orgId: org.id },
      { name: 'k' },
      { orgId: org.id, name: 'k', maxUsage: 0 },
      { orgId: org.id, name: 'k', maxUsage: 100_001 },
      { orgId: org.id, name: 'k', ttlMinutes: 0 },
      { orgId: org.id, name: 'k', ttlMinutes: 525_601 },
      { orgId: org.id, name: 'k', ttlMinutes: 10, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      { orgId: org.id, name: 'k', expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { orgId: org.id, name: 'k', siteId: foreignSite.id },
      { orgId: org.id, name: 'k', partnerId: partner.id },
    ]) {
      const res = await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.enrollmentKey.count({ where: { partnerId: partner.id, name: 'k' } })).toBe(0);
    const foreignOrg = await makeOrg((await makePartner()).id);
    expect((await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { orgId: foreignOrg.id, name: 'k' } }))).status).toBe(403);
  });

  it('defaults the lifetime to 30 days, clamped by PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES and the organization cap', async () => {
    const p = await makeMintingPrincipal(token);
    const mint = async (body: Record<string, unknown>, orgId = org.id) =>
      (await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { orgId, name: 'life', ...body } }))).body.expiresAt as string;
    expect(minutesFromNow(await mint({}))).toBe(43_200);
    process.env.PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES = '1440';
    resetEnvCache();
    expect(minutesFromNow(await mint({}))).toBe(1440);
    expect(minutesFromNow(await mint({ ttlMinutes: 100_000 }))).toBe(1440);
    expect(minutesFromNow(await mint({ expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }))).toBe(1440);
    expect(minutesFromNow(await mint({ ttlMinutes: 90 }))).toBe(90);
    const capped = await makeOrg(partner.id);
    await db.organization.update({ where: { id: capped.id }, data: { settings: { enrollmentKeyMaxTtlMinutes: 120 } } });
    expect(minutesFromNow(await mint({}, capped.id))).toBe(120);
    expect(minutesFromNow(await mint({ ttlMinutes: 60 }, capped.id))).toBe(60);
  });

  it('X-Idempotency-Key returns the first result for a repeated key without minting twice', async () => {
    const p = await makeMintingPrincipal(token);
    const body = { orgId: org.id, name: 'Idem', maxUsage: 5 };
    const headers = { 'x-idempotency-key': 'rollout-2026-11-21' };
    const first = await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body, headers }));
    expect(first.status).toBe(201);
    const [again, concurrent1, concurrent2] = await Promise.all([
      api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body, headers })),
      api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body, headers })),
      api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body, headers })),
    ]);
    for (const res of [again, concurrent1, concurrent2]) {
      expect(res.status).toBe(201);
      expect(res.body).toEqual(first.body);
      expect(res.headers.get('idempotency-replayed')).toBe('true');
    }
    expect(await db.enrollmentKey.count({ where: { orgId: org.id, name: 'Idem' } })).toBe(1);
    const stored = await db.partnerApiIdempotencyKey.findFirstOrThrow({ where: { servicePrincipalId: p.id } });
    expect(stored.response).not.toContain(first.body.key);

    const changed = await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { ...body, maxUsage: 6 }, headers }));
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys belong to one principal: another principal's same key is a new request.
    const other = await makeMintingPrincipal(token);
    const fresh = await api.post('/partner-api/enrollment-keys', asPrincipal(other.key, { body, headers }));
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(first.body.id);
    expect((await api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body, headers: { 'x-idempotency-key': '' } }))).status).toBe(400);

    // First use of a key by concurrent requests: one mint, every answer the same.
    const racing = await Promise.all([0, 1, 2, 3].map(() => api.post('/partner-api/enrollment-keys', asPrincipal(p.key, { body: { ...body, name: 'Race' }, headers: { 'x-idempotency-key': 'race' } }))));
    expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(racing.map((r) => r.body.key)).size).toBe(1);
    expect(await db.enrollmentKey.count({ where: { orgId: org.id, name: 'Race' } })).toBe(1);

    // Kept 24 hours: after that the worker drops the key and a repeat is a new request.
    expect(await pruneIdempotencyKeys(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await pruneIdempotencyKeys(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(2);
    expect(await db.partnerApiIdempotencyKey.count({ where: { servicePrincipalId: p.id } })).toBe(0);
  });
});

describe('budgets: 429 with Retry-After', () => {
  it('the write budget is min(key limit, 120) per hour per principal; replays take no slot', async () => {
    const partner = await makePartner();
    const token = await adminOf(partner);
    const p = await makeMintingPrincipal(token, { writeLimitPerHour: 3 });
    const write = (i: number, headers: Record<string, string> = {}) => api.post('/partner-api/organizations', asPrincipal(p.key, { body: { name: `O${i}`, slug: `o-${i}` }, headers }));
    expect((await write(1, { 'x-idempotency-key': 'one' })).status).toBe(201);
    expect((await write(1, { 'x-idempotency-key': 'one' })).status).toBe(201);
    expect((await write(2)).status).toBe(201);
    expect((await write(3)).status).toBe(201);
    const limited = await write(4);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await db.organization.count({ where: { partnerId: partner.id } })).toBe(3);
    // Reads are not writes.
    expect((await api.get('/partner-api/organizations', asPrincipal(p.key))).status).toBe(200);

    const big = await makeMintingPrincipal(token, { writeLimitPerHour: 10_000 });
    await db.rateLimitEvent.createMany({ data: Array.from({ length: 120 }, () => ({ key: `partner-api:write:${big.id}` })) });
    const capped = await api.post('/partner-api/sites', asPrincipal(big.key, { body: { orgId: (await makeOrg(partner.id)).id, name: 'S' } }));
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('mints: 10 per hour per principal and 100 per hour per partner, separate from the write budget', async () => {
    const partner = await makePartner();
    const token = await adminOf(partner);
    const org = await makeOrg(partner.id);
    const p = await makeMintingPrincipal(token);
    const mint = (key: string) => api.post('/partner-api/enrollment-keys', asPrincipal(key, { body: { orgId: org.id, name: 'cap' } }));
    // Concurrent mints cannot overshoot the cap.
    const burst = await Promise.all(Array.from({ length: 12 }, () => mint(p.key)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(2);
    const eleventh = await mint(p.key);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Ordinary writes still have budget.
    expect((await api.post('/partner-api/sites', asPrincipal(p.key, { body: { orgId: org.id, name: 'S' } }))).status).toBe(201);

    const second = await makeMintingPrincipal(token);
    await db.rateLimitEvent.createMany({ data: Array.from({ length: 90 }, () => ({ key: `partner-api:mint:partner:${partner.id}` })) });
    const partnerCapped = await mint(second.key);
    expect(partnerCapped.status).toBe(429);
    expect(partnerCapped.body.error.message).toContain('partner');
    expect(await db.enrollmentKey.count({ where: { orgId: org.id } })).toBe(10);
    // A refused mint took no slot of the principal's own budgets.
    expect(await db.rateLimitEvent.count({ where: { key: `partner-api:mint:principal:${second.id}` } })).toBe(0);
  });
});
