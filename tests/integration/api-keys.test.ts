import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeApiKey, makeRole, withKey } from '../helpers/access';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';
import { API_KEY_PATTERN } from '@/lib/api-keys/api-key-secret';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let owner: { id: string; email: string };
let ownerToken: string;

beforeAll(async () => {
  process.env.TRUST_PROXY_HEADERS = 'true';
  process.env.TRUSTED_PROXY_CIDRS = '10.99.0.0/16';
  resetEnvCache();
  partner = await makePartner();
  owner = await makePartnerUser(partner);
  ownerToken = await tokenFor(owner, { mfa: true });
});
afterAll(() => {
  delete process.env.TRUST_PROXY_HEADERS;
  delete process.env.TRUSTED_PROXY_CIDRS;
  resetEnvCache();
});

describe('creating and using API keys', () => {
  it('shows the secret once, stores only its digest, and authenticates X-API-Key and Bearer', async () => {
    const org = await makeOrg(partner.id, 'Zulu');
    const res = await api.post('/api-keys', { token: ownerToken, body: { name: 'PSA sync', scopes: ['orgs:read', 'orgs:read', 'users:read'] } });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(API_KEY_PATTERN);
    expect(res.body).toMatchObject({ name: 'PSA sync', scopes: ['orgs:read', 'users:read'], status: 'active', owner: { id: owner.id }, partnerId: partner.id, expiresAt: null, lastUsedAt: null });
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.secretHash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);
    const got = await api.get(`/api-keys/${res.body.id}`, { token: ownerToken });
    expect(got.body.key).toBeUndefined();
    expect(JSON.stringify((await api.get('/api-keys', { token: ownerToken })).body)).not.toContain(res.body.key);

    const viaHeader = await api.get('/orgs/organizations', { ...withKey(res.body.key), ip: '198.51.100.20' });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body.data.map((o: { id: string }) => o.id)).toContain(org.id);
    const used = await api.get(`/api-keys/${res.body.id}`, { token: ownerToken });
    expect(used.body.lastUsedAt).not.toBeNull();
    expect(used.body.lastUsedIp).toBe('198.51.100.20');
    const viaBearer = await api.get(`/orgs/organizations/${org.id}`, { headers: { authorization: `Bearer ${res.body.key}` }, ip: '192.0.2.44' });
    expect(viaBearer.status).toBe(200);
    // A new address is recorded at once (same-address use is written at most once a minute).
    expect((await api.get(`/api-keys/${res.body.id}`, { token: ownerToken })).body.lastUsedIp).toBe('192.0.2.44');
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: res.body.id } })).updatedAt).toEqual(row.updatedAt);
  });

  it('scopes narrow the key, and the owner\'s current permissions narrow it further at request time', async () => {
    const role = await makeRole(partner, ['orgs:read', 'orgs:write', 'users:read', 'api_keys:manage']);
    const user = await makePartnerUser({ id: partner.id, roles: { R: role.id } }, { role: 'R' });
    const key = await makeApiKey(user, ['orgs:read', 'users:read']);
    expect((await api.get('/users', withKey(key.key))).status).toBe(200);
    const write = await api.post('/orgs/contacts', { ...withKey(key.key), body: { name: 'Nope' } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe('Missing permission orgs:write');
    // The owner loses users:read: the key loses it on the next request.
    await db.role.update({ where: { id: role.id }, data: { permissions: ['orgs:read', 'orgs:write', 'api_keys:manage'] } });
    expect((await api.get('/users', withKey(key.key))).status).toBe(403);
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(200);
    // Scopes beyond the owner's permissions are refused at creation and on change.
    const token = await tokenFor(user, { mfa: true });
    const wide = await api.post('/api-keys', { token, body: { name: 'wide', scopes: ['orgs:read', 'billing:manage'] } });
    expect(wide.status).toBe(403);
    expect(wide.body.error).toMatchObject({ code: 'PRIVILEGE_ESCALATION', details: { missing: ['billing:manage'] } });
    expect((await api.patch(`/api-keys/${key.id}`, { token, body: { scopes: ['users:read'] } })).status).toBe(403);
    expect((await api.post('/api-keys', { token, body: { name: 'empty', scopes: [] } })).status).toBe(400);
  });

  it('keys act with the owner\'s organization access', async () => {
    const [a, b] = [await makeOrg(partner.id), await makeOrg(partner.id)];
    const role = await makeRole(partner, ['orgs:read', 'api_keys:manage']);
    const user = await makePartnerUser({ id: partner.id, roles: { R: role.id } }, { role: 'R', orgAccess: 'selected', orgIds: [a.id] });
    const key = await makeApiKey(user, ['orgs:read']);
    expect((await api.get(`/orgs/organizations/${a.id}`, withKey(key.key))).status).toBe(200);
    expect((await api.get(`/orgs/organizations/${b.id}`, withKey(key.key))).status).toBe(404);
    const orgUserRole = await makeRole(partner, ['orgs:read', 'api_keys:manage'], { scope: 'organization' });
    const customer = await makeOrgUser({ roles: { C: orgUserRole.id } }, b, { role: 'C' });
    const customerKey = await makeApiKey(customer, ['orgs:read']);
    expect((await api.get('/orgs/organizations', withKey(customerKey.key))).body.data.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: customerKey.id } })).orgId).toBe(b.id);
  });

  it('expired, revoked and made-up keys are refused; human-only and MFA-gated routes never accept keys', async () => {
    const key = await makeApiKey(owner, ['orgs:read', 'orgs:write', 'users:read'], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(key.body.expiresAt).not.toBeNull();
    expect((await api.post('/api-keys', { token: ownerToken, body: { name: 'past', scopes: ['orgs:read'], expiresAt: '2001-01-01T00:00:00Z' } })).status).toBe(400);

    const me = await api.get('/users/me', withKey(key.key));
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('API_KEY_NOT_ACCEPTED');
    expect((await api.get('/users/me', { headers: { authorization: `Bearer ${key.key}` } })).body.error.code).toBe('API_KEY_NOT_ACCEPTED');
    expect((await api.post('/api-keys', { ...withKey(key.key), body: { name: 'x', scopes: ['orgs:read'] } })).status).toBe(401);
    const org = await makeOrg(partner.id);
    expect((await api.delete(`/orgs/organizations/${org.id}`, withKey(key.key))).status).toBe(401);
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).deletedAt).toBeNull();

    const typo = key.key.slice(0, -1) + (key.key.endsWith('A') ? 'B' : 'A');
    expect((await api.get('/orgs/organizations', withKey(typo))).body.error.code).toBe('INVALID_API_KEY');
    expect((await api.get('/orgs/organizations', withKey('svc_sp_abc'))).body.error.message).toContain('partner API');
    // A bad JWT next to no key reports the JWT, not a missing key.
    expect((await api.get('/orgs/organizations', { token: 'not-a-jwt' })).body.error.code).toBe('INVALID_TOKEN');

    await db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.get('/orgs/organizations', withKey(key.key));
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('API key has expired');
    expect((await api.get(`/api-keys/${key.id}`, { token: ownerToken })).body.status).toBe('expired');

    const live = await makeApiKey(owner, ['orgs:read']);
    expect((await api.delete(`/api-keys/${live.id}`, { token: ownerToken })).status).toBe(204);
    expect((await api.delete(`/api-keys/${live.id}`, { token: ownerToken })).status).toBe(204);
    const revoked = await api.get('/orgs/organizations', withKey(live.key));
    expect(revoked.body.error).toMatchObject({ code: 'INVALID_API_KEY', message: 'API key has been revoked' });
    expect((await api.get(`/api-keys/${live.id}`, { token: ownerToken })).body).toMatchObject({ status: 'revoked', revokedReason: 'revoked_by_owner' });
    expect((await api.post(`/api-keys/${live.id}/rotate`, { token: ownerToken, body: {} })).body.error.code).toBe('API_KEY_REVOKED');
  });

  it('writes through a key are audited with the key as actor and its owner on record', async () => {
    const key = await makeApiKey(owner, ['orgs:read', 'orgs:write']);
    const org = await makeOrg(partner.id);
    const created = await api.post('/orgs/contacts', { ...withKey(key.key), body: { orgId: org.id, name: 'Made by a key', email: 'made@key.test' } });
    expect(created.status).toBe(201);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'contact.create', targetId: created.body.id } });
    expect(audit).toMatchObject({ actorType: 'api_key', actorId: key.id, actorEmail: owner.email, partnerId: partner.id });
    expect(audit.details).toMatchObject({ apiKeyOwnerId: owner.id });
  });
});

describe('rotation', () => {
  it('gives a new secret; without grace the old one stops at once', async () => {
    const key = await makeApiKey(owner, ['orgs:read']);
    const rotated = await api.post(`/api-keys/${key.id}/rotate`, { token: ownerToken, body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(key.key);
    expect(rotated.body).toMatchObject({ id: key.id, previousSecretExpiresAt: null });
    expect(rotated.body.rotatedAt).not.toBeNull();
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(401);
    expect((await api.get('/orgs/organizations', withKey(rotated.body.key))).status).toBe(200);
  });

  it('with a grace period both secrets work until it ends; a second rotation ends it early', async () => {
    const key = await makeApiKey(owner, ['orgs:read']);
    const first = await api.post(`/api-keys/${key.id}/rotate`, { token: ownerToken, body: { gracePeriodSeconds: 3600 } });
    expect(Date.parse(first.body.previousSecretExpiresAt)).toBeGreaterThan(Date.now() + 3500_000);
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(200);
    expect((await api.get('/orgs/organizations', withKey(first.body.key))).status).toBe(200);
    // Time passes: the grace ends.
    await db.apiKey.update({ where: { id: key.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const late = await api.get('/orgs/organizations', withKey(key.key));
    expect(late.status).toBe(401);
    expect(late.body.error.message).toContain('grace period has ended');
    expect((await api.get('/orgs/organizations', withKey(first.body.key))).status).toBe(200);

    const second = await api.post(`/api-keys/${key.id}/rotate`, { token: ownerToken, body: { gracePeriodSeconds: 60 } });
    const third = await api.post(`/api-keys/${key.id}/rotate`, { token: ownerToken, body: { gracePeriodSeconds: 60 } });
    expect((await api.get('/orgs/organizations', withKey(first.body.key))).status).toBe(401);
    expect((await api.get('/orgs/organizations', withKey(second.body.key))).status).toBe(200);
    expect((await api.get('/orgs/organizations', withKey(third.body.key))).status).toBe(200);
    expect((await api.post(`/api-keys/${key.id}/rotate`, { token: ownerToken, body: { gracePeriodSeconds: 10 ** 9 } })).status).toBe(400);
    // Revoking also ends the grace secret.
    await api.delete(`/api-keys/${key.id}`, { token: ownerToken });
    expect((await api.get('/orgs/organizations', withKey(second.body.key))).status).toBe(401);
  });
});

describe('who manages which keys', () => {
  it('only the owner changes or rotates a key; an administrator sees and revokes the keys of users they manage', async () => {
    const role = await makeRole(partner, ['orgs:read', 'api_keys:manage']);
    const dev = await makePartnerUser({ id: partner.id, roles: { D: role.id } }, { role: 'D' });
    const devKey = await makeApiKey(dev, ['orgs:read']);
    const devToken = await tokenFor(dev, { mfa: true });
    // The developer sees only their own keys.
    const own = await api.get('/api-keys', { token: devToken });
    expect(own.body.data.map((k: { id: string }) => k.id)).toEqual([devKey.id]);
    // The admin (users:manage) sees them and can revoke, but not rotate or re-scope.
    const listed = await api.get('/api-keys', { token: ownerToken, query: { userId: dev.id } });
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([devKey.id]);
    expect((await api.post(`/api-keys/${devKey.id}/rotate`, { token: ownerToken, body: {} })).body.error.code).toBe('NOT_KEY_OWNER');
    expect((await api.patch(`/api-keys/${devKey.id}`, { token: ownerToken, body: { name: 'mine' } })).body.error.code).toBe('NOT_KEY_OWNER');
    expect((await api.delete(`/api-keys/${devKey.id}`, { token: ownerToken })).status).toBe(204);
    expect((await api.get(`/api-keys/${devKey.id}`, { token: devToken })).body).toMatchObject({ status: 'revoked', revokedReason: 'revoked_by_admin' });
    // The developer cannot see or touch the admin's keys.
    const adminKey = await makeApiKey(owner, ['orgs:read']);
    expect((await api.get(`/api-keys/${adminKey.id}`, { token: devToken })).status).toBe(404);
    expect((await api.delete(`/api-keys/${adminKey.id}`, { token: devToken })).status).toBe(404);
    const renamed = await api.patch(`/api-keys/${(await makeApiKey(dev, ['orgs:read'])).id}`, { token: devToken, body: { name: 'Renamed', expiresAt: null } });
    expect(renamed.body.name).toBe('Renamed');
  });

  it('another partner gets 404 on every key route and the key is unchanged', async () => {
    const key = await makeApiKey(owner, ['orgs:read']);
    const outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    const before = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    const attempts = [
      api.get(`/api-keys/${key.id}`, { token: outsider }),
      api.patch(`/api-keys/${key.id}`, { token: outsider, body: { name: 'Stolen' } }),
      api.delete(`/api-keys/${key.id}`, { token: outsider }),
      api.post(`/api-keys/${key.id}/rotate`, { token: outsider, body: {} }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toEqual(before);
    expect((await api.get('/api-keys', { token: outsider })).body.data).toEqual([]);
  });
});

describe('partner policies on keys', () => {
  it('partner-scoped keys obey the IP allowlist; platform keys are exempt', async () => {
    const p = await makePartner();
    const admin = await makePartnerUser(p);
    const key = await makeApiKey(admin, ['orgs:read']);
    await db.partner.update({ where: { id: p.id }, data: { settings: { security: { ipAllowlist: ['203.0.113.0/24'] } } } });
    const denied = await api.get('/orgs/organizations', { ...withKey(key.key), ip: '198.51.100.9' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('IP_NOT_ALLOWED');
    expect((await api.get('/orgs/organizations', { ...withKey(key.key), ip: '203.0.113.7' })).status).toBe(200);
    expect((await api.get('/orgs/organizations', { ...withKey(key.key), ip: '10.99.0.1', headers: { 'x-api-key': key.key, 'x-forwarded-for': '203.0.113.8' } })).status).toBe(200);
    expect((await api.get('/orgs/organizations', { ...withKey(key.key), ip: null })).body.error.code).toBe('untrusted_ip');
    expect(await db.auditLog.count({ where: { partnerId: p.id, action: 'security.ip_denied' } })).toBeGreaterThan(0);

    const sys = await makePlatformAdmin();
    const sysKey = await makeApiKey(sys, ['orgs:read']);
    expect((await api.get('/orgs/organizations', { ...withKey(sysKey.key), ip: '198.51.100.9' })).status).toBe(200);
  });

  it('an inactive partner blocks its keys; offboarding revokes them at once and for good', async () => {
    const p = await makePartner();
    const admin = await makePartnerUser(p);
    const key = await makeApiKey(admin, ['orgs:read']);
    await db.partner.update({ where: { id: p.id }, data: { status: 'suspended' } });
    const blocked = await api.get('/orgs/organizations', withKey(key.key));
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('PARTNER_INACTIVE');
    await db.partner.update({ where: { id: p.id }, data: { status: 'active' } });
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(200);

    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await api.patch(`/orgs/partners/${p.id}`, { token: sys, body: { status: 'offboarding' } })).status).toBe(200);
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(401);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedReason: 'partner_offboarding' });
    await api.patch(`/orgs/partners/${p.id}`, { token: sys, body: { status: 'active' } });
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(401);
  });

  it('deleting a partner revokes its keys and kills pending invitations', async () => {
    const p = await makePartner();
    const admin = await makePartnerUser(p);
    const key = await makeApiKey(admin, ['orgs:read']);
    const invite = await api.post('/users/invite', { token: await tokenFor(admin, { mfa: true }), body: { email: `pending-${p.slug}@example.test`, name: 'P', roleId: p.roles['Read Only'] } });
    expect(invite.status).toBe(201);
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await api.delete(`/orgs/partners/${p.id}`, { token: sys })).status).toBe(204);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedReason).toBe('partner_deleted');
    expect(await db.userInvitation.count({ where: { partnerId: p.id } })).toBe(0);
  });

  it('creating, changing and rotating keys needs a completed MFA challenge', async () => {
    const noMfa = await tokenFor(owner);
    const res = await api.post('/api-keys', { token: noMfa, body: { name: 'x', scopes: ['orgs:read'] } });
    expect(res.body.error.code).toBe('MFA_REQUIRED');
    const key = await makeApiKey(owner, ['orgs:read']);
    expect((await api.post(`/api-keys/${key.id}/rotate`, { token: noMfa, body: {} })).body.error.code).toBe('MFA_REQUIRED');
    // Listing and revoking do not need it.
    expect((await api.get('/api-keys', { token: noMfa })).status).toBe(200);
    expect((await api.delete(`/api-keys/${key.id}`, { token: noMfa })).status).toBe(204);
  });
});
