// Organization/site bulk import (doc 3): grouping, default sites, slugs, every annotation and
// error code, the re-derive race between preview and commit, skip/update modes, idempotent and
// crash-safe re-runs, the 1,000-row limit, permissions and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, makeSite, tokenFor } from '../helpers/factories';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
});

const uniq = () => Math.random().toString(36).slice(2, 8);
const preview = (rows: unknown[], token = adminA, extra: Record<string, unknown> = {}) => api.post('/orgs/import/preview', { token, body: { rows, ...extra } });
const commit = (rows: unknown[], mode?: 'skip' | 'update', token = adminA, extra: Record<string, unknown> = {}) =>
  api.post('/orgs/import', { token, body: { rows, ...(mode ? { mode } : {}), ...extra } });
const orgsNamed = (partnerId: string, name: string) => db.organization.findMany({ where: { partnerId, name: { equals: name, mode: 'insensitive' } }, include: { sites: true, externalLinks: true } });

describe('access', () => {
  it('needs MFA, orgs:write and sites:write, and full organization access', async () => {
    const rows = [{ organization: 'Nope' }];
    const bare = await tokenFor(await makePartnerUser(partnerA));
    expect((await preview(rows, bare)).body.error.code).toBe('MFA_REQUIRED');
    expect((await commit(rows, undefined, bare)).status).toBe(403);
    const tech = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician' }), { mfa: true });
    expect((await commit(rows, undefined, tech)).status).toBe(403);
    const role = await db.role.create({ data: { partnerId: partnerA.id, name: `orgs only ${uniq()}`, scope: 'partner', permissions: ['orgs:read', 'orgs:write'] } });
    const orgsOnly = await tokenFor(await makePartnerUser({ id: partnerA.id, roles: { x: role.id } }, { role: 'x' }), { mfa: true });
    const res = await commit(rows, undefined, orgsOnly);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/sites:write/);
    const org = await makeOrg(partnerA.id);
    const selected = await tokenFor(await makePartnerUser(partnerA, { orgAccess: 'selected', orgIds: [org.id] }), { mfa: true });
    expect((await preview(rows, selected)).status).toBe(403);
    const customer = await tokenFor(await makeOrgUser(partnerA, org, { role: 'Organization Admin' }), { mfa: true });
    expect((await commit(rows, undefined, customer)).status).toBe(403);
    expect(await db.organization.count({ where: { partnerId: partnerA.id, name: 'Nope' } })).toBe(0);
  });

  it('system-scope callers must name the partner', async () => {
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const missing = await commit([{ organization: `Sys ${uniq()}` }], undefined, sys);
    expect(missing.status).toBe(400);
    const name = `Sys ${uniq()}`;
    const ok = await commit([{ organization: name }], undefined, sys, { partnerId: partnerB.id });
    expect(ok.status).toBe(200);
    expect(ok.body.imported).toHaveLength(1);
    expect(await orgsNamed(partnerB.id, name)).toHaveLength(1);
  });
});

describe('validation', () => {
  it('rejects malformed rows and over-long requests with the 400 envelope, writing nothing', async () => {
    const name = `Valid ${uniq()}`;
    const bad = async (rows: unknown[]) => {
      const res = await commit(rows);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    };
    await bad([{ organization: name }, { organization: name, timezone: 'Mars/Olympus' }]);
    await bad([{ organization: '' }]);
    await bad([{ organization: 'x'.repeat(256) }]);
    await bad([{ site: 'HQ' }]);
    await bad([{ organization: name, unknown: 1 }]);
    await bad([{ organization: name, contact: { email: 'nope' } }]);
    await bad([{ organization: name, expectedAnnotation: 'maybe' }]);
    await bad([]);
    await bad(Array.from({ length: 1001 }, (_, i) => ({ organization: `${name} ${i}` })));
    expect((await preview(Array.from({ length: 1001 }, () => ({ organization: name })))).status).toBe(400);
    expect((await api.post('/orgs/import', { token: adminA, body: { rows: [{ organization: name }], mode: 'merge' } })).status).toBe(400);
    expect(await db.organization.count({ where: { name: { startsWith: name } } })).toBe(0);
  });

  it('accepts 1,000 rows in one request', async () => {
    const tag = uniq();
    const rows = Array.from({ length: 1000 }, (_, i) => ({ organization: `Bulk ${tag} ${Math.floor(i / 2)}`, site: `Site ${i % 2}`, externalId: `b-${tag}-${Math.floor(i / 2)}` }));
    const p = await preview(rows);
    expect(p.status).toBe(200);
    expect(p.body.rows).toHaveLength(1000);
    expect(p.body.rows.every((r: { annotation: string }) => r.annotation === 'create')).toBe(true);
    const c = await commit(rows);
    expect(c.status).toBe(200);
    expect(c.body.imported).toHaveLength(1000);
    expect(c.body.errors).toEqual([]);
    expect(await db.organization.count({ where: { partnerId: partnerA.id, name: { startsWith: `Bulk ${tag} ` } } })).toBe(500);
    expect(await db.site.count({ where: { partnerId: partnerA.id, organization: { name: { startsWith: `Bulk ${tag} ` } } } })).toBe(1000);
  });
});

describe('create', () => {
  it('groups rows into organizations with many sites, adds default sites, derives unique slugs and links', async () => {
    const tag = uniq();
    await db.organization.create({ data: { partnerId: partnerA.id, name: `Other ${tag}`, slug: `contoso-${tag}` } });
    const rows = [
      { organization: `Contoso ${tag}`, site: 'HQ', externalId: `c-${tag}`, timezone: 'Europe/Berlin', address: '1 Main St', contact: { name: 'Ada', email: 'ADA@contoso.test', phone: '555' } },
      { organization: `  contoso   ${tag} `, site: 'Branch' },
      { organization: `Contoso ${tag}`, site: 'hq' },
      { organization: `Fabrikam ${tag}`, externalSystem: 'datto', externalId: `f-${tag}` },
      { organization: `Fabrikam ${tag}` },
    ];
    const p = await preview(rows, adminA, { mode: 'update' });
    expect(p.status).toBe(200);
    expect(p.body.rows).toEqual(rows.map((r, index) => ({ index, annotation: 'create', organization: r.organization.trim() })));
    const c = await commit(rows);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ updated: [], skipped: [], errors: [] });
    expect(c.body.imported.map((r: { index: number; createdOrganization: boolean }) => [r.index, r.createdOrganization])).toEqual([[0, true], [1, false], [2, false], [3, true], [4, false]]);

    const [contoso] = await orgsNamed(partnerA.id, `Contoso ${tag}`);
    expect(contoso.slug).toBe(`contoso-${tag}-1`);
    expect(contoso.timezone).toBe('Europe/Berlin');
    expect(contoso.sites.map((s) => s.name).sort()).toEqual(['Branch', 'HQ']);
    const hq = contoso.sites.find((s) => s.name === 'HQ')!;
    expect(hq).toMatchObject({ timezone: 'Europe/Berlin', address: '1 Main St', contact: { name: 'Ada', email: 'ada@contoso.test', phone: '555' } });
    expect(c.body.imported[2].siteId).toBe(hq.id);
    expect(contoso.externalLinks.map((l) => [l.externalSystem, l.externalId])).toEqual([['csv', `c-${tag}`]]);

    const [fabrikam] = await orgsNamed(partnerA.id, `Fabrikam ${tag}`);
    expect(fabrikam.sites.map((s) => s.name)).toEqual([`Fabrikam ${tag}`]);
    expect(c.body.imported[3]).toMatchObject({ organizationId: fabrikam.id, siteId: fabrikam.sites[0].id, siteName: `Fabrikam ${tag}`, slug: `fabrikam-${tag}` });
    expect(fabrikam.externalLinks.map((l) => [l.externalSystem, l.externalId])).toEqual([['datto', `f-${tag}`]]);
    expect(await db.auditLog.count({ where: { action: 'organization.create', partnerId: partnerA.id, targetId: { in: [contoso.id, fabrikam.id] } } })).toBe(2);
    expect(await db.auditLog.count({ where: { action: 'organization.import', partnerId: partnerA.id, details: { path: ['imported'], equals: 5 } } })).toBe(1);
  });

  it('is idempotent: the same request again skips every linked organization and writes nothing', async () => {
    const tag = uniq();
    const rows = [
      { organization: `Idem ${tag}`, site: 'One', externalId: `i-${tag}` },
      { organization: `Idem ${tag}`, site: 'Two', externalId: `i-${tag}` },
      { organization: `Idem2 ${tag}`, externalId: `j-${tag}` },
    ];
    expect((await commit(rows)).body.imported).toHaveLength(3);
    const before = { orgs: await db.organization.count(), sites: await db.site.count(), links: await db.organizationExternalLink.count() };
    const again = await commit(rows);
    expect(again.body).toMatchObject({ imported: [], updated: [], errors: [] });
    expect(again.body.skipped.map((s: { index: number; reason: string }) => [s.index, s.reason])).toEqual([[0, 'already-linked'], [1, 'already-linked'], [2, 'already-linked']]);
    expect({ orgs: await db.organization.count(), sites: await db.site.count(), links: await db.organizationExternalLink.count() }).toEqual(before);
    expect((await preview(rows)).body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['link-match', 'link-match', 'link-match']);
  });
});

describe('matches', () => {
  it('name-match: refused without acknowledgement, attached with it (and linked), or forceCreate makes a new one', async () => {
    const tag = uniq();
    const existing = await db.organization.create({ data: { partnerId: partnerA.id, name: `Northwind ${tag}`, slug: `northwind-${tag}` } });
    const row = { organization: `NORTHWIND  ${tag}`, externalId: `n-${tag}` };
    const p = await preview([row]);
    expect(p.body.rows[0]).toEqual({ index: 0, annotation: 'name-match', organization: row.organization, organizationId: existing.id, matchedOrganizationName: existing.name });

    const unconfirmed = await commit([row]);
    expect(unconfirmed.body.errors).toEqual([{ index: 0, organization: row.organization, code: 'match-unconfirmed', message: expect.any(String) }]);
    const wrongId = await commit([{ ...row, expectedAnnotation: 'name-match', expectedOrganizationId: partnerA.id }]);
    expect(wrongId.body.errors[0].code).toBe('match-changed');

    const confirmed = await commit([{ ...row, expectedAnnotation: 'name-match', expectedOrganizationId: existing.id }]);
    expect(confirmed.body.skipped).toEqual([{ index: 0, organization: row.organization, organizationId: existing.id, reason: 'name-match-confirmed', linked: true }]);
    expect((await db.organization.findUniqueOrThrow({ where: { id: existing.id } })).name).toBe(existing.name);
    // The link makes the next import an identity match.
    expect((await preview([row])).body.rows[0].annotation).toBe('link-match');

    const other = { organization: `Northwind ${tag}`, site: 'Elsewhere' };
    expect((await preview([other])).body.rows[0].annotation).toBe('name-match');
    const forced = await commit([{ ...other, forceCreate: true }]);
    expect(forced.body.imported[0]).toMatchObject({ createdOrganization: true, slug: `northwind-${tag}-1`, siteName: 'Elsewhere' });
    expect(await orgsNamed(partnerA.id, `Northwind ${tag}`)).toHaveLength(2);
  });

  it('matched-soft-deleted: refused without reactivate, restored with it, or replaced with forceCreate', async () => {
    const tag = uniq();
    const dead = await db.organization.create({ data: { partnerId: partnerA.id, name: `Dead ${tag}`, slug: `dead-${tag}`, deletedAt: new Date() } });
    await db.organizationExternalLink.create({ data: { partnerId: partnerA.id, orgId: dead.id, externalSystem: 'csv', externalId: `d-${tag}` } });
    const byName = { organization: `Dead ${tag}` };
    const byLink = { organization: `Renamed ${tag}`, externalId: `d-${tag}` };
    const p = await preview([byName]);
    expect(p.body.rows[0]).toMatchObject({ annotation: 'matched-soft-deleted', organizationId: dead.id, matchedOrganizationName: `Dead ${tag}` });
    expect((await preview([byLink])).body.rows[0]).toMatchObject({ annotation: 'matched-soft-deleted', organizationId: dead.id });

    expect((await commit([byName])).body.errors[0].code).toBe('match-unconfirmed');
    expect((await commit([{ ...byName, reactivate: true, forceCreate: true }])).body.errors[0].code).toBe('row-conflict');
    expect((await db.organization.findUniqueOrThrow({ where: { id: dead.id } })).deletedAt).not.toBeNull();

    // forceCreate over the link match: a new organization takes over the external identity.
    const forced = await commit([{ ...byLink, forceCreate: true }]);
    const fresh = forced.body.imported[0];
    expect(fresh).toMatchObject({ createdOrganization: true, slug: `renamed-${tag}` });
    expect((await db.organizationExternalLink.findFirstOrThrow({ where: { partnerId: partnerA.id, externalId: `d-${tag}` } })).orgId).toBe(fresh.organizationId);

    const restored = await commit([{ ...byName, expectedAnnotation: 'matched-soft-deleted', reactivate: true }]);
    expect(restored.body.updated).toEqual([{ index: 0, organization: byName.organization, organizationId: dead.id, siteId: null, siteName: null, createdSite: false, reactivated: true, linked: false }]);
    expect((await db.organization.findUniqueOrThrow({ where: { id: dead.id } })).deletedAt).toBeNull();
    expect((await preview([byName])).body.rows[0].annotation).toBe('name-match');
  });

  it('update mode restores a deleted organization and patches it; forceCreate over a name match links the new one', async () => {
    const tag = uniq();
    const dead = await db.organization.create({ data: { partnerId: partnerA.id, name: `Phoenix ${tag}`, slug: `phoenix-${tag}`, deletedAt: new Date() } });
    const res = await commit([{ organization: `Phoenix ${tag}`, site: 'Rebuilt', timezone: 'Europe/Rome', reactivate: true, externalId: `ph-${tag}` }], 'update');
    expect(res.body.updated).toEqual([{ index: 0, organization: `Phoenix ${tag}`, organizationId: dead.id, siteId: expect.any(String), siteName: 'Rebuilt', createdSite: true, reactivated: true, linked: true }]);
    const after = await db.organization.findUniqueOrThrow({ where: { id: dead.id }, include: { sites: true, externalLinks: true } });
    expect(after.deletedAt).toBeNull();
    expect(after.sites.map((s) => [s.name, s.timezone])).toEqual([['Rebuilt', 'Europe/Rome']]);
    expect(after.externalLinks.map((l) => l.externalId)).toEqual([`ph-${tag}`]);
    expect(await db.auditLog.count({ where: { action: 'organization.reactivate', targetId: dead.id } })).toBe(1);

    const forced = await commit([{ organization: `phoenix ${tag}`, externalSystem: 'psa', externalId: `other-${tag}`, forceCreate: true }]);
    const created = forced.body.imported[0];
    expect(created).toMatchObject({ createdOrganization: true, slug: `phoenix-${tag}-1` });
    expect((await db.organizationExternalLink.findFirstOrThrow({ where: { externalSystem: 'psa', externalId: `other-${tag}` } })).orgId).toBe(created.organizationId);
  });

  it('conflict: one external id under two names, ambiguous names, duplicate existing names, the organization limit', async () => {
    const tag = uniq();
    await db.organization.createMany({ data: [1, 2].map((n) => ({ partnerId: partnerA.id, name: `Twin ${tag}`, slug: `twin-${tag}-${n}` })) });
    const rows = [
      { organization: `Alpha ${tag}`, externalId: `x-${tag}` },
      { organization: `Beta ${tag}`, externalId: `x-${tag}` },
      { organization: `Gamma ${tag}`, externalId: `g1-${tag}` },
      { organization: `Gamma ${tag}`, externalId: `g2-${tag}` },
      { organization: `Gamma ${tag}` },
      { organization: `Twin ${tag}` },
      { organization: `Fine ${tag}` },
    ];
    const p = await preview(rows);
    expect(p.body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['conflict', 'conflict', 'create', 'create', 'conflict', 'conflict', 'create']);
    for (const i of [0, 1, 4, 5]) expect(p.body.rows[i].conflictReason).toEqual(expect.any(String));
    expect(p.body.rows[5].conflictReason).toMatch(/Several existing organizations/);
    const c = await commit(rows);
    expect(c.body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([[0, 'row-conflict'], [1, 'row-conflict'], [4, 'row-conflict'], [5, 'row-conflict']]);
    expect(c.body.imported.map((r: { index: number }) => r.index)).toEqual([2, 3, 6]);

    const capped = await makePartner({ maxOrganizations: 2 });
    const cappedAdmin = await tokenFor(await makePartnerUser(capped), { mfa: true });
    await makeOrg(capped.id, 'Existing');
    const capRows = [{ organization: 'One' }, { organization: 'Two' }, { organization: 'Two', site: 'B' }];
    expect((await preview(capRows, cappedAdmin)).body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['create', 'conflict', 'conflict']);
    const capCommit = await commit(capRows, undefined, cappedAdmin);
    expect(capCommit.body.imported).toHaveLength(1);
    expect(capCommit.body.errors.map((e: { code: string; message: string }) => e.code)).toEqual(['row-conflict', 'row-conflict']);
    expect(capCommit.body.errors[0].message).toMatch(/limit of 2/);
    expect(await db.organization.count({ where: { partnerId: capped.id } })).toBe(2);
  });
});

describe('commit re-derives against fresh state', () => {
  it('puts rows whose annotation or match changed since preview into errors while the others proceed', async () => {
    const tag = uniq();
    const target = await db.organization.create({ data: { partnerId: partnerA.id, name: `Moving ${tag}`, slug: `moving-${tag}` } });
    const rows = [{ organization: `Race ${tag}` }, { organization: `Moving ${tag}` }, { organization: `Calm ${tag}`, site: 'S' }];
    const p = await preview(rows);
    expect(p.body.rows.map((r: { annotation: string }) => r.annotation)).toEqual(['create', 'name-match', 'create']);
    const acknowledged = rows.map((r, i) => ({ ...r, expectedAnnotation: p.body.rows[i].annotation, ...(p.body.rows[i].organizationId ? { expectedOrganizationId: p.body.rows[i].organizationId } : {}) }));

    // Between preview and commit: someone creates "Race", and "Moving" is replaced by another
    // organization of that name.
    const racer = await api.post('/orgs/organizations', { token: adminA, body: { name: `Race ${tag}` } });
    expect(racer.status).toBe(201);
    await db.organization.update({ where: { id: target.id }, data: { name: `Moved away ${tag}` } });
    const impostor = await db.organization.create({ data: { partnerId: partnerA.id, name: `Moving ${tag}`, slug: `moving-${tag}-x` } });

    const c = await commit(acknowledged);
    expect(c.body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([[0, 'annotation-changed'], [1, 'match-changed']]);
    expect(c.body.imported.map((r: { index: number }) => r.index)).toEqual([2]);
    expect(await orgsNamed(partnerA.id, `Race ${tag}`)).toHaveLength(1);
    expect((await db.organization.findUniqueOrThrow({ where: { id: impostor.id } })).name).toBe(`Moving ${tag}`);
  });
});

describe('concurrent commits', () => {
  it('two identical imports at once create each organization once (the partner row serializes them)', async () => {
    const tag = uniq();
    const rows = Array.from({ length: 30 }, (_, i) => ({ organization: `Concurrent ${tag} ${i}`, site: 'Main', externalId: `cc-${tag}-${i}` }));
    const [a, b] = await Promise.all([commit(rows), commit(rows)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.imported.length, b.body.imported.length].sort()).toEqual([0, 30]);
    expect(a.body.skipped.length + b.body.skipped.length).toBe(30);
    expect(await db.organization.count({ where: { name: { startsWith: `Concurrent ${tag} ` } } })).toBe(30);
    expect(await db.site.count({ where: { organization: { name: { startsWith: `Concurrent ${tag} ` } } } })).toBe(30);
  });
});

describe('update mode', () => {
  it('patches only the fields present, adds missing sites and never clears', async () => {
    const tag = uniq();
    const first = await commit([
      { organization: `Upd ${tag}`, site: 'HQ', externalId: `u-${tag}`, timezone: 'Europe/Paris', address: 'Old street', contact: { name: 'Bo' } },
    ]);
    const orgId = first.body.imported[0].organizationId;
    const hqId = first.body.imported[0].siteId;
    const skipRun = await commit([{ organization: `Upd Renamed ${tag}`, site: 'HQ', externalId: `u-${tag}`, timezone: 'Asia/Tokyo' }]);
    expect(skipRun.body.skipped).toHaveLength(1);
    expect((await db.organization.findUniqueOrThrow({ where: { id: orgId } })).name).toBe(`Upd ${tag}`);

    const res = await commit(
      [
        { organization: `Upd Renamed ${tag}`, site: 'hq', externalId: `u-${tag}`, timezone: 'Asia/Tokyo' },
        { organization: `Upd Renamed ${tag}`, site: 'Annex', externalId: `u-${tag}`, address: 'New street' },
        { organization: `Upd Renamed ${tag}`, externalId: `u-${tag}`, timezone: 'America/New_York' },
      ],
      'update',
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.updated.map((u: { siteId: string | null; createdSite: boolean }) => [u.siteId === hqId, u.createdSite])).toEqual([[true, false], [false, true], [false, false]]);
    const org = await db.organization.findUniqueOrThrow({ where: { id: orgId }, include: { sites: { orderBy: { createdAt: 'asc' } } } });
    expect(org).toMatchObject({ name: `Upd Renamed ${tag}`, timezone: 'America/New_York' });
    expect(org.sites[0]).toMatchObject({ id: hqId, name: 'HQ', timezone: 'Asia/Tokyo', address: 'Old street', contact: { name: 'Bo' } });
    expect(org.sites[1]).toMatchObject({ name: 'Annex', address: 'New street', timezone: 'America/New_York' });
  });
});

describe('write failures and crashes', () => {
  it('reports a group the database refuses as write-failed while the other groups proceed', async () => {
    const tag = uniq();
    await db.$executeRawUnsafe(`
      create or replace function refuse_explode_site() returns trigger language plpgsql as $$
      begin if new.name = 'EXPLODE' then raise exception 'refused'; end if; return new; end $$`);
    await db.$executeRawUnsafe(`create trigger refuse_explode before insert on sites for each row execute function refuse_explode_site()`);
    try {
      const res = await commit([{ organization: `Ok ${tag}` }, { organization: `Boom ${tag}`, site: 'EXPLODE' }, { organization: `Boom ${tag}`, site: 'Fine' }, { organization: `Ok2 ${tag}` }]);
      expect(res.status).toBe(200);
      expect(res.body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([[1, 'write-failed'], [2, 'write-failed']]);
      expect(res.body.imported.map((r: { index: number }) => r.index)).toEqual([0, 3]);
      expect(await orgsNamed(partnerA.id, `Boom ${tag}`)).toHaveLength(0);
      expect(await orgsNamed(partnerA.id, `Ok2 ${tag}`)).toHaveLength(1);
    } finally {
      await db.$executeRawUnsafe('drop trigger refuse_explode on sites');
    }
  });

  it('is safe to re-run after a crash halfway: nothing half-written, the re-run imports each row once', async () => {
    const tag = uniq();
    // The process dies after every organization, site and link was written but before the
    // transaction commits (simulated by the last statement of the commit failing).
    await db.$executeRawUnsafe(`
      create or replace function crash_on_import_audit() returns trigger language plpgsql as $$
      begin if new.action = 'organization.import' then raise exception 'simulated crash'; end if; return new; end $$`);
    await db.$executeRawUnsafe(`create trigger crash_on_import_audit before insert on audit_logs for each row execute function crash_on_import_audit()`);
    const rows = Array.from({ length: 40 }, (_, i) => ({ organization: `Crash ${tag} ${i}`, site: i % 2 ? 'Main' : undefined, externalId: `cr-${tag}-${i}` }));
    try {
      const crashed = await commit(rows);
      expect(crashed.status).toBe(500);
    } finally {
      await db.$executeRawUnsafe('drop trigger crash_on_import_audit on audit_logs');
    }
    expect(await db.organization.count({ where: { name: { startsWith: `Crash ${tag} ` } } })).toBe(0);
    const rerun = await commit(rows);
    expect(rerun.body.imported).toHaveLength(40);
    const again = await commit(rows);
    expect(again.body.skipped).toHaveLength(40);
    expect(await db.organization.count({ where: { name: { startsWith: `Crash ${tag} ` } } })).toBe(40);
    expect(await db.organizationExternalLink.count({ where: { externalId: { startsWith: `cr-${tag}-` } } })).toBe(40);
  });
});

describe('tenancy', () => {
  it('matches only within the caller’s partner and never touches another partner’s organizations', async () => {
    const tag = uniq();
    const theirs = await makeOrg(partnerA.id, `Shared ${tag}`);
    await makeSite(theirs, 'Theirs');
    await db.organizationExternalLink.create({ data: { partnerId: partnerA.id, orgId: theirs.id, externalSystem: 'csv', externalId: `s-${tag}` } });
    const rows = [{ organization: `Shared ${tag}`, externalId: `s-${tag}`, site: 'Mine' }];
    expect((await preview(rows, adminB)).body.rows[0].annotation).toBe('create');
    const c = await commit(rows, 'update', adminB);
    expect(c.body.imported).toHaveLength(1);
    expect(c.body.imported[0].organizationId).not.toBe(theirs.id);
    const after = await db.organization.findUniqueOrThrow({ where: { id: theirs.id }, include: { sites: true } });
    expect(after.sites.map((s) => s.name)).toEqual(['Theirs']);
    expect(after.partnerId).toBe(partnerA.id);
  });
});
