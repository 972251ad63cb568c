// Assets: the MSP's records (CRUD, tenancy), the portal's devices view, and checkout/check-in
// with who and when, conflicts and races.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { makePortalUser, portalLogin, type PortalBrowser } from '../helpers/portal';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let orgA: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let adminA: string;
let adminB: string;
let alice: PortalBrowser;
let aliceId: string;
let carol: PortalBrowser;
let bob: PortalBrowser;

async function newAsset(body: Record<string, unknown>, token = adminA) {
  const res = await api.post('/assets', { token, body: { orgId: orgA.id, kind: 'other', name: 'Thing', ...body } });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body;
}

beforeAll(async () => {
  partnerA = await makePartner();
  const partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  orgB = await makeOrg(partnerA.id, 'Fabrikam');
  adminA = await tokenFor(await makePartnerUser(partnerA, { name: 'Sam Support' }));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  const a = await makePortalUser(orgA, { name: 'Alice' });
  aliceId = a.id;
  alice = await portalLogin(a.email!);
  carol = await portalLogin((await makePortalUser(orgA, { name: 'Carol' })).email!);
  bob = await portalLogin((await makePortalUser(orgB, { name: 'Bob' })).email!);
});

describe('assets (MSP side)', () => {
  it('creates, reads, updates and soft-deletes assets with validation', async () => {
    const site = await makeSite(orgA, 'HQ');
    const created = await api.post('/assets', { token: adminA, body: { orgId: orgA.id, siteId: site.id, kind: 'device', name: 'LAPTOP-042', assetTag: 'A-42', serialNumber: 'SN123', manufacturer: 'Dell', model: 'Latitude 7440', checkoutable: true } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orgId: orgA.id, partnerId: partnerA.id, siteId: site.id, kind: 'device', name: 'LAPTOP-042', assetTag: 'A-42', checkoutable: true, checkout: null, deviceId: null });
    const id = created.body.id;
    expect((await api.get(`/assets/${id}`, { token: adminA })).body.name).toBe('LAPTOP-042');
    const patched = await api.patch(`/assets/${id}`, { token: adminA, body: { serialNumber: null, description: 'Loaner', name: 'LAPTOP-042 (loaner)' } });
    expect(patched.body).toMatchObject({ serialNumber: null, description: 'Loaner', name: 'LAPTOP-042 (loaner)', assetTag: 'A-42' });
    const dupTag = await api.post('/assets', { token: adminA, body: { orgId: orgA.id, kind: 'monitor', name: 'Screen', assetTag: 'A-42' } });
    expect(dupTag.body.error.code).toBe('ASSET_TAG_IN_USE');
    expect((await api.post('/assets', { token: adminA, body: { orgId: orgB.id, kind: 'monitor', name: 'Screen', assetTag: 'A-42' } })).status).toBe(201);
    expect((await api.post('/assets', { token: adminA, body: { orgId: orgA.id, kind: 'spaceship', name: 'X' } })).status).toBe(400);
    expect((await api.post('/assets', { token: adminA, body: { orgId: orgA.id, kind: 'other', name: '' } })).status).toBe(400);
    expect((await api.post('/assets', { token: adminA, body: { orgId: orgA.id, kind: 'other', name: 'X', siteId: (await makeSite(orgB)).id } })).status).toBe(400);
    expect((await api.delete(`/assets/${id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/assets/${id}`, { token: adminA })).status).toBe(404);
    // The tag is free again once the asset is gone.
    expect((await api.post('/assets', { token: adminA, body: { orgId: orgA.id, kind: 'monitor', name: 'Screen', assetTag: 'A-42' } })).status).toBe(201);
  });

  it('lists with filters', async () => {
    const org = await makeOrg(partnerA.id, 'Filters Inc');
    await newAsset({ orgId: org.id, kind: 'device', name: 'PC-1' });
    const loaner = await newAsset({ orgId: org.id, kind: 'tablet', name: 'Loaner iPad', checkoutable: true });
    await newAsset({ orgId: org.id, kind: 'license', name: 'Office seat', checkoutable: true });
    const names = async (query: Record<string, string>) => (await api.get('/assets', { token: adminA, query: { orgId: org.id, ...query } })).body.data.map((a: { name: string }) => a.name);
    expect(await names({})).toEqual(['Loaner iPad', 'Office seat', 'PC-1']);
    expect(await names({ kind: 'device' })).toEqual(['PC-1']);
    expect(await names({ checkoutable: 'true' })).toEqual(['Loaner iPad', 'Office seat']);
    expect(await names({ search: 'ipad' })).toEqual(['Loaner iPad']);
    await db.assetCheckout.create({ data: { partnerId: org.partnerId, orgId: org.id, assetId: loaner.id, contactId: (await makePortalUser(org)).id } });
    expect(await names({ checkedOut: 'true' })).toEqual(['Loaner iPad']);
    expect(await names({ checkedOut: 'false' })).toEqual(['Office seat', 'PC-1']);
  });

  it('answers 404 to another partner on GET, PATCH, DELETE, check-in and history, and changes nothing', async () => {
    const asset = await newAsset({ name: 'Private projector', checkoutable: true });
    const before = await db.orgAsset.findUniqueOrThrow({ where: { id: asset.id } });
    expect((await api.get(`/assets/${asset.id}`, { token: adminB })).status).toBe(404);
    expect((await api.patch(`/assets/${asset.id}`, { token: adminB, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await api.delete(`/assets/${asset.id}`, { token: adminB })).status).toBe(404);
    expect((await api.post(`/assets/${asset.id}/checkin`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/assets/${asset.id}/checkouts`, { token: adminB })).status).toBe(404);
    expect((await api.post('/assets', { token: adminB, body: { orgId: orgA.id, kind: 'other', name: 'Intruder' } })).status).toBe(404);
    expect((await api.get('/assets', { token: adminB })).body.data).toHaveLength(0);
    expect(await db.orgAsset.findUniqueOrThrow({ where: { id: asset.id } })).toEqual(before);
  });
});

describe('portal devices', () => {
  it('lists only the organization’s device assets, with status unknown until agents report', async () => {
    const site = await makeSite(orgA, 'Branch');
    const mine = await newAsset({ kind: 'device', name: 'CONTOSO-PC-7', assetTag: 'PC-7', manufacturer: 'Lenovo', model: 'ThinkPad', siteId: site.id });
    await newAsset({ kind: 'monitor', name: 'Not a device' });
    const theirs = await newAsset({ orgId: orgB.id, kind: 'device', name: 'FABRIKAM-PC-1' });
    const res = await alice.get('/portal/devices');
    expect(res.status).toBe(200);
    const names = res.body.data.map((d: { name: string }) => d.name);
    expect(names).toContain('CONTOSO-PC-7');
    expect(names).not.toContain('FABRIKAM-PC-1');
    expect(names).not.toContain('Not a device');
    expect(res.body.data.find((d: { id: string }) => d.id === mine.id)).toEqual({ id: mine.id, name: 'CONTOSO-PC-7', os: null, model: 'Lenovo ThinkPad', status: 'unknown', lastSeenAt: null, assetTag: 'PC-7', serialNumber: null, site: { id: site.id, name: 'Branch' } });
    expect((await bob.get('/portal/devices')).body.data.map((d: { id: string }) => d.id)).toContain(theirs.id);
    expect((await bob.get('/portal/devices')).body.data.map((d: { id: string }) => d.id)).not.toContain(mine.id);
    expect((await api.get('/portal/devices')).status).toBe(401);
  });
});

describe('portal checkout and check-in', () => {
  it('lists checkout-able assets, records who and when, and answers conflicts with 409', async () => {
    const laptop = await newAsset({ kind: 'device', name: 'Loaner laptop', checkoutable: true });
    const fixed = await newAsset({ kind: 'printer', name: 'Office printer' });
    const listed = await alice.get('/portal/assets');
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(laptop.id);
    expect(listed.body.data.map((a: { id: string }) => a.id)).not.toContain(fixed.id);

    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const out = await alice.post(`/portal/assets/${laptop.id}/checkout`, { body: { dueBackAt: due, note: 'Conference trip' } });
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ id: laptop.id, available: false, checkout: { mine: true, borrowerName: 'Alice', dueBackAt: due } });
    const row = await db.assetCheckout.findFirstOrThrow({ where: { assetId: laptop.id } });
    expect(row).toMatchObject({ contactId: aliceId, note: 'Conference trip', checkedInAt: null });
    expect(Date.now() - row.checkedOutAt.getTime()).toBeLessThan(60_000);

    // Carol sees who has it; her checkout and check-in are refused.
    expect((await carol.get('/portal/assets', { query: { available: 'false' } })).body.data.find((a: { id: string }) => a.id === laptop.id).checkout).toMatchObject({ mine: false, borrowerName: 'Alice' });
    const taken = await carol.post(`/portal/assets/${laptop.id}/checkout`, { body: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'ASSET_CHECKED_OUT', details: { mine: false } });
    expect((await alice.post(`/portal/assets/${laptop.id}/checkout`, { body: {} })).body.error).toMatchObject({ code: 'ASSET_CHECKED_OUT', details: { mine: true } });
    expect((await carol.post(`/portal/assets/${laptop.id}/checkin`)).body.error.code).toBe('ASSET_CHECKED_OUT_BY_OTHER');
    expect((await alice.post(`/portal/assets/${fixed.id}/checkout`, { body: {} })).body.error.code).toBe('ASSET_NOT_CHECKOUTABLE');
    expect((await alice.get('/portal/assets', { query: { mine: 'true' } })).body.data.map((a: { id: string }) => a.id)).toEqual([laptop.id]);

    const back = await alice.post(`/portal/assets/${laptop.id}/checkin`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ available: true, checkout: null });
    expect((await alice.post(`/portal/assets/${laptop.id}/checkin`)).body.error.code).toBe('ASSET_NOT_CHECKED_OUT');
    expect(await db.assetCheckout.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ checkedInByType: 'contact', checkedInById: aliceId });
    // Now Carol can borrow it; the MSP sees the history, newest first.
    expect((await carol.post(`/portal/assets/${laptop.id}/checkout`, { body: {} })).status).toBe(201);
    const history = await api.get(`/assets/${laptop.id}/checkouts`, { token: adminA });
    expect(history.body.data.map((c: { contact: { name: string } }) => c.contact.name)).toEqual(['Carol', 'Alice']);
    expect(history.body.data[1]).toMatchObject({ note: 'Conference trip', checkedInBy: { type: 'contact', id: aliceId } });
    expect((await api.get(`/assets/${laptop.id}`, { token: adminA })).body.checkout.contact.name).toBe('Carol');
    // The service desk checks in whoever has it.
    const staff = await api.post(`/assets/${laptop.id}/checkin`, { token: adminA });
    expect(staff.body.checkout).toBeNull();
    expect((await db.assetCheckout.findFirstOrThrow({ where: { assetId: laptop.id }, orderBy: { checkedOutAt: 'desc' } })).checkedInByType).toBe('user');
  });

  it('lets exactly one of two concurrent checkouts win', async () => {
    const tablet = await newAsset({ kind: 'tablet', name: 'Race tablet', checkoutable: true });
    const results = await Promise.all([alice.post(`/portal/assets/${tablet.id}/checkout`, { body: {} }), carol.post(`/portal/assets/${tablet.id}/checkout`, { body: {} })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db.assetCheckout.count({ where: { assetId: tablet.id, checkedInAt: null } })).toBe(1);
    // The database refuses a second open checkout even without the application's lock.
    await expect(db.assetCheckout.create({ data: { partnerId: orgA.partnerId, orgId: orgA.id, assetId: tablet.id, contactId: aliceId } })).rejects.toThrow();
  });

  it('keeps other organizations’ assets out of reach (404) and refuses MSP edits that strand a checkout', async () => {
    const theirs = await newAsset({ orgId: orgB.id, kind: 'phone', name: 'Fabrikam phone', checkoutable: true });
    expect((await alice.post(`/portal/assets/${theirs.id}/checkout`, { body: {} })).status).toBe(404);
    expect((await alice.post(`/portal/assets/${theirs.id}/checkin`)).status).toBe(404);
    expect((await alice.get('/portal/assets')).body.data.some((a: { id: string }) => a.id === theirs.id)).toBe(false);
    expect((await bob.post(`/portal/assets/${theirs.id}/checkout`, { body: {} })).status).toBe(201);
    expect((await api.patch(`/assets/${theirs.id}`, { token: adminA, body: { checkoutable: false } })).body.error.code).toBe('ASSET_CHECKED_OUT');
    expect((await api.delete(`/assets/${theirs.id}`, { token: adminA })).body.error.code).toBe('ASSET_CHECKED_OUT');
    expect((await bob.post(`/portal/assets/${theirs.id}/checkout`, { body: { dueBackAt: '2001-01-01T00:00:00Z' } })).status).toBe(400);
  });

  it('needs the CSRF token for checkouts', async () => {
    const cam = await newAsset({ kind: 'peripheral', name: 'Webcam', checkoutable: true });
    const res = await api.post(`/portal/assets/${cam.id}/checkout`, { body: {}, headers: { cookie: alice.cookie } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
    expect(await db.assetCheckout.count({ where: { assetId: cam.id } })).toBe(0);
  });
});

// Runs last in this file: from here on the database has a devices table. Before the devices
// domain's migration is part of this branch, the table is created here with the columns that
// migration gives it; once it is, the real table is used as is.
describe('portal devices with the devices table', () => {
  async function ensureDevicesTable() {
    await db.$executeRawUnsafe(`do $$ begin
      if to_regtype('"DeviceStatus"') is null then create type "DeviceStatus" as enum ('pending', 'online', 'offline', 'uninstalled', 'decommissioned'); end if;
      if to_regtype('"OsType"') is null then create type "OsType" as enum ('windows', 'macos', 'linux'); end if;
    end $$`);
    await db.$executeRawUnsafe(`create table if not exists devices (
      id uuid primary key, partner_id uuid not null, org_id uuid not null, site_id uuid, hostname varchar(255) not null, display_name varchar(255),
      os_type "OsType", os_version varchar(255), status "DeviceStatus" not null default 'pending', last_seen_at timestamptz(3),
      decommissioned_at timestamptz(3), created_at timestamptz(3) not null default current_timestamp, updated_at timestamptz(3) not null)`);
  }

  async function device(org: { id: string; partnerId: string }, d: { hostname: string; displayName?: string; status: string; os?: [string, string]; lastSeen?: Date; decommissioned?: boolean }) {
    const rows = await db.$queryRawUnsafe<{ id: string }[]>(
      `insert into devices (id, partner_id, org_id, hostname, display_name, os_type, os_version, status, last_seen_at, decommissioned_at, updated_at)
       values (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5::"OsType", $6, $7::"DeviceStatus", $8, $9, now()) returning id`,
      org.partnerId, org.id, d.hostname, d.displayName ?? null, d.os?.[0] ?? null, d.os?.[1] ?? null, d.status, d.lastSeen ?? null, d.decommissioned ? new Date() : null,
    );
    return rows[0].id;
  }

  it('lists the organization’s agent devices with status and last seen, plus device assets no agent reports', async () => {
    await ensureDevicesTable();
    const org = await makeOrg(partnerA.id, 'Devices Co');
    const other = await makeOrg(partnerA.id, 'Elsewhere Co');
    const seen = new Date(Date.now() - 60_000);
    const online = await device(org, { hostname: 'dc-ws-01', displayName: 'Reception PC', status: 'online', os: ['windows', '10.0.22631'], lastSeen: seen });
    const offline = await device(org, { hostname: 'dc-mac-02', status: 'offline', os: ['macos', '14.5'] });
    await device(org, { hostname: 'dc-old-03', status: 'decommissioned', decommissioned: true });
    await device(org, { hostname: 'dc-gone-04', status: 'uninstalled' });
    await device(other, { hostname: 'other-org-pc', status: 'online' });
    // An asset describing the online device lends it its tag; an asset nobody reports stays listed.
    await newAsset({ orgId: org.id, kind: 'device', name: 'Reception PC (asset)', assetTag: 'DC-1', manufacturer: 'HP', model: 'EliteDesk', deviceId: online });
    const unreported = await newAsset({ orgId: org.id, kind: 'device', name: 'Warehouse scanner PC', assetTag: 'DC-9' });
    const dana = await portalLogin((await makePortalUser(org)).email!);

    const res = await dana.get('/portal/devices');
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(3);
    expect(res.body.data).toEqual([
      { id: offline, name: 'dc-mac-02', os: 'macOS 14.5', model: null, status: 'offline', lastSeenAt: null, assetTag: null, serialNumber: null, site: null },
      { id: online, name: 'Reception PC', os: 'Windows 10.0.22631', model: 'HP EliteDesk', status: 'online', lastSeenAt: seen.toISOString(), assetTag: 'DC-1', serialNumber: null, site: null },
      expect.objectContaining({ id: unreported.id, name: 'Warehouse scanner PC', status: 'unknown', lastSeenAt: null, assetTag: 'DC-9' }),
    ]);
    expect((await dana.get('/portal/devices', { query: { search: 'dc-1' } })).body.data.map((d: { id: string }) => d.id)).toEqual([online]);
    expect((await dana.get('/portal/devices', { query: { search: '100%' } })).body.data).toEqual([]);
    const second = await dana.get('/portal/devices', { query: { limit: 2, page: 2 } });
    expect(second.body).toMatchObject({ pagination: { page: 2, limit: 2, total: 3 }, data: [expect.objectContaining({ id: unreported.id })] });
    expect((await dana.get('/portal/devices', { query: { limit: 2, page: 5 } })).body).toEqual({ data: [], pagination: { page: 5, limit: 2, total: 3 } });
    // Another organization's portal user sees none of them.
    const eve = await portalLogin((await makePortalUser(other)).email!);
    expect((await eve.get('/portal/devices')).body.data.map((d: { name: string }) => d.name)).toEqual(['other-org-pc']);
  });
});
