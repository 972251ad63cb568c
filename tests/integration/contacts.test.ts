// Organization contacts: CRUD, the identifier rule (in the API and as a database CHECK), PATCH
// null-clearing, external links, and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let orgA: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let adminA: string;
let adminB: string;
let readOnlyA: string;
let customerA: string;

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  orgA2 = await makeOrg(partnerA.id, 'Fabrikam');
  adminA = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  readOnlyA = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }));
  customerA = await tokenFor(await makeOrgUser(partnerA, orgA, { role: 'Organization Admin' }));
});

async function newContact(body: Record<string, unknown>, token = adminA) {
  const res = await api.post('/orgs/contacts', { token, body: { orgId: orgA.id, ...body } });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}

describe('creating and reading contacts', () => {
  it('creates organization-level and site contacts with doc 3’s fields, lowercasing the email', async () => {
    const site = await makeSite(orgA, 'HQ');
    const res = await api.post('/orgs/contacts', {
      token: adminA,
      body: { orgId: orgA.id, siteId: site.id, name: '  Ada Lovelace ', email: 'Ada@Contoso.TEST', phone: '+44 20 7946 0000', mobile: '07700 900000', title: 'Head of IT', roles: ['technical', 'escalation', 'technical'], externalLinks: [{ externalId: 'C-1' }, { externalSystem: 'psa', externalId: '77' }] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orgId: orgA.id,
      partnerId: partnerA.id,
      siteId: site.id,
      name: 'Ada Lovelace',
      email: 'ada@contoso.test',
      title: 'Head of IT',
      roles: ['technical', 'escalation'],
      externalLinks: [{ externalSystem: 'csv', externalId: 'C-1' }, { externalSystem: 'psa', externalId: '77' }],
      portal: null,
    });
    const orgLevel = await newContact({ phone: '555-0100' });
    expect(orgLevel).toMatchObject({ siteId: null, name: null, email: null, phone: '555-0100', roles: [] });
    expect((await api.get(`/orgs/contacts/${res.body.id}`, { token: readOnlyA })).body.email).toBe('ada@contoso.test');
    expect(await db.auditLog.count({ where: { action: 'contact.create', targetId: res.body.id } })).toBe(1);
  });

  it('needs one of name, email, phone or mobile (blank counts as absent), and validates every field', async () => {
    const none = await api.post('/orgs/contacts', { token: adminA, body: { orgId: orgA.id, name: '   ', email: '', title: 'Ghost', roles: ['billing'] } });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('CONTACT_IDENTIFIER_REQUIRED');
    const bad = async (body: Record<string, unknown>) => (await api.post('/orgs/contacts', { token: adminA, body: { orgId: orgA.id, name: 'X', ...body } })).status;
    expect(await bad({ email: 'not-an-email' })).toBe(400);
    expect(await bad({ title: 't'.repeat(256) })).toBe(400);
    expect(await bad({ roles: ['owner'] })).toBe(400);
    expect(await bad({ unknown: true })).toBe(400);
    expect(await bad({ siteId: (await makeSite(orgA2)).id })).toBe(400);
    const foreignSite = await api.post('/orgs/contacts', { token: adminA, body: { orgId: orgA.id, name: 'X', siteId: (await makeSite(orgA2)).id } });
    expect(foreignSite.body.error).toMatchObject({ code: 'SITE_NOT_IN_ORG', message: 'siteId must be a site of the contact’s organization' });
    expect(await bad({ externalLinks: [{ externalId: '' }] })).toBe(400);
    expect(await db.contact.count({ where: { orgId: orgA.id, title: 'Ghost' } })).toBe(0);
  });

  it('enforces the identifier rule in the database too', async () => {
    await expect(db.$executeRaw`insert into contacts (id, partner_id, org_id, name, email, updated_at) values (gen_random_uuid(), ${orgA.partnerId}::uuid, ${orgA.id}::uuid, ' ', null, now())`).rejects.toThrow(/contacts_identifier_check/);
    await expect(db.$executeRaw`insert into contacts (id, partner_id, org_id, mobile, updated_at) values (gen_random_uuid(), ${orgA.partnerId}::uuid, ${orgA.id}::uuid, '0700', now())`).resolves.toBe(1);
  });

  it('keeps (organization, externalSystem, externalId) unique', async () => {
    await newContact({ name: 'First', externalLinks: [{ externalSystem: 'psa', externalId: 'dup-1' }] });
    const clash = await api.post('/orgs/contacts', { token: adminA, body: { orgId: orgA.id, name: 'Second', externalLinks: [{ externalSystem: 'psa', externalId: 'dup-1' }] } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('EXTERNAL_LINK_IN_USE');
    // The same id in another organization is another contact.
    expect((await api.post('/orgs/contacts', { token: adminA, body: { orgId: orgA2.id, name: 'Elsewhere', externalLinks: [{ externalSystem: 'psa', externalId: 'dup-1' }] } })).status).toBe(201);
  });

  it('lists by organization, site, role and search, paginated', async () => {
    const org = await makeOrg(partnerA.id, 'Listing Ltd');
    const site = await makeSite(org);
    for (const c of [{ name: 'Bea Billing', roles: ['billing'] }, { name: 'Tim Tech', roles: ['technical'], siteId: site.id }, { email: 'zed@listing.test' }]) {
      await newContact({ ...c, orgId: org.id });
    }
    const all = await api.get('/orgs/contacts', { token: adminA, query: { orgId: org.id } });
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 3 });
    expect(all.body.data.map((c: { name: string | null }) => c.name)).toEqual(['Bea Billing', 'Tim Tech', null]);
    expect((await api.get('/orgs/contacts', { token: adminA, query: { orgId: org.id, role: 'billing' } })).body.data).toHaveLength(1);
    expect((await api.get('/orgs/contacts', { token: adminA, query: { siteId: site.id } })).body.data[0].name).toBe('Tim Tech');
    expect((await api.get('/orgs/contacts', { token: adminA, query: { orgId: org.id, search: 'ZED@' } })).body.data).toHaveLength(1);
    expect((await api.get('/orgs/contacts', { token: adminA, query: { orgId: org.id, limit: 2, page: 2 } })).body.data).toHaveLength(1);
  });
});

describe('PATCH /orgs/contacts/:contactId', () => {
  it('changes only the fields sent; an explicit null clears one', async () => {
    const site = await makeSite(orgA);
    const c = await newContact({ name: 'Pat', email: 'pat@contoso.test', phone: '1', mobile: '2', title: 'CFO', siteId: site.id, roles: ['billing'], externalLinks: [{ externalId: 'P-1' }] });
    const res = await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { phone: null, title: null, siteId: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Pat', email: 'pat@contoso.test', phone: null, mobile: '2', title: null, siteId: null, roles: ['billing'], externalLinks: [{ externalId: 'P-1' }] });
    const blank = await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { mobile: '  ', roles: ['admin', 'after_hours'], externalLinks: null } });
    expect(blank.body).toMatchObject({ mobile: null, roles: ['admin', 'after_hours'], externalLinks: [] });
    const row = await db.contact.findUniqueOrThrow({ where: { id: c.id } });
    expect(row).toMatchObject({ phone: null, mobile: null, title: null, siteId: null, name: 'Pat' });
  });

  it('refuses a patch that would leave no identifier, an empty patch and unknown fields, changing nothing', async () => {
    const c = await newContact({ name: 'Only Name', email: 'only@contoso.test' });
    const res = await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { name: null, email: null } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CONTACT_IDENTIFIER_REQUIRED');
    expect((await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: {} })).status).toBe(400);
    expect((await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { orgId: orgA2.id } })).status).toBe(400);
    expect((await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { siteId: (await makeSite(orgA2)).id } })).status).toBe(400);
    expect(await db.contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ name: 'Only Name', email: 'only@contoso.test', orgId: orgA.id, siteId: null });
    // Clearing one identifier while another remains is fine.
    expect((await api.patch(`/orgs/contacts/${c.id}`, { token: adminA, body: { name: null } })).body).toMatchObject({ name: null, email: 'only@contoso.test' });
  });
});

describe('deleting contacts', () => {
  it('soft-deletes: the contact disappears from reads and lists', async () => {
    const c = await newContact({ name: 'Gone Soon' });
    expect((await api.delete(`/orgs/contacts/${c.id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/orgs/contacts/${c.id}`, { token: adminA })).status).toBe(404);
    expect((await api.get('/orgs/contacts', { token: adminA, query: { search: 'Gone Soon' } })).body.data).toHaveLength(0);
    expect((await db.contact.findUniqueOrThrow({ where: { id: c.id } })).deletedAt).not.toBeNull();
  });
});

describe('contact tenancy', () => {
  it('answers 404 to another partner on GET, PATCH and DELETE, and leaves the row unchanged', async () => {
    const c = await newContact({ name: 'Private Person', email: 'private@contoso.test' });
    const before = await db.contact.findUniqueOrThrow({ where: { id: c.id } });
    expect((await api.get(`/orgs/contacts/${c.id}`, { token: adminB })).status).toBe(404);
    const patch = await api.patch(`/orgs/contacts/${c.id}`, { token: adminB, body: { name: 'Hijacked' } });
    expect(patch.status).toBe(404);
    expect(patch.body.error.code).toBe('NOT_FOUND');
    expect((await api.delete(`/orgs/contacts/${c.id}`, { token: adminB })).status).toBe(404);
    expect((await api.get('/orgs/contacts', { token: adminB })).body.data.some((x: { id: string }) => x.id === c.id)).toBe(false);
    expect(await db.contact.findUniqueOrThrow({ where: { id: c.id } })).toEqual(before);
    // Creating in another partner's organization is a 404 as well.
    expect((await api.post('/orgs/contacts', { token: adminB, body: { orgId: orgA.id, name: 'Intruder' } })).status).toBe(404);
  });

  it('scopes partner users with selected organizations and organization users to what they see', async () => {
    const inA2 = await newContact({ orgId: orgA2.id, name: 'Fabrikam Person' });
    const narrow = await tokenFor(await makePartnerUser(partnerA, { orgAccess: 'selected', orgIds: [orgA.id] }));
    expect((await api.get(`/orgs/contacts/${inA2.id}`, { token: narrow })).status).toBe(404);
    expect((await api.get(`/orgs/contacts/${inA2.id}`, { token: customerA })).status).toBe(404);
    const listed = await api.get('/orgs/contacts', { token: customerA });
    expect(listed.status).toBe(200);
    expect(listed.body.data.every((c: { orgId: string }) => c.orgId === orgA.id)).toBe(true);
    // Read-only users and organization admins can read but not write.
    expect((await api.post('/orgs/contacts', { token: readOnlyA, body: { orgId: orgA.id, name: 'No' } })).status).toBe(403);
    expect((await api.patch(`/orgs/contacts/${inA2.id}`, { token: customerA, body: { name: 'No' } })).status).toBe(403);
  });
});
