import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, makePlatformAdmin, makeOrgUser, makeOrg, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

let sys: string; // platform admin with MFA satisfied
let sysBare: string; // platform admin without MFA

beforeAll(async () => {
  const admin = await makePlatformAdmin();
  sys = await tokenFor(admin, { mfa: true });
  sysBare = await tokenFor(admin);
});

describe('partners (system scope)', () => {
  it('creates with defaults and built-in roles, and rejects a duplicate slug', async () => {
    const res = await api.post('/orgs/partners', { token: sys, body: { name: 'Acme MSP', slug: 'acme-msp' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Acme MSP', slug: 'acme-msp', type: 'msp', plan: 'free', status: 'active', serviceManagementMode: 'native', deletedAt: null });
    const roles = await db.role.findMany({ where: { partnerId: res.body.id }, orderBy: { name: 'asc' } });
    expect(roles.map((r) => r.name)).toContain('Partner Admin');
    expect(roles.every((r) => r.isSystem)).toBe(true);
    const dup = await api.post('/orgs/partners', { token: sys, body: { name: 'Other', slug: 'acme-msp' } });
    expect(dup.status).toBe(409);
  });

  it('validates enums and slug format', async () => {
    const bad = await api.post('/orgs/partners', { token: sys, body: { name: 'B', slug: 'Not A Slug', type: 'reseller' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.slug', 'body.type']);
  });

  it('lists with page/limit (default 50, max 100) and hides soft-deleted partners', async () => {
    const doomed = await makePartner();
    const page = await api.get('/orgs/partners', { token: sys, query: { limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(page.body.data).toHaveLength(2);
    expect((await api.get('/orgs/partners', { token: sys, query: { limit: 101 } })).status).toBe(400);
    expect((await api.get('/orgs/partners', { token: sys })).body.pagination.limit).toBe(50);

    expect((await api.delete(`/orgs/partners/${doomed.id}`, { token: sys })).status).toBe(204);
    expect((await api.get(`/orgs/partners/${doomed.id}`, { token: sys })).status).toBe(404);
    const all = await api.get('/orgs/partners', { token: sys, query: { limit: 100 } });
    expect(all.body.data.find((p: { id: string }) => p.id === doomed.id)).toBeUndefined();
    expect((await api.patch(`/orgs/partners/${doomed.id}`, { token: sys, body: { name: 'x' } })).status).toBe(404);
  });

  it('PATCH needs a field, system scope and MFA', async () => {
    const partner = await makePartner();
    expect((await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: {} })).status).toBe(400);
    const bare = await api.patch(`/orgs/partners/${partner.id}`, { token: sysBare, body: { plan: 'pro' } });
    expect(bare.status).toBe(403);
    expect(bare.body.error.code).toBe('MFA_REQUIRED');
    const partnerAdmin = await tokenFor(await makePartnerUser(partner), { mfa: true });
    expect((await api.patch(`/orgs/partners/${partner.id}`, { token: partnerAdmin, body: { plan: 'pro' } })).status).toBe(403);
    const ok = await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { plan: 'pro', maxDevices: 500 } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ plan: 'pro', maxDevices: 500 });
  });

  it('blocks every authenticated route for pending, suspended and churned partners', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const orgUserToken = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id)), { mfa: true });
    for (const status of ['pending', 'suspended', 'churned'] as const) {
      await db.partner.update({ where: { id: partner.id }, data: { status } });
      for (const t of [token, orgUserToken]) {
        const res = await api.get('/users/me', { token: t });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('PARTNER_INACTIVE');
      }
    }
    await db.partner.update({ where: { id: partner.id }, data: { status: 'active' } });
    expect((await api.get('/users/me', { token })).status).toBe(200);
  });

  it('offboarding revokes every session of the partner at once; churned cannot come back', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const res = await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { status: 'offboarding' } });
    expect(res.status).toBe(200);
    expect((await api.get('/users/me', { token })).status).toBe(401);
    await db.partner.update({ where: { id: partner.id }, data: { status: 'churned' } });
    expect((await api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { status: 'active' } })).status).toBe(409);
  });
});

describe('GET/PATCH /orgs/partners/me', () => {
  it('merges settings: omitted keys are kept, [] clears the allowlist', async () => {
    process.env.TRUST_PROXY_HEADERS = 'true';
    process.env.TRUSTED_PROXY_CIDRS = '10.0.0.0/8';
    resetEnvCache();
    try {
      const partner = await makePartner({ settings: { timezone: 'UTC', contact: { name: 'Ops' } } });
      const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
      const set = await api.patch('/orgs/partners/me', { token, body: { settings: { security: { ipAllowlist: ['127.0.0.1', '192.168.0.0/16', '::ffff:10.1.2.3'] } } } });
      expect(set.status).toBe(200);
      expect(set.body.settings).toMatchObject({ timezone: 'UTC', contact: { name: 'Ops' }, security: { ipAllowlist: ['127.0.0.1', '192.168.0.0/16', '::ffff:10.1.2.3'] } });

      const other = await api.patch('/orgs/partners/me', { token, body: { settings: { timezone: 'Europe/Berlin' } } });
      expect(other.body.settings.security.ipAllowlist).toHaveLength(3);
      expect(other.body.settings.timezone).toBe('Europe/Berlin');

      const cleared = await api.patch('/orgs/partners/me', { token, body: { settings: { security: { ipAllowlist: [] } } } });
      expect(cleared.body.settings.security.ipAllowlist).toEqual([]);
    } finally {
      delete process.env.TRUST_PROXY_HEADERS;
      delete process.env.TRUSTED_PROXY_CIDRS;
      resetEnvCache();
    }
  });

  it('rejects invalid allowlist entries, and any allowlist without trusted-proxy configuration', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const invalid = await api.patch('/orgs/partners/me', { token, body: { settings: { security: { ipAllowlist: ['10.0.0.0/33'] } } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain('10.0.0.0/33');
    const noProxy = await api.patch('/orgs/partners/me', { token, body: { settings: { security: { ipAllowlist: ['10.0.0.1'] } } } });
    expect(noProxy.status).toBe(400);
    expect(noProxy.body.error.code).toBe('proxy_trust_required');
  });

  it('enforces the service-management mode and PSA connection rules', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const psa = (await db.psaConnection.create({ data: { partnerId: partner.id, provider: 'halopsa', name: 'PSA', baseUrl: 'https://psa.example', credentialsSealed: 'x', credentialHint: '****' } })).id;
    expect((await api.patch('/orgs/partners/me', { token, body: { serviceManagementMode: 'external' } })).status).toBe(400);
    expect((await api.patch('/orgs/partners/me', { token, body: { serviceManagementMode: 'off', serviceManagementPsaConnectionId: psa } })).status).toBe(400);
    const ext = await api.patch('/orgs/partners/me', { token, body: { serviceManagementMode: 'external', serviceManagementPsaConnectionId: psa } });
    expect(ext.body).toMatchObject({ serviceManagementMode: 'external', serviceManagementPsaConnectionId: psa });
    const off = await api.patch('/orgs/partners/me', { token, body: { serviceManagementMode: 'off' } });
    expect(off.body).toMatchObject({ serviceManagementMode: 'off', serviceManagementPsaConnectionId: null });
    expect((await api.patch('/orgs/partners/me', { token, body: { settings: { security: 'x' } } })).status).toBe(400);
    expect((await api.patch('/orgs/partners/me', { token, body: {} })).status).toBe(400);
  });

  it('reads an unrecognised stored mode as native', async () => {
    const partner = await makePartner();
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'legacy-thing' } });
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    expect((await api.get('/orgs/partners/me', { token })).body.serviceManagementMode).toBe('native');
  });

  it('needs partner:manage to change settings', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
    expect((await api.patch('/orgs/partners/me', { token, body: { name: 'x' } })).status).toBe(403);
    expect((await api.get('/orgs/partners/me', { token })).status).toBe(200);
  });
});
