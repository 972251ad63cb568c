import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeRole } from '../helpers/access';
import { db } from '@/lib/db';
import { ALL_PERMISSIONS, PERMISSIONS } from '@/lib/auth/permissions';
import { routeIndex } from '@/app/api/route-index.generated';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let other: Partner;
let admin: string;

beforeAll(async () => {
  partner = await makePartner();
  other = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
});

/** A user of `partner` holding a custom role with exactly `permissions`. */
async function holderOf(permissions: (typeof ALL_PERMISSIONS)[number][], opts: { orgAccess?: 'all' | 'selected' | 'none' } = {}) {
  const role = await makeRole(partner, permissions);
  const user = await makePartnerUser({ id: partner.id, roles: { R: role.id } }, { role: 'R', orgAccess: opts.orgAccess ?? 'all' });
  return { role, user, token: await tokenFor(user, { mfa: true }) };
}

describe('the permission catalogue', () => {
  it('lists every permission any route declares, each with a description', async () => {
    const res = await api.get('/roles/permissions/available', { token: admin });
    expect(res.status).toBe(200);
    const listed = new Map(res.body.data.map((p: { permission: string; description: string }) => [p.permission, p.description]));
    expect([...listed.keys()]).toEqual(ALL_PERMISSIONS);
    expect(res.body.data[0]).toEqual({ permission: 'orgs:read', description: PERMISSIONS['orgs:read'], resource: 'orgs', action: 'read' });
    for (const entry of routeIndex) {
      const mod = await entry.load();
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const permission = (mod[method] as { meta?: { permission: string } } | undefined)?.meta?.permission;
        if (!permission || permission === 'none') continue;
        expect(listed.get(permission), `${method} ${entry.path} declares ${permission}`).toBeTruthy();
      }
    }
  });
});

describe('roles CRUD', () => {
  it('lists built-in and custom roles of the caller\'s partner with user counts', async () => {
    const custom = await makeRole(partner, ['devices:read'], { name: 'Viewer' });
    await makePartnerUser(partner, { role: 'Technician' });
    const res = await api.get('/roles', { token: admin });
    expect(res.status).toBe(200);
    const names = res.body.data.map((r: { name: string }) => r.name);
    expect(names.slice(0, 5).sort()).toEqual(['Organization Admin', 'Organization User', 'Partner Admin', 'Read Only', 'Technician']);
    expect(names).toContain('Viewer');
    expect(res.body.data.find((r: { name: string }) => r.name === 'Technician')).toMatchObject({ isSystem: true, scope: 'partner', userCount: expect.any(Number) });
    expect(res.body.data.find((r: { id: string }) => r.id === custom.id)).toMatchObject({ isSystem: false, permissions: ['devices:read'], userCount: 0 });
    const orgRoles = await api.get('/roles', { token: admin, query: { scope: 'organization' } });
    expect(orgRoles.body.data.every((r: { scope: string }) => r.scope === 'organization')).toBe(true);
    // Organization users see organization roles only.
    const customer = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id)));
    const theirs = await api.get('/roles', { token: customer });
    expect(theirs.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['Organization Admin', 'Organization User']);
  });

  it('creates, renames and re-permissions a custom role; holders get the change on their next request', async () => {
    const created = await api.post('/roles', { token: admin, body: { name: 'Helpdesk', description: 'Tickets only', permissions: ['tickets:read', 'tickets:write', 'tickets:read'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Helpdesk', scope: 'partner', isSystem: false, permissions: ['tickets:read', 'tickets:write'], userCount: 0 });
    expect((await api.post('/roles', { token: admin, body: { name: 'helpdesk', permissions: [] } })).body.error.code).toBe('ROLE_NAME_TAKEN');
    expect((await api.post('/roles', { token: admin, body: { name: 'Bogus', permissions: ['devices:fly'] } })).status).toBe(400);

    const user = await makePartnerUser({ id: partner.id, roles: { H: created.body.id } }, { role: 'H' });
    const token = await tokenFor(user);
    expect((await api.get('/orgs/organizations', { token })).status).toBe(403);
    const patched = await api.patch(`/roles/${created.body.id}`, { token: admin, body: { name: 'Helpdesk+', permissions: ['tickets:read', 'orgs:read'] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Helpdesk+', permissions: ['orgs:read', 'tickets:read'], userCount: 1 });
    expect((await api.get('/orgs/organizations', { token })).status).toBe(200);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'role.update', targetId: created.body.id } });
    expect(audit.details).toMatchObject({ added: ['orgs:read'], removed: ['tickets:write'] });
  });

  it('built-in roles are read-only but clonable', async () => {
    const tech = partner.roles.Technician;
    expect((await api.patch(`/roles/${tech}`, { token: admin, body: { name: 'Tech' } })).body.error.code).toBe('SYSTEM_ROLE_READ_ONLY');
    expect((await api.delete(`/roles/${tech}`, { token: admin })).body.error.code).toBe('SYSTEM_ROLE_READ_ONLY');
    const clone = await api.post(`/roles/${tech}/clone`, { token: admin, body: {} });
    expect(clone.status).toBe(201);
    const source = await db.role.findUniqueOrThrow({ where: { id: tech } });
    expect(clone.body).toMatchObject({ name: 'Technician (copy)', isSystem: false, scope: 'partner', description: source.description });
    expect([...clone.body.permissions].sort()).toEqual([...source.permissions].sort());
    const second = await api.post(`/roles/${tech}/clone`, { token: admin, body: {} });
    expect(second.body.name).toBe('Technician (copy 2)');
    const named = await api.post(`/roles/${partner.roles['Organization User']}/clone`, { token: admin, body: { name: 'Customer read' } });
    expect(named.body).toMatchObject({ name: 'Customer read', scope: 'organization' });
    // The clone is editable.
    expect((await api.patch(`/roles/${clone.body.id}`, { token: admin, body: { permissions: ['devices:read'] } })).status).toBe(200);
  });

  it('deleting a role in use is a 409 naming the user count', async () => {
    const role = await makeRole(partner, ['devices:read']);
    const holder = { id: partner.id, roles: { X: role.id } };
    const [u1] = [await makePartnerUser(holder, { role: 'X' }), await makePartnerUser(holder, { role: 'X' })];
    const res = await api.delete(`/roles/${role.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'ROLE_IN_USE', details: { userCount: 2 } });
    expect(res.body.error.message).toContain('2 users');
    const users = await api.get(`/roles/${role.id}/users`, { token: admin });
    expect(users.body.pagination.total).toBe(2);
    expect(users.body.data.map((u: { id: string }) => u.id)).toContain(u1.id);
    await db.partnerUser.updateMany({ where: { roleId: role.id }, data: { roleId: partner.roles['Read Only'] } });
    expect((await api.delete(`/roles/${role.id}`, { token: admin })).status).toBe(204);
    expect(await db.role.count({ where: { id: role.id } })).toBe(0);
  });
});

describe('privilege escalation through custom roles', () => {
  it('a user manager cannot create, clone or widen a role beyond their own permissions', async () => {
    const { token, role: own } = await holderOf(['users:read', 'users:manage', 'devices:read']);
    const create = await api.post('/roles', { token, body: { name: 'Sneaky', permissions: ['devices:read', 'billing:manage'] } });
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: 'PRIVILEGE_ESCALATION', details: { missing: ['billing:manage'] } });
    expect((await api.post(`/roles/${partner.roles['Partner Admin']}/clone`, { token, body: { name: 'My admin' } })).status).toBe(403);
    expect((await api.post(`/roles/${partner.roles.Technician}/clone`, { token, body: {} })).status).toBe(403);
    // Widening a role they can edit — including their own — is refused too.
    const mine = await api.patch(`/roles/${own.id}`, { token, body: { permissions: ['users:read', 'users:manage', 'devices:read', 'api_keys:manage'] } });
    expect(mine.status).toBe(403);
    const small = await api.post('/roles', { token, body: { name: 'Small', permissions: ['devices:read'] } });
    expect(small.status).toBe(201);
    expect((await api.patch(`/roles/${small.body.id}`, { token, body: { permissions: ['devices:read', 'devices:execute'] } })).status).toBe(403);
    // Roles more powerful than the editor cannot be cut down or deleted by them either.
    const big = await makeRole(partner, ['devices:read', 'devices:write']);
    expect((await api.patch(`/roles/${big.id}`, { token, body: { permissions: ['devices:read'] } })).status).toBe(403);
    expect((await api.delete(`/roles/${big.id}`, { token })).status).toBe(403);
    expect(await db.role.count({ where: { partnerId: partner.id, name: { in: ['Sneaky', 'My admin'] } } })).toBe(0);
    expect((await db.role.findUniqueOrThrow({ where: { id: own.id } })).permissions).toEqual(['users:read', 'users:manage', 'devices:read']);
    expect((await db.role.findUniqueOrThrow({ where: { id: big.id } })).permissions).toEqual(['devices:read', 'devices:write']);
  });

  it('assigning a role the caller could not have created is refused', async () => {
    const { token } = await holderOf(['users:read', 'users:manage', 'orgs:read']);
    const mine = await makeRole(partner, ['orgs:read']);
    const t = await makePartnerUser({ id: partner.id, roles: { M: mine.id } }, { role: 'M' });
    const res = await api.post(`/users/${t.id}/role`, { token, body: { roleId: partner.roles['Partner Admin'] } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PRIVILEGE_ESCALATION');
    expect((await db.partnerUser.findUniqueOrThrow({ where: { userId: t.id } })).roleId).toBe(mine.id);
  });
});

describe('effective permissions', () => {
  it('maps each permission to the operations it unlocks in the role\'s scope', async () => {
    const ro = await api.get(`/roles/${partner.roles['Read Only']}/effective-permissions`, { token: admin });
    expect(ro.status).toBe(200);
    expect(ro.body.role).toMatchObject({ name: 'Read Only', scope: 'partner', isSystem: true });
    expect(ro.body.granted.every((p: string) => p.endsWith(':read'))).toBe(true);
    const orgsRead = ro.body.permissions.find((p: { permission: string }) => p.permission === 'orgs:read');
    expect(orgsRead).toMatchObject({ granted: true, effective: true });
    expect(orgsRead.operations).toContainEqual({ method: 'GET', path: '/orgs/organizations', mfa: false });
    const orgsWrite = ro.body.permissions.find((p: { permission: string }) => p.permission === 'orgs:write');
    expect(orgsWrite).toMatchObject({ granted: false, effective: false });
    expect(orgsWrite.operations).toContainEqual({ method: 'DELETE', path: '/orgs/organizations/{id}', mfa: true });
    expect(ro.body.openOperations).toBeGreaterThan(0);

    // An organization-scope role granted partner:manage: granted, but no operation is open to its scope.
    const orgRole = await makeRole(partner, ['orgs:read', 'partner:manage'], { scope: 'organization' });
    const eff = await api.get(`/roles/${orgRole.id}/effective-permissions`, { token: admin });
    expect(eff.body.granted).toEqual(['orgs:read', 'partner:manage']);
    expect(eff.body.effective).toEqual(['orgs:read']);
    const pm = eff.body.permissions.find((p: { permission: string }) => p.permission === 'partner:manage');
    expect(pm).toMatchObject({ granted: true, effective: false, operations: [] });
  });
});

describe('cross-tenant', () => {
  it('every role route answers 404 for another partner\'s role and changes nothing', async () => {
    const foreign = await makeRole(other, ['devices:read'], { name: 'Theirs' });
    const attempts = [
      api.get(`/roles/${foreign.id}`, { token: admin }),
      api.patch(`/roles/${foreign.id}`, { token: admin, body: { name: 'Ours now' } }),
      api.delete(`/roles/${foreign.id}`, { token: admin }),
      api.post(`/roles/${foreign.id}/clone`, { token: admin, body: {} }),
      api.get(`/roles/${foreign.id}/users`, { token: admin }),
      api.get(`/roles/${foreign.id}/effective-permissions`, { token: admin }),
      api.get(`/roles/${other.roles['Partner Admin']}`, { token: admin }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await db.role.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: 'Theirs', permissions: ['devices:read'] });
    expect((await api.get('/roles', { token: admin })).body.data.some((r: { id: string }) => r.id === foreign.id)).toBe(false);
    // A platform admin names the partner explicitly.
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await api.post('/roles', { token: sys, body: { name: 'Ops', permissions: ['devices:read'] } })).status).toBe(400);
    const made = await api.post('/roles', { token: sys, body: { name: 'Ops', permissions: ['devices:read'], partnerId: other.id } });
    expect(made.body.partnerId).toBe(other.id);
  });
});
