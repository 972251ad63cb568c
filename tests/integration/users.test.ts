import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PARTNER_ROLES, type Permission } from '@/lib/auth/permissions';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeApiKey, makeRole, withKey } from '../helpers/access';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let other: Partner;
let adminUser: { id: string };
let admin: string;

beforeAll(async () => {
  partner = await makePartner();
  other = await makePartner();
  adminUser = await makePartnerUser(partner, { name: 'Aaron Admin' });
  admin = await tokenFor(adminUser, { mfa: true });
});

describe('listing and reading users', () => {
  it('shows partner staff and the organization users the caller can see', async () => {
    const p = await makePartner();
    const [orgA, orgB] = [await makeOrg(p.id, 'A'), await makeOrg(p.id, 'B')];
    const boss = await makePartnerUser(p, { name: 'Boss' });
    await makePartnerUser(p, { name: 'Tech', role: 'Technician', orgAccess: 'selected', orgIds: [orgA.id] });
    await makeOrgUser(p, orgA, { name: 'Customer A' });
    await makeOrgUser(p, orgB, { name: 'Customer B' });
    await makePartnerUser(other, { name: 'Foreign' });

    const all = await api.get('/users', { token: await tokenFor(boss) });
    expect(all.status).toBe(200);
    expect(all.body.data.map((u: { name: string }) => u.name)).toEqual(['Boss', 'Customer A', 'Customer B', 'Tech']);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 4 });

    // orgAccess selected: partner staff plus organization users of the selected organization only.
    const reader = await tokenFor(await makePartnerUser(p, { name: 'Reader', role: 'Read Only', orgAccess: 'selected', orgIds: [orgB.id] }));
    const seen = await api.get('/users', { token: reader });
    expect(seen.body.data.map((u: { name: string }) => u.name)).toEqual(['Boss', 'Customer B', 'Reader', 'Tech']);
    // orgAccess none: partner staff only.
    const none = await tokenFor(await makePartnerUser(p, { name: 'Nobody', role: 'Read Only', orgAccess: 'none' }));
    expect((await api.get('/users', { token: none })).body.data.every((u: { scope: string }) => u.scope === 'partner')).toBe(true);
    // Organization users see their own organization's users only.
    const customer = await tokenFor(await makeOrgUser(p, orgA, { name: 'Customer A2' }));
    const own = await api.get('/users', { token: customer });
    expect(own.body.data.map((u: { name: string }) => u.name)).toEqual(['Customer A', 'Customer A2']);

    const filtered = await api.get('/users', { token: await tokenFor(boss), query: { scope: 'organization', search: 'customer b' } });
    expect(filtered.body.data.map((u: { name: string }) => u.name)).toEqual(['Customer B']);
    const byRole = await api.get('/users', { token: await tokenFor(boss), query: { roleId: p.roles.Technician } });
    expect(byRole.body.data.map((u: { name: string }) => u.name)).toEqual(['Tech']);
    expect((await api.get('/users', { token: await tokenFor(boss), query: { limit: 1000 } })).status).toBe(400);
  });

  it('GET /users/:id returns role and access; other tenants get 404', async () => {
    const org = await makeOrg(partner.id);
    const tech = await makePartnerUser(partner, { role: 'Technician', orgAccess: 'selected', orgIds: [org.id] });
    const res = await api.get(`/users/${tech.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tech.id, status: 'active', scope: 'partner', partnerId: partner.id, orgAccess: 'selected', orgIds: [org.id], role: { id: partner.roles.Technician, name: 'Technician', isSystem: true } });
    const foreign = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.get(`/users/${tech.id}`, { token: foreign })).status).toBe(404);
    expect((await api.get('/users/not-a-uuid', { token: admin })).status).toBe(404);
  });

  it('GET /users/roles lists only the roles the caller may assign', async () => {
    const all = await api.get('/users/roles', { token: admin });
    expect(all.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['Organization Admin', 'Organization User', 'Partner Admin', 'Read Only', 'Technician']);
    // Holds every permission of Organization User (so may assign it) and not those of the others.
    const orgUser = BUILT_IN_PARTNER_ROLES.find((r) => r.name === 'Organization User')!.permissions;
    const lead = await makeRole(partner, [...new Set<Permission>(['users:read', 'users:manage', ...orgUser])]);
    const leadToken = await tokenFor(await makePartnerUser({ id: partner.id, roles: { Lead: lead.id } }, { role: 'Lead' }));
    const limited = await api.get('/users/roles', { token: leadToken });
    expect(limited.body.data.map((r: { name: string }) => r.name).sort()).toEqual([lead.name, 'Organization User']);
  });
});

describe('changing users', () => {
  it('a role change applies on the very next request of that user', async () => {
    const user = await makePartnerUser(partner, { role: 'Read Only' });
    const token = await tokenFor(user, { mfa: true });
    expect((await api.post('/orgs/organizations', { token, body: { name: 'Before' } })).status).toBe(403);
    const res = await api.post(`/users/${user.id}/role`, { token: admin, body: { roleId: partner.roles['Partner Admin'] } });
    expect(res.status).toBe(200);
    expect(res.body.role.name).toBe('Partner Admin');
    expect((await api.post('/orgs/organizations', { token, body: { name: 'After' } })).status).toBe(201);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'user.role_change', targetId: user.id } });
    expect(audit.details).toMatchObject({ from: { name: 'Read Only' }, to: { name: 'Partner Admin' } });
    // Organization roles do not fit partner users.
    const mismatch = await api.post(`/users/${user.id}/role`, { token: admin, body: { roleId: partner.roles['Organization User'] } });
    expect(mismatch.body.error.code).toBe('ROLE_SCOPE_MISMATCH');
  });

  it('PATCH changes name, org access (effective at once) and status; disabling ends sessions', async () => {
    const [orgA, orgB] = [await makeOrg(partner.id), await makeOrg(partner.id)];
    const integrator = await makeRole(partner, ['orgs:read', 'devices:read', 'api_keys:manage']);
    const user = await makePartnerUser({ id: partner.id, roles: { Integrator: integrator.id } }, { role: 'Integrator' });
    const token = await tokenFor(user);
    const narrowed = await api.patch(`/users/${user.id}`, { token: admin, body: { name: 'Renamed', orgAccess: 'selected', orgIds: [orgB.id] } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body).toMatchObject({ name: 'Renamed', orgAccess: 'selected', orgIds: [orgB.id] });
    expect((await api.get(`/orgs/organizations/${orgA.id}`, { token })).status).toBe(404);
    expect((await api.get(`/orgs/organizations/${orgB.id}`, { token })).status).toBe(200);
    const unknownOrg = await api.patch(`/users/${user.id}`, { token: admin, body: { orgAccess: 'selected', orgIds: [(await makeOrg(other.id)).id] } });
    expect(unknownOrg.status).toBe(400);
    expect((await api.patch(`/users/${user.id}`, { token: admin, body: { orgAccess: 'all', orgIds: [orgA.id] } })).status).toBe(400);
    expect((await api.patch(`/users/${user.id}`, { token: admin, body: {} })).status).toBe(400);

    const key = await makeApiKey(user, ['orgs:read']);
    const disabled = await api.patch(`/users/${user.id}`, { token: admin, body: { status: 'disabled' } });
    expect(disabled.body.status).toBe('disabled');
    expect((await api.get('/users/me', { token })).status).toBe(401);
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(401);
    await api.patch(`/users/${user.id}`, { token: admin, body: { status: 'active' } });
    // Re-enabled: keys work again (sessions stay ended).
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(200);
    expect((await api.get('/users/me', { token })).status).toBe(401);
  });

  it('removing a user revokes sessions and API keys at once', async () => {
    const user = await makePartnerUser(partner, { role: 'Partner Admin' });
    const token = await tokenFor(user);
    const key = await makeApiKey(user, ['orgs:read']);
    expect((await api.get('/orgs/organizations', withKey(key.key))).status).toBe(200);
    expect((await api.delete(`/users/${user.id}`, { token: admin })).status).toBe(204);
    expect((await api.get('/users/me', { token })).status).toBe(401);
    const denied = await api.get('/orgs/organizations', withKey(key.key));
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('INVALID_API_KEY');
    expect(await db.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedReason: 'user_removed', revokedById: adminUser.id });
    expect((await api.get(`/users/${user.id}`, { token: admin })).status).toBe(404);
    expect(await db.partnerUser.count({ where: { userId: user.id } })).toBe(0);
  });

  it('nobody removes themselves, changes their own role or access; a user with more power cannot be managed', async () => {
    expect((await api.delete(`/users/${adminUser.id}`, { token: admin })).body.error.code).toBe('CANNOT_REMOVE_SELF');
    expect((await api.post(`/users/${adminUser.id}/role`, { token: admin, body: { roleId: partner.roles['Read Only'] } })).body.error.code).toBe('CANNOT_CHANGE_OWN_ROLE');
    expect((await api.patch(`/users/${adminUser.id}`, { token: admin, body: { orgAccess: 'none' } })).body.error.code).toBe('CANNOT_CHANGE_OWN_ACCESS');
    expect((await api.patch(`/users/${adminUser.id}`, { token: admin, body: { name: 'Aaron A.' } })).status).toBe(200);

    const lead = await makeRole(partner, ['users:read', 'users:manage', 'orgs:read']);
    const leadToken = await tokenFor(await makePartnerUser({ id: partner.id, roles: { Lead: lead.id } }, { role: 'Lead' }), { mfa: true });
    const boss = await makePartnerUser(partner);
    const remove = await api.delete(`/users/${boss.id}`, { token: leadToken });
    expect(remove.status).toBe(403);
    expect(remove.body.error.code).toBe('PRIVILEGE_ESCALATION');
    expect((await api.patch(`/users/${boss.id}`, { token: leadToken, body: { status: 'disabled' } })).status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: boss.id } })).status).toBe('active');
    // A partner user with selected access cannot manage one with access to every organization.
    const peer = await makeRole(partner, ['users:read', 'users:manage', 'orgs:read']);
    const narrow = await tokenFor(await makePartnerUser({ id: partner.id, roles: { Peer: peer.id } }, { role: 'Peer', orgAccess: 'none' }), { mfa: true });
    const wide = await makePartnerUser({ id: partner.id, roles: { Peer: peer.id } }, { role: 'Peer', orgAccess: 'all' });
    expect((await api.delete(`/users/${wide.id}`, { token: narrow })).status).toBe(403);
  });
});

describe('last partner admin', () => {
  it('the last active Partner Admin cannot be removed, demoted, disabled or narrowed', async () => {
    const p = await makePartner();
    const [a, b] = [await makePartnerUser(p), await makePartnerUser(p)];
    const tokenA = await tokenFor(a, { mfa: true });
    // Two admins: A may remove B…
    expect((await api.delete(`/users/${b.id}`, { token: tokenA })).status).toBe(204);
    // …now A is the last one. A platform admin cannot take A out either.
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    for (const attempt of [
      api.delete(`/users/${a.id}`, { token: sys }),
      api.post(`/users/${a.id}/role`, { token: sys, body: { roleId: p.roles.Technician } }),
      api.patch(`/users/${a.id}`, { token: sys, body: { status: 'disabled' } }),
      api.patch(`/users/${a.id}`, { token: sys, body: { orgAccess: 'none' } }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('LAST_PARTNER_ADMIN');
    }
    expect(await db.partnerUser.findUniqueOrThrow({ where: { userId: a.id } })).toMatchObject({ roleId: p.roles['Partner Admin'], orgAccess: 'all' });
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('active');
    // With a second admin in place, the change goes through.
    const c = await makePartnerUser(p);
    expect((await api.post(`/users/${a.id}/role`, { token: await tokenFor(c, { mfa: true }), body: { roleId: p.roles.Technician } })).status).toBe(200);
  });

  it('two admins removing each other concurrently leave one admin', async () => {
    const p = await makePartner();
    const [a, b] = [await makePartnerUser(p), await makePartnerUser(p)];
    const [ta, tb] = [await tokenFor(a, { mfa: true }), await tokenFor(b, { mfa: true })];
    const results = await Promise.all([api.delete(`/users/${b.id}`, { token: ta }), api.delete(`/users/${a.id}`, { token: tb })]);
    const statuses = results.map((r) => r.status).sort();
    // One removal wins; the other finds its caller gone (401) or the admin protected (409).
    expect(statuses[0]).toBe(204);
    expect([401, 409]).toContain(statuses[1]);
    expect(await db.partnerUser.count({ where: { partnerId: p.id } })).toBe(1);
  });
});

describe('cross-tenant', () => {
  it('every user route answers 404 for a user of another partner and changes nothing', async () => {
    const victim = await makePartnerUser(other, { role: 'Technician' });
    const invited = await db.user.create({ data: { email: `inv-${Date.now()}@example.test`, name: 'Invited', status: 'invited' } });
    await db.partnerUser.create({ data: { partnerId: other.id, userId: invited.id, roleId: other.roles.Technician } });
    const before = await db.partnerUser.findUniqueOrThrow({ where: { userId: victim.id } });
    const attempts = [
      api.get(`/users/${victim.id}`, { token: admin }),
      api.patch(`/users/${victim.id}`, { token: admin, body: { name: 'Hijacked' } }),
      api.delete(`/users/${victim.id}`, { token: admin }),
      api.post(`/users/${victim.id}/role`, { token: admin, body: { roleId: partner.roles['Read Only'] } }),
      api.post('/users/resend-invite', { token: admin, body: { userId: invited.id } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect(await db.partnerUser.findUniqueOrThrow({ where: { userId: victim.id } })).toEqual(before);
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.id } })).name).toBe('Test User');
    expect((await api.get('/users', { token: admin })).body.data.some((u: { id: string }) => u.id === victim.id)).toBe(false);
  });
});
