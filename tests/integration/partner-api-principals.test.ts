import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeApiKey, makeRole, withKey } from '../helpers/access';
import { asPrincipal, makePrincipal, PRINCIPAL_IP } from '../helpers/partner-api';
import { db } from '@/lib/db';
import { sha256Hex } from '@/lib/auth/secrets';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: { id: string };
let adminToken: string;

beforeAll(async () => {
  partner = await makePartner();
  admin = await makePartnerUser(partner);
  adminToken = await tokenFor(admin, { mfa: true });
});

describe('service-principal management', () => {
  it('creates a principal whose key is shown once and stored hashed, lists, gets and revokes it', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await api.post('/service-principals', {
      token: adminToken,
      body: { name: 'PSA sync', scopes: ['devices:read', 'devices:read', 'sites:read'], expiresAt, allowedCidrs: ['203.0.113.0/24', '2001:db8::1'], writeLimitPerHour: 500 },
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^svc_sp_[A-Za-z0-9_-]{49}$/);
    expect(res.body).toMatchObject({
      name: 'PSA sync', partnerId: partner.id, scopes: ['devices:read', 'sites:read'], orgAccess: 'all', status: 'active',
      writeLimitPerHour: 500, effectiveWritesPerHour: 120, canMintEnrollmentKeys: false, createdById: admin.id,
    });
    const row = await db.servicePrincipal.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.secretHash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);

    const list = await api.get('/service-principals', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(res.body.id);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    const got = await api.get(`/service-principals/${res.body.id}`, { token: adminToken });
    expect(got.body.key).toBeUndefined();
    expect((await db.auditLog.findFirstOrThrow({ where: { action: 'service_principal.create', targetId: res.body.id } })).actorId).toBe(admin.id);

    expect((await api.get('/partner-api/devices', asPrincipal(res.body.key))).status).toBe(200);
    expect((await api.delete(`/service-principals/${res.body.id}`, { token: adminToken })).status).toBe(204);
    expect((await api.delete(`/service-principals/${res.body.id}`, { token: adminToken })).status).toBe(204);
    const after = await api.get('/partner-api/devices', asPrincipal(res.body.key));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_API_KEY');
    expect((await api.get('/service-principals', { token: adminToken, query: { status: 'revoked' } })).body.data.map((p: { id: string }) => p.id)).toContain(res.body.id);
  });

  it('needs MFA, a partner admin with every organization, and grants no scope beyond the creator\'s permissions', async () => {
    const noMfa = await api.post('/service-principals', { token: await tokenFor(admin), body: { name: 'x', scopes: ['devices:read'] } });
    expect(noMfa.status).toBe(403);
    expect(noMfa.body.error.code).toBe('MFA_REQUIRED');
    expect((await api.get('/service-principals', { token: await tokenFor(admin) })).status).toBe(403);

    const org = await makeOrg(partner.id);
    const narrowRole = await makeRole(partner, ['api_keys:manage', 'devices:read', 'orgs:read']);
    const narrow = await makePartnerUser({ id: partner.id, roles: { N: narrowRole.id } }, { role: 'N', orgAccess: 'selected', orgIds: [org.id] });
    const narrowToken = await tokenFor(narrow, { mfa: true });
    expect((await api.post('/service-principals', { token: narrowToken, body: { name: 'x', scopes: ['devices:read'] } })).status).toBe(403);

    const readerRole = await makeRole(partner, ['api_keys:manage', 'devices:read', 'orgs:read']);
    const reader = await makePartnerUser({ id: partner.id, roles: { R: readerRole.id } }, { role: 'R' });
    const readerToken = await tokenFor(reader, { mfa: true });
    const escalate = await api.post('/service-principals', { token: readerToken, body: { name: 'x', scopes: ['devices:read', 'enrollment-keys:write'] } });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error).toMatchObject({ code: 'PRIVILEGE_ESCALATION', details: { missing: ['enrollment-keys:write'] } });
    expect((await api.post('/service-principals', { token: readerToken, body: { name: 'ok', scopes: ['devices:read'] } })).status).toBe(201);
  });

  it('rejects malformed input with the 400 envelope and creates nothing', async () => {
    const before = await db.servicePrincipal.count();
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['billing:manage'] },
      { name: 'x', scopes: ['devices:read'], allowedCidrs: ['not-an-ip'] },
      { name: 'x', scopes: ['devices:read'], expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'x', scopes: ['devices:read'], writeLimitPerHour: 0 },
      { name: 'x', scopes: ['devices:read'], partnerId: partner.id },
      { name: 'x', scopes: ['devices:read'], orgIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await api.post('/service-principals', { token: adminToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await db.servicePrincipal.count()).toBe(before);
  });

  it('edits a live principal in place: same key, new scopes and allowlist; audited; no escalation; revoked is 409', async () => {
    const principal = await makePrincipal(adminToken, { scopes: ['devices:read'] });
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await api.patch(`/service-principals/${principal.id}`, {
      token: adminToken,
      body: { name: 'Renamed', description: 'PSA', scopes: ['devices:read', 'sites:read'], expiresAt, allowedCidrs: ['198.51.100.0/24'], writeLimitPerHour: 60 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', description: 'PSA', scopes: ['devices:read', 'sites:read'], allowedCidrs: ['198.51.100.0/24'], writeLimitPerHour: 60, effectiveWritesPerHour: 60, status: 'active' });
    expect(res.body.key).toBeUndefined();
    expect(new Date(res.body.expiresAt).toISOString()).toBe(expiresAt);
    expect((await db.auditLog.findFirstOrThrow({ where: { action: 'service_principal.update', targetId: principal.id } })).actorId).toBe(admin.id);
    // The source allowlist now excludes the address the test client sends from.
    expect((await api.get('/partner-api/devices', asPrincipal(principal.key))).status).toBe(403);
    const cleared = await api.patch(`/service-principals/${principal.id}`, { token: adminToken, body: { allowedCidrs: [], expiresAt: null } });
    expect(cleared.body).toMatchObject({ allowedCidrs: [], expiresAt: null });
    expect((await api.get('/partner-api/devices', asPrincipal(principal.key))).status).toBe(200);

    const readerRole = await makeRole(partner, ['api_keys:manage', 'devices:read', 'orgs:read']);
    const reader = await makePartnerUser({ id: partner.id, roles: { R: readerRole.id } }, { role: 'R' });
    const escalate = await api.patch(`/service-principals/${principal.id}`, { token: await tokenFor(reader, { mfa: true }), body: { scopes: ['enrollment-keys:write'] } });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error.code).toBe('PRIVILEGE_ESCALATION');
    const bad = await api.patch(`/service-principals/${principal.id}`, { token: adminToken, body: { allowedCidrs: ['nope'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');

    const other = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.patch(`/service-principals/${principal.id}`, { token: otherToken, body: { name: 'hijack' } })).status).toBe(404);
    expect((await db.servicePrincipal.findUniqueOrThrow({ where: { id: principal.id } })).name).toBe('Renamed');

    expect((await api.delete(`/service-principals/${principal.id}`, { token: adminToken })).status).toBe(204);
    const revoked = await api.patch(`/service-principals/${principal.id}`, { token: adminToken, body: { name: 'again' } });
    expect(revoked.status).toBe(409);
    expect(revoked.body.error.code).toBe('SERVICE_PRINCIPAL_REVOKED');
  });

  it('another partner\'s admin gets 404 and cannot revoke', async () => {
    const principal = await makePrincipal(adminToken);
    const other = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.get(`/service-principals/${principal.id}`, { token: otherToken })).status).toBe(404);
    expect((await api.delete(`/service-principals/${principal.id}`, { token: otherToken })).status).toBe(404);
    expect((await api.get('/service-principals', { token: otherToken })).body.data).toEqual([]);
    expect((await db.servicePrincipal.findUniqueOrThrow({ where: { id: principal.id } })).revokedAt).toBeNull();
  });
});

describe('X-API-Key service-principal authentication', () => {
  it('is accepted only on /partner-api/*, and the partner API takes nothing else', async () => {
    const principal = await makePrincipal(adminToken);
    const elsewhere = await api.get('/orgs/organizations', asPrincipal(principal.key));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.code).toBe('INVALID_API_KEY');
    const bearer = await api.get('/orgs/organizations', { headers: { authorization: `Bearer ${principal.key}` } });
    expect(bearer.status).toBe(401);

    expect((await api.get('/partner-api/organizations', { token: adminToken })).status).toBe(401);
    const userKey = await makeApiKey(admin, ['orgs:read']);
    const wrongClass = await api.get('/partner-api/organizations', { ...withKey(userKey.key), ip: PRINCIPAL_IP });
    expect(wrongClass.status).toBe(401);
    expect(wrongClass.body.error.code).toBe('API_KEY_NOT_ACCEPTED');
    const madeUp = await api.get('/partner-api/organizations', asPrincipal(`svc_sp_${'A'.repeat(49)}`));
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.error.code).toBe('INVALID_API_KEY');
  });

  it('enforces expiry, the source-CIDR allowlist and the partner guard, never MFA', async () => {
    const restricted = await makePrincipal(adminToken, { allowedCidrs: ['203.0.113.0/24'], expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await api.get('/partner-api/organizations', asPrincipal(restricted.key))).status).toBe(200);
    const outside = await api.get('/partner-api/organizations', asPrincipal(restricted.key, { ip: '198.51.100.1' }));
    expect(outside.status).toBe(403);
    expect(outside.body.error.code).toBe('SOURCE_IP_NOT_ALLOWED');
    const row = await db.servicePrincipal.findUniqueOrThrow({ where: { id: restricted.id } });
    expect(row.lastUsedIp).toBe(PRINCIPAL_IP);

    await db.servicePrincipal.update({ where: { id: restricted.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.get('/partner-api/organizations', asPrincipal(restricted.key))).status).toBe(401);

    const suspended = await makePartner();
    const suspendedAdmin = await tokenFor(await makePartnerUser(suspended), { mfa: true });
    const key = await makePrincipal(suspendedAdmin);
    await db.partner.update({ where: { id: suspended.id }, data: { status: 'suspended' } });
    const blocked = await api.get('/partner-api/organizations', asPrincipal(key.key));
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('PARTNER_INACTIVE');
  });

  it('deleting the partner revokes its principals for good', async () => {
    const doomed = await makePartner();
    const doomedAdmin = await tokenFor(await makePartnerUser(doomed), { mfa: true });
    const key = await makePrincipal(doomedAdmin);
    const platform = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await api.delete(`/orgs/partners/${doomed.id}`, { token: platform })).status).toBe(204);
    expect((await db.servicePrincipal.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();
    await db.partner.update({ where: { id: doomed.id }, data: { deletedAt: null } });
    expect((await api.get('/partner-api/organizations', asPrincipal(key.key))).status).toBe(401);
  });
});
