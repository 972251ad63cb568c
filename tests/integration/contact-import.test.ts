// Contact bulk import (doc 3): every annotation and error code, the warning, acknowledgements,
// the re-derive race, merge semantics, skip/update, idempotent re-runs, the 1,000-row limit,
// the whole-request 400 for a row without identifier, and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, makeSite, tokenFor } from '../helpers/factories';

type Partner = Awaited<ReturnType<typeof makePartner>>;
type Org = Awaited<ReturnType<typeof makeOrg>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminB: string;
let contoso: Org;
let fabrikam: Org;
let foreign: Org;
let hq: { id: string };

const uniq = () => Math.random().toString(36).slice(2, 8);
const preview = (rows: unknown[], token = adminA, extra: Record<string, unknown> = {}) => api.post('/orgs/contacts/import/preview', { token, body: { rows, ...extra } });
const commit = (rows: unknown[], mode?: 'skip' | 'update', token = adminA, extra: Record<string, unknown> = {}) =>
  api.post('/orgs/contacts/import', { token, body: { rows, ...(mode ? { mode } : {}), ...extra } });
const contact = (data: { orgId?: string; name?: string; email?: string; phone?: string; title?: string; roles?: ('billing' | 'technical' | 'portal')[]; links?: string[] }) =>
  db.contact.create({
    data: {
      partnerId: partnerA.id,
      orgId: data.orgId ?? contoso.id,
      name: data.name ?? null,
      email: data.email ?? null,
      phone: data.phone ?? null,
      title: data.title ?? null,
      roles: data.roles ?? [],
      externalLinks: { create: (data.links ?? []).map((externalId) => ({ partnerId: partnerA.id, orgId: data.orgId ?? contoso.id, externalSystem: 'csv', externalId })) },
    },
  });
const codes = (body: { errors: { index: number; code: string }[] }) => body.errors.map((e) => [e.index, e.code]);

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  contoso = await makeOrg(partnerA.id, 'Contoso');
  fabrikam = await makeOrg(partnerA.id, 'Fabrikam');
  await makeOrg(partnerA.id, 'Twin');
  await makeOrg(partnerA.id, 'twin ');
  foreign = await makeOrg(partnerB.id, 'Foreign Co');
  hq = await makeSite(contoso, 'HQ');
});

describe('access and validation', () => {
  it('needs MFA and orgs:write; system callers name the partner', async () => {
    const row = { organizationId: contoso.id, name: 'Nobody' };
    expect((await preview([row], await tokenFor(await makePartnerUser(partnerA)))).body.error.code).toBe('MFA_REQUIRED');
    expect((await commit([row], undefined, await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }), { mfa: true }))).status).toBe(403);
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    expect((await commit([row], undefined, sys)).status).toBe(400);
    const name = `Sys ${uniq()}`;
    const ok = await commit([{ organizationId: contoso.id, name }], undefined, sys, { partnerId: partnerA.id });
    expect(ok.status).toBe(200);
    expect(ok.body.imported).toHaveLength(1);
    // The same system caller naming the wrong partner finds no such organization.
    expect(codes((await commit([{ organizationId: contoso.id, name }], undefined, sys, { partnerId: partnerB.id })).body)).toEqual([[0, 'org-not-found']]);
  });

  it('fails the whole request with 400 when a row has none of name, email, phone, mobile, writing nothing', async () => {
    const name = `Whole ${uniq()}`;
    const bad = async (rows: unknown[]) => {
      const res = await commit(rows);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      return res;
    };
    const res = await bad([{ organizationId: contoso.id, name }, { organizationId: contoso.id, title: 'Ghost', roles: ['billing'] }]);
    expect(res.body.error.details[0].path).toBe('body.rows.1.name');
    await bad([{ organizationId: contoso.id, name: '', email: null, phone: '' }]);
    expect((await preview([{ organization: 'Contoso', title: 'Ghost' }])).status).toBe(400);
    await bad([{ name }]);
    await bad([{ organizationId: 'not-a-uuid', name }]);
    await bad([{ organizationId: contoso.id, email: 'not-an-email' }]);
    await bad([{ organizationId: contoso.id, name, title: 't'.repeat(256) }]);
    await bad([{ organizationId: contoso.id, name, extra: true }]);
    await bad(Array.from({ length: 1001 }, (_, i) => ({ organizationId: contoso.id, name: `${name} ${i}` })));
    expect(await db.contact.count({ where: { name: { startsWith: name } } })).toBe(0);
  });

  it('accepts 1,000 rows in one request', async () => {
    const tag = uniq();
    const rows = Array.from({ length: 1000 }, (_, i) => ({ organization: i % 2 ? 'Contoso' : 'Fabrikam', name: `Bulk ${tag} ${i}`, email: `bulk-${tag}-${i}@example.test`, externalId: `bulk-${tag}-${i}` }));
    const p = await preview(rows);
    expect(p.status).toBe(200);
    expect(new Set(p.body.rows.map((r: { annotation: string }) => r.annotation))).toEqual(new Set(['create']));
    const c = await commit(rows);
    expect(c.body.imported).toHaveLength(1000);
    expect(c.body.errors).toEqual([]);
    expect(await db.contactExternalLink.count({ where: { externalId: { startsWith: `bulk-${tag}-` } } })).toBe(1000);
    const again = await commit(rows);
    expect(again.body.skipped).toHaveLength(1000);
    expect(await db.contact.count({ where: { name: { startsWith: `Bulk ${tag} ` } } })).toBe(1000);
  });
});

describe('annotations', () => {
  it('annotates create, link-match, email-match, name-match, conflict, org-not-found and the multi-hit warning', async () => {
    const tag = uniq();
    const linked = await contact({ name: `Ada ${tag}`, email: `ada-${tag}@contoso.test`, links: [`A-${tag}`] });
    const byEmail = await contact({ name: 'Robert', email: `bob-${tag}@contoso.test` });
    const byName = await contact({ name: `Grace  Hopper ${tag}`, phone: '555' });
    await contact({ name: 'Sam One', email: `shared-${tag}@contoso.test` });
    await contact({ name: 'Sam Two', email: `shared-${tag}@contoso.test` });
    const rows = [
      { organization: 'contoso', name: `New ${tag}`, email: `new-${tag}@contoso.test` },
      { organizationId: contoso.id, externalId: `A-${tag}`, email: 'changed@contoso.test' },
      { organization: 'Contoso', email: `BOB-${tag}@contoso.test`, name: 'Bobby' },
      { organization: 'Contoso', name: `grace hopper ${tag}` },
      { organization: 'Contoso', email: `shared-${tag}@contoso.test` },
      { organization: 'Contoso', email: `shared-${tag}@contoso.test`, externalId: `S-${tag}` },
      { organization: 'Nowhere Ltd', name: 'X' },
      { organizationId: foreign.id, name: 'X' },
      { organization: 'Foreign Co', name: 'X' },
      { organization: 'Twin', name: 'X' },
      { organization: 'Contoso', name: 'X', roles: ['billing', 'owner'] },
      { organization: 'Contoso', name: 'X', site: 'Nope' },
      { organization: 'Contoso', name: '   ', phone: ' ' },
      { organization: 'Contoso', name: `Dup ${tag}`, email: `new-${tag}@contoso.test` },
    ];
    const res = await preview(rows);
    expect(res.status).toBe(200);
    const r = res.body.rows;
    expect(r.map((x: { annotation: string }) => x.annotation)).toEqual([
      'create', 'link-match', 'email-match', 'name-match', 'conflict', 'create', 'org-not-found', 'org-not-found', 'org-not-found', 'conflict', 'conflict', 'conflict', 'conflict', 'conflict',
    ]);
    expect(r[0]).toEqual({ index: 0, annotation: 'create', organizationId: contoso.id });
    expect(r[1]).toMatchObject({ contactId: linked.id, matchedContactName: `Ada ${tag}` });
    expect(r[2]).toMatchObject({ contactId: byEmail.id, matchedContactName: 'Robert' });
    expect(r[3]).toMatchObject({ contactId: byName.id });
    expect(r[4].conflictReason).toMatch(/2 contacts/);
    expect(r[5].warning).toMatch(/2 contacts/);
    expect(r[5].contactId).toBeUndefined();
    expect(r[7]).toEqual({ index: 7, annotation: 'org-not-found', conflictReason: expect.any(String) });
    expect(r[10].conflictReason).toMatch(/owner/);
    expect(r[11].conflictReason).toMatch(/Nope/);
    expect(r[13].conflictReason).toMatch(/row 0/);
    expect(await db.contact.count({ where: { orgId: contoso.id, name: `New ${tag}` } })).toBe(0);

    const c = await commit(rows);
    expect(c.status).toBe(200);
    expect(codes(c.body)).toEqual([
      [2, 'match-unconfirmed'], [3, 'match-unconfirmed'], [4, 'row-conflict'], [6, 'org-not-found'], [7, 'org-not-found'], [8, 'org-not-found'],
      [9, 'row-conflict'], [10, 'invalid-role'], [11, 'site-not-in-org'], [12, 'no-identifier'], [13, 'row-conflict'],
    ]);
    expect(c.body.imported.map((x: { index: number }) => x.index)).toEqual([0, 5]);
    expect(c.body.imported[1].warning).toMatch(/2 contacts/);
    expect(c.body.skipped).toEqual([{ index: 1, contactId: linked.id, organizationId: contoso.id, reason: 'already-linked', linked: false }]);
    expect((await db.contact.findUniqueOrThrow({ where: { id: linked.id } })).email).toBe(`ada-${tag}@contoso.test`);
    expect(await db.contact.count({ where: { orgId: foreign.id } })).toBe(0);
  });
});

describe('acknowledgements and the re-derive race', () => {
  it('applies fuzzy matches only with expectedAnnotation and expectedContactId', async () => {
    const tag = uniq();
    const bob = await contact({ name: 'Bob', email: `bob-${tag}@contoso.test`, title: 'Old' });
    const row = { organizationId: contoso.id, email: `bob-${tag}@contoso.test`, title: 'New', externalId: `B-${tag}` };
    expect(codes((await commit([{ ...row, expectedAnnotation: 'email-match' }], 'update')).body)).toEqual([[0, 'match-unconfirmed']]);
    expect(codes((await commit([{ ...row, expectedContactId: bob.id }], 'update')).body)).toEqual([[0, 'match-unconfirmed']]);
    expect(codes((await commit([{ ...row, expectedAnnotation: 'name-match', expectedContactId: bob.id }], 'update')).body)).toEqual([[0, 'annotation-changed']]);
    expect(codes((await commit([{ ...row, expectedAnnotation: 'email-match', expectedContactId: contoso.id }], 'update')).body)).toEqual([[0, 'match-changed']]);
    expect((await db.contact.findUniqueOrThrow({ where: { id: bob.id } })).title).toBe('Old');

    const ok = await commit([{ ...row, expectedAnnotation: 'email-match', expectedContactId: bob.id }], 'update');
    expect(ok.body.updated).toEqual([{ index: 0, contactId: bob.id, organizationId: contoso.id }]);
    const after = await db.contact.findUniqueOrThrow({ where: { id: bob.id }, include: { externalLinks: true } });
    expect(after.title).toBe('New');
    expect(after.externalLinks.map((l) => [l.externalSystem, l.externalId])).toEqual([['csv', `B-${tag}`]]);
    // The link is the acknowledgement from now on.
    expect((await preview([row])).body.rows[0]).toMatchObject({ annotation: 'link-match', contactId: bob.id });
  });

  it('in skip mode a confirmed match stays untouched but is linked', async () => {
    const tag = uniq();
    const grace = await contact({ name: `Grace ${tag}`, title: 'Admiral' });
    const row = { organization: 'Contoso', name: `GRACE ${tag}`, title: 'Changed', externalSystem: 'psa', externalId: `G-${tag}` };
    const p = await preview([row]);
    expect(p.body.rows[0]).toMatchObject({ annotation: 'name-match', contactId: grace.id });
    const res = await commit([{ ...row, expectedAnnotation: 'name-match', expectedContactId: grace.id }]);
    expect(res.body.skipped).toEqual([{ index: 0, contactId: grace.id, organizationId: contoso.id, reason: 'match-confirmed', linked: true }]);
    expect((await db.contact.findUniqueOrThrow({ where: { id: grace.id } })).title).toBe('Admiral');
    const again = await commit([row]);
    expect(again.body.skipped[0]).toMatchObject({ contactId: grace.id, reason: 'already-linked', linked: false });
  });

  it('puts rows whose state changed between preview and commit into errors while the others proceed', async () => {
    const tag = uniq();
    const old = await contact({ name: 'Original', email: `moving-${tag}@contoso.test` });
    const rows = [
      { organizationId: contoso.id, name: `Fresh ${tag}`, email: `fresh-${tag}@contoso.test` },
      { organizationId: contoso.id, email: `moving-${tag}@contoso.test`, title: 'CTO' },
      { organizationId: contoso.id, name: `Calm ${tag}` },
    ];
    const p = await preview(rows);
    expect(p.body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['create', 'email-match', 'create']);
    const acknowledged = rows.map((r, i) => ({ ...r, expectedAnnotation: p.body.rows[i].annotation, ...(p.body.rows[i].contactId ? { expectedContactId: p.body.rows[i].contactId } : {}) }));

    // Meanwhile: someone adds a contact with the "fresh" email, and the matched contact is
    // deleted and replaced by another one with its email.
    expect((await api.post('/orgs/contacts', { token: adminA, body: { orgId: contoso.id, email: `fresh-${tag}@contoso.test` } })).status).toBe(201);
    expect((await api.delete(`/orgs/contacts/${old.id}`, { token: adminA })).status).toBe(204);
    await contact({ name: 'Replacement', email: `moving-${tag}@contoso.test` });

    const c = await commit(acknowledged, 'update');
    expect(c.status).toBe(200);
    expect(codes(c.body)).toEqual([[0, 'annotation-changed'], [1, 'match-changed']]);
    expect(c.body.imported.map((r: { index: number }) => r.index)).toEqual([2]);
    expect(await db.contact.count({ where: { email: `moving-${tag}@contoso.test`, title: 'CTO' } })).toBe(0);
  });
});

describe('merge semantics', () => {
  it('never clears with a blank or absent column, replaces roles only when non-empty, moves the site only when named', async () => {
    const tag = uniq();
    const c = await contact({ name: 'Merge Me', email: `merge-${tag}@contoso.test`, phone: '111', title: 'Boss', roles: ['billing', 'technical'], links: [`M-${tag}`] });
    const base = { organizationId: contoso.id, externalId: `M-${tag}` };
    const up = async (row: Record<string, unknown>) => {
      const res = await commit([{ ...base, ...row }], 'update');
      expect(res.body.errors).toEqual([]);
      expect(res.body.updated).toHaveLength(1);
      return db.contact.findUniqueOrThrow({ where: { id: c.id } });
    };
    let now = await up({ name: ' ', email: '', phone: null, mobile: '   ', roles: [] });
    expect(now).toMatchObject({ name: 'Merge Me', email: `merge-${tag}@contoso.test`, phone: '111', mobile: null, title: 'Boss', roles: ['billing', 'technical'], siteId: null });
    now = await up({ mobile: ' 0700 ', roles: ['escalation'], site: 'hq' });
    expect(now).toMatchObject({ name: 'Merge Me', phone: '111', mobile: '0700', roles: ['escalation'], siteId: hq.id });
    now = await up({ name: 'Renamed', email: `NEW-${tag}@contoso.test` });
    expect(now).toMatchObject({ name: 'Renamed', email: `new-${tag}@contoso.test`, phone: '111', roles: ['escalation'], siteId: hq.id, title: 'Boss' });

    const skipped = await commit([{ ...base, name: 'Ignored', roles: ['admin'] }]);
    expect(skipped.body.skipped).toHaveLength(1);
    expect(await db.contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ name: 'Renamed', roles: ['escalation'] });
    expect(await db.auditLog.count({ where: { action: 'contact.update', targetId: c.id } })).toBe(3);
  });

  it('a whitespace-only identifier merges into a linked contact but cannot create one', async () => {
    const tag = uniq();
    const c = await contact({ name: 'Keeps Name', links: [`W-${tag}`] });
    const res = await commit([{ organizationId: contoso.id, externalId: `W-${tag}`, name: '  ', title: 'Titled' }, { organizationId: contoso.id, externalId: `W2-${tag}`, name: '  ' }], 'update');
    expect(res.body.updated.map((u: { contactId: string }) => u.contactId)).toEqual([c.id]);
    expect(codes(res.body)).toEqual([[1, 'no-identifier']]);
    expect(await db.contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ name: 'Keeps Name', title: 'Titled' });
  });

  it('withdraws portal access when the merged roles drop `portal`', async () => {
    const tag = uniq();
    const c = await contact({ name: 'Portal User', email: `portal-${tag}@contoso.test`, roles: ['portal'], links: [`P-${tag}`] });
    await db.portalAccount.create({ data: { contactId: c.id, partnerId: partnerA.id, orgId: contoso.id, email: c.email!, status: 'active' } });
    const res = await commit([{ organizationId: contoso.id, externalId: `P-${tag}`, roles: ['billing'], name: 'Portal User' }], 'update');
    expect(res.body.updated).toHaveLength(1);
    expect((await db.portalAccount.findUniqueOrThrow({ where: { contactId: c.id } })).status).toBe('disabled');
  });
});

describe('durable links', () => {
  it('a link naming a deleted contact creates a new contact that takes the link over', async () => {
    const tag = uniq();
    const gone = await contact({ name: `Gone ${tag}`, links: [`D-${tag}`] });
    expect((await api.delete(`/orgs/contacts/${gone.id}`, { token: adminA })).status).toBe(204);
    const row = { organizationId: contoso.id, externalId: `D-${tag}`, name: `Back ${tag}` };
    expect((await preview([row])).body.rows[0].annotation).toBe('create');
    const res = await commit([row]);
    const fresh = res.body.imported[0].contactId;
    expect(fresh).not.toBe(gone.id);
    expect((await db.contactExternalLink.findFirstOrThrow({ where: { orgId: contoso.id, externalId: `D-${tag}` } })).contactId).toBe(fresh);
    expect((await preview([row])).body.rows[0]).toMatchObject({ annotation: 'link-match', contactId: fresh });
  });

  it('an imported contact is edited with PATCH, where an explicit null clears (imports never clear)', async () => {
    const tag = uniq();
    const res = await commit([{ organizationId: contoso.id, name: `Patch ${tag}`, phone: '123', title: 'Lead', externalId: `PT-${tag}` }]);
    const id = res.body.imported[0].contactId;
    const patched = await api.patch(`/orgs/contacts/${id}`, { token: adminA, body: { phone: null, title: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: `Patch ${tag}`, phone: null, title: null, externalLinks: [{ externalSystem: 'csv', externalId: `PT-${tag}` }] });
  });
});

describe('concurrent commits', () => {
  it('two identical contact imports at once create each contact once', async () => {
    const tag = uniq();
    const rows = Array.from({ length: 30 }, (_, i) => ({ organizationId: fabrikam.id, name: `Twice ${tag} ${i}`, externalId: `tw-${tag}-${i}` }));
    const [a, b] = await Promise.all([commit(rows), commit(rows)]);
    expect([a.body.imported.length, b.body.imported.length].sort()).toEqual([0, 30]);
    expect(a.body.skipped.length + b.body.skipped.length).toBe(30);
    expect(await db.contact.count({ where: { name: { startsWith: `Twice ${tag} ` } } })).toBe(30);
  });
});

describe('write failures', () => {
  it('reports a row the database refuses as write-failed while the other rows proceed', async () => {
    const tag = uniq();
    await db.$executeRawUnsafe(`
      create or replace function refuse_explode_contact() returns trigger language plpgsql as $$
      begin if new.name = 'EXPLODE' then raise exception 'refused'; end if; return new; end $$`);
    await db.$executeRawUnsafe(`create trigger refuse_explode_contact before insert on contacts for each row execute function refuse_explode_contact()`);
    try {
      const res = await commit([
        { organizationId: fabrikam.id, name: `Fine ${tag}` },
        { organizationId: fabrikam.id, name: 'EXPLODE', externalId: `E-${tag}` },
        { organizationId: fabrikam.id, name: `Fine2 ${tag}` },
      ]);
      expect(res.status).toBe(200);
      expect(codes(res.body)).toEqual([[1, 'write-failed']]);
      expect(res.body.imported.map((r: { index: number }) => r.index)).toEqual([0, 2]);
      expect(await db.contactExternalLink.count({ where: { externalId: `E-${tag}` } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe('drop trigger refuse_explode_contact on contacts');
    }
  });
});

describe('tenancy', () => {
  it('another partner’s caller cannot reach this partner’s organizations or contacts', async () => {
    const tag = uniq();
    const c = await contact({ name: `Private ${tag}`, email: `private-${tag}@contoso.test`, links: [`T-${tag}`] });
    const rows = [{ organizationId: contoso.id, externalId: `T-${tag}`, name: 'Hijack' }, { organization: 'Contoso', email: `private-${tag}@contoso.test` }];
    expect((await preview(rows, adminB)).body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['org-not-found', 'org-not-found']);
    const res = await commit(rows, 'update', adminB);
    expect(codes(res.body)).toEqual([[0, 'org-not-found'], [1, 'org-not-found']]);
    expect(await db.contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ name: `Private ${tag}` });
    const selected = await tokenFor(await makePartnerUser(partnerA, { orgAccess: 'selected', orgIds: [fabrikam.id] }), { mfa: true });
    expect(codes((await commit(rows, 'update', selected)).body)).toEqual([[0, 'org-not-found'], [1, 'org-not-found']]);
  });
});
