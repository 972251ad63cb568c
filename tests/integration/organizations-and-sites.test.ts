import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, makeSite, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminB: string;
let orgsA: { id: string; partnerId: string }[];
let orgB: { id: string; partnerId: string };

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  orgsA = [await makeOrg(partnerA.id, 'Alpha'), await makeOrg(partnerA.id, 'Beta'), await makeOrg(partnerA.id, 'Gamma')];
  orgB = await makeOrg(partnerB.id, 'Bravo');
});

describe('organization scoping', () => {
  it('a partner admin with orgAccess all sees every org of the partner and nothing else', async () => {
    const res = await api.get('/orgs/organizations', { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { name: string }) => o.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 50, total: 3 });
    expect((await api.get('/orgs/', { token: adminA })).body.pagination.total).toBe(3);
  });

  it('orgAccess selected sees only the selected organizations', async () => {
    const tech = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', orgAccess: 'selected', orgIds: [orgsA[1].id] }));
    const res = await api.get('/orgs/organizations', { token: tech });
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([orgsA[1].id]);
    expect((await api.get(`/orgs/organizations/${orgsA[0].id}`, { token: tech })).status).toBe(404);
  });

  it('orgAccess none sees no organizations', async () => {
    const none = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only', orgAccess: 'none' }));
    expect((await api.get('/orgs/organizations', { token: none })).body.data).toEqual([]);
  });

  it('an organization-scope user sees only its own organization', async () => {
    const orgUser = await tokenFor(await makeOrgUser(partnerA, orgsA[2]));
    const res = await api.get('/orgs/organizations', { token: orgUser });
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([orgsA[2].id]);
    expect((await api.get(`/orgs/organizations/${orgsA[0].id}`, { token: orgUser })).status).toBe(404);
    expect((await api.post('/orgs/organizations', { token: orgUser, body: { name: 'Nope' } })).status).toBe(403);
  });

  it('a user of partner A gets 404 for partner B organization ids on GET, PATCH and DELETE, and B is unchanged', async () => {
    const before = await db.organization.findUniqueOrThrow({ where: { id: orgB.id } });
    expect((await api.get(`/orgs/organizations/${orgB.id}`, { token: adminA })).status).toBe(404);
    const patch = await api.patch(`/orgs/organizations/${orgB.id}`, { token: adminA, body: { name: 'Hijacked' } });
    expect(patch.status).toBe(404);
    expect(patch.body.error).toEqual({ code: 'NOT_FOUND', message: 'Organization not found', details: [] });
    expect((await api.delete(`/orgs/organizations/${orgB.id}`, { token: adminA })).status).toBe(404);
    expect(await db.organization.findUniqueOrThrow({ where: { id: orgB.id } })).toEqual(before);
    expect((await api.get(`/orgs/organizations/${orgB.id}`, { token: adminB })).status).toBe(200);
  });

  it('a platform admin sees everything', async () => {
    const sys = await tokenFor(await makePlatformAdmin());
    expect((await api.get(`/orgs/organizations/${orgB.id}`, { token: sys })).status).toBe(200);
  });
});

describe('organization writes', () => {
  it('creates under the caller partner with a derived, de-duplicated slug', async () => {
    const a = await api.post('/orgs/organizations', { token: adminA, body: { name: 'Delta Corp', timezone: 'America/New_York' } });
    const b = await api.post('/orgs/organizations', { token: adminA, body: { name: 'Delta Corp' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ partnerId: partnerA.id, slug: 'delta-corp', timezone: 'America/New_York' });
    expect(b.body.slug).toBe('delta-corp-1');
    expect((await api.post('/orgs/organizations', { token: adminA, body: { name: 'X', timezone: 'Mars/Olympus' } })).status).toBe(400);
  });

  it('enforces maxOrganizations, also under concurrent creates', async () => {
    const partner = await makePartner({ maxOrganizations: 2 });
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((n) => api.post('/orgs/organizations', { token, body: { name: `Org ${n}` } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0].body.error.code).toBe('ORG_LIMIT_REACHED');
  });

  it('updates, and soft-deletes only with MFA', async () => {
    const org = await makeOrg(partnerA.id, 'Epsilon');
    const upd = await api.patch(`/orgs/organizations/${org.id}`, { token: adminA, body: { name: 'Epsilon Ltd', status: 'trial' } });
    expect(upd.body).toMatchObject({ name: 'Epsilon Ltd', status: 'trial' });
    expect((await api.patch(`/orgs/organizations/${org.id}`, { token: adminA, body: { bogus: 1 } })).status).toBe(400);
    const bare = await tokenFor(await makePartnerUser(partnerA));
    const del = await api.delete(`/orgs/organizations/${org.id}`, { token: bare });
    expect(del.status).toBe(403);
    expect(del.body.error.code).toBe('MFA_REQUIRED');
    expect((await api.delete(`/orgs/organizations/${org.id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/orgs/organizations/${org.id}`, { token: adminA })).status).toBe(404);
  });

  it('a read-only role cannot create', async () => {
    const ro = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }));
    const res = await api.post('/orgs/organizations', { token: ro, body: { name: 'Nope' } });
    expect(res.status).toBe(403);
  });
});

describe('sites', () => {
  it('creates, lists, updates and deletes within scope; timezone is validated', async () => {
    const created = await api.post('/orgs/sites', { token: adminA, body: { orgId: orgsA[0].id, name: 'HQ', timezone: 'Europe/London', contact: { name: 'Sam' } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orgId: orgsA[0].id, name: 'HQ', timezone: 'Europe/London' });
    expect((await api.post('/orgs/sites', { token: adminA, body: { orgId: orgsA[0].id, name: 'X', timezone: 'Nowhere/Town' } })).status).toBe(400);
    const list = await api.get('/orgs/sites', { token: adminA, query: { orgId: orgsA[0].id } });
    expect(list.body.data.map((s: { id: string }) => s.id)).toContain(created.body.id);
    const upd = await api.patch(`/orgs/sites/${created.body.id}`, { token: adminA, body: { address: '1 Main St', contact: null } });
    expect(upd.body).toMatchObject({ address: '1 Main St', contact: null });
    expect((await api.delete(`/orgs/sites/${created.body.id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/orgs/sites/${created.body.id}`, { token: adminA })).status).toBe(404);
  });

  it('cross-tenant: 404 for GET, PATCH, DELETE and for creating in another partner org; row unchanged', async () => {
    const siteB = await makeSite(orgB, 'B-Site');
    expect((await api.get(`/orgs/sites/${siteB.id}`, { token: adminA })).status).toBe(404);
    expect((await api.patch(`/orgs/sites/${siteB.id}`, { token: adminA, body: { name: 'x' } })).status).toBe(404);
    expect((await api.delete(`/orgs/sites/${siteB.id}`, { token: adminA })).status).toBe(404);
    expect((await api.post('/orgs/sites', { token: adminA, body: { orgId: orgB.id, name: 'Sneaky' } })).status).toBe(404);
    expect(await db.site.findUniqueOrThrow({ where: { id: siteB.id } })).toEqual(siteB);
    const list = await api.get('/orgs/sites', { token: adminA });
    expect(list.body.data.find((s: { id: string }) => s.id === siteB.id)).toBeUndefined();
  });

  it('sites of a deleted organization disappear', async () => {
    const org = await makeOrg(partnerA.id, 'Zeta');
    const site = await makeSite(org);
    await db.organization.update({ where: { id: org.id }, data: { deletedAt: new Date() } });
    expect((await api.get(`/orgs/sites/${site.id}`, { token: adminA })).status).toBe(404);
  });
});
