import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { asPrincipal, exportAll, makePrincipal } from '../helpers/partner-api';
import { db } from '@/lib/db';
import { PARTNER_API_SCOPE_NAMES } from '@/lib/partner-api/scopes';
import { devicesExport, deviceSoftwareExport, type ExportSource } from '@/lib/partner-api/export-sources';

type Partner = Awaited<ReturnType<typeof makePartner>>;
type Org = Awaited<ReturnType<typeof makeOrg>>;
let partner: Partner;
let adminToken: string;
let orgs: Org[];
let allScopes: { id: string; key: string };

const READ_SCOPES = PARTNER_API_SCOPE_NAMES.filter((s) => s.endsWith(':read'));
const EXPORTS: [string, string][] = [
  ['organizations', 'organizations:read'],
  ['sites', 'sites:read'],
  ['devices', 'devices:read'],
  ['device-inventory', 'inventory:read'],
  ['device-software', 'inventory:read'],
  ['device-relationships', 'inventory:read'],
  ['configuration-policies', 'configuration:read'],
  ['configuration-assignments', 'configuration:read'],
  ['scripts', 'scripts:read'],
  ['automations', 'configuration:read'],
  ['backup-configurations', 'backup-configuration:read'],
  ['custom-fields', 'custom-fields:read'],
  ['custom-field-values', 'custom-fields:read'],
];

const hex = () => randomBytes(4).toString('hex');

async function addDevices(org: { id: string; partnerId: string }, n: number) {
  const rows = Array.from({ length: n }, () => ({ partnerId: org.partnerId, orgId: org.id, hostname: `host-${hex()}`, status: 'online' as const, osType: 'linux' as const }));
  await db.device.createMany({ data: rows });
  return db.device.findMany({ where: { orgId: org.id }, select: { id: true, orgId: true, partnerId: true } });
}

async function seedScripts(org: Org | null, n: number) {
  await db.script.createMany({
    data: Array.from({ length: n }, () => ({ partnerId: partner.id, orgId: org?.id ?? null, libraryKey: org?.id ?? 'partner', name: `Script ${hex()}`, osTypes: ['linux' as const], language: 'bash' as const, content: 'echo hi' })),
  });
}

async function seedCustomFields(org: Org | null, n: number) {
  const devices = await db.device.findMany({ where: { partnerId: partner.id, ...(org ? { orgId: org.id } : {}) }, take: 3 });
  for (let i = 0; i < n; i++) {
    const field = await db.customFieldDefinition.create({ data: { partnerId: partner.id, orgId: org?.id ?? null, scopeKey: org?.id ?? 'partner', key: `f_${hex()}`, name: 'Field', type: 'text' } });
    for (const d of devices) await db.customFieldValue.create({ data: { fieldId: field.id, deviceId: d.id, partnerId: d.partnerId, orgId: d.orgId, value: 'v', source: 'api' } });
  }
}

async function seedDeviceData(org: Org, n: number) {
  const devices = (await addDevices(org, n)).slice(-n);
  const group = await db.deviceGroup.create({ data: { partnerId: org.partnerId, orgId: org.id, name: `G ${hex()}`, type: 'static' } });
  for (const d of devices) {
    await db.deviceInventory.create({ data: { deviceId: d.id, partnerId: d.partnerId, orgId: d.orgId, collectedAt: new Date(), hardware: { cpuCores: 4 } } });
    await db.deviceSoftware.createMany({ data: [1, 2].map((i) => ({ deviceId: d.id, partnerId: d.partnerId, orgId: d.orgId, name: `pkg-${i}-${hex()}` })) });
    await db.deviceGroupMembership.create({ data: { groupId: group.id, deviceId: d.id, partnerId: d.partnerId, orgId: d.orgId, source: 'manual' } });
  }
  return devices;
}

beforeAll(async () => {
  partner = await makePartner();
  adminToken = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgs = [await makeOrg(partner.id, 'Alpha'), await makeOrg(partner.id, 'Bravo')];
  for (const org of orgs) {
    await makeSite(org);
    await makeSite(org);
    await seedDeviceData(org, 6);
    await seedScripts(org, 2);
    await seedCustomFields(org, 2);
  }
  await seedScripts(null, 2);
  await seedCustomFields(null, 1);
  allScopes = await makePrincipal(adminToken, { scopes: READ_SCOPES });
});

describe('partner-API exports', () => {
  it('each export checks its own scope (403 without it, before reading anything)', async () => {
    for (const [path, scope] of EXPORTS) {
      const others = await makePrincipal(adminToken, { scopes: READ_SCOPES.filter((s) => s !== scope) });
      const denied = await api.get(`/partner-api/${path}`, asPrincipal(others.key, { query: { limit: 9999 } }));
      expect(denied.status, path).toBe(403);
      expect(denied.body.error.code).toBe('INSUFFICIENT_SCOPE');
      const only = await makePrincipal(adminToken, { scopes: [scope] });
      const ok = await api.get(`/partner-api/${path}`, asPrincipal(only.key));
      expect(ok.status, path).toBe(200);
      expect(ok.body).toEqual({ data: expect.any(Array), nextCursor: ok.body.hasMore ? expect.any(String) : null, hasMore: expect.any(Boolean) });
    }
  });

  it('rows carry the documented fields', async () => {
    const get = async (path: string) => (await api.get(`/partner-api/${path}`, asPrincipal(allScopes.key, { query: { limit: 500 } }))).body.data;
    const sites = await get('sites');
    expect(sites).toHaveLength(4);
    expect(sites[0]).toEqual({ siteId: expect.any(String), orgId: expect.any(String), name: expect.any(String), timezone: null, address: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const devices = await get('devices');
    expect(devices).toHaveLength(12);
    expect(Object.keys(devices[0]).sort()).toEqual(['agentVersion', 'architecture', 'createdAt', 'displayName', 'enrolledAt', 'hostname', 'id', 'lastSeenAt', 'orgId', 'osType', 'osVersion', 'siteId', 'status', 'tags', 'updatedAt']);
    expect((await get('organizations')).map((o: { name: string }) => o.name).sort()).toEqual(['Alpha', 'Bravo']);
    expect(await get('device-inventory')).toHaveLength(12);
    expect(await get('device-software')).toHaveLength(24);
    const rel = await get('device-relationships');
    expect(rel).toHaveLength(12);
    expect(rel[0]).toMatchObject({ relationship: 'member_of', relatedType: 'device_group', source: 'manual' });
    const scripts = await get('scripts');
    expect(scripts).toHaveLength(6);
    expect(scripts[0]).toMatchObject({ language: 'bash', osTypes: ['linux'], content: 'echo hi', runAs: 'system', timeoutSeconds: 300, version: 1 });
    expect(scripts.filter((x: { orgId: string | null }) => x.orgId === null)).toHaveLength(2);
    expect(await get('custom-fields')).toHaveLength(5);
    const values = await get('custom-field-values');
    expect(values.length).toBeGreaterThan(10);
    expect(values[0]).toEqual({ fieldId: expect.any(String), key: expect.stringMatching(/^f_/), deviceId: expect.any(String), orgId: expect.any(String), value: 'v', source: 'api', updatedAt: expect.any(String) });
    for (const path of ['backup-configurations']) {
      expect(await get(path), path).toEqual([]);
    }
  });

  it('the JSON fast path of devices and software renders exactly the rows of the plain path', async () => {
    await db.device.updateMany({ where: { partnerId: partner.id }, data: { lastSeenAt: new Date('2026-11-21T10:11:12.345Z'), siteId: null, tags: ['a', 'b"c'] } });
    const ctx = { partnerId: partner.id, orgIds: null };
    for (const source of [devicesExport, deviceSoftwareExport] as ExportSource<{ id: string }>[]) {
      const plain = await source.fetch(ctx, null, 5);
      const fast = await source.fetchJson!(ctx, null, 4);
      expect(JSON.parse(fast.json)).toEqual(plain.slice(0, 4));
      expect(fast).toMatchObject({ hasMore: true, lastKey: plain[3].id });
      const after = await source.fetchJson!(ctx, plain[3].id, 500);
      expect(JSON.parse(after.json)[0]).toEqual(plain[4]);
      expect(after.hasMore).toBe(false);
    }
    const empty = await devicesExport.fetchJson!({ ...ctx, partnerId: '00000000-0000-4000-8000-000000000000' }, null, 10);
    expect(empty).toEqual({ json: '[]', lastKey: null, hasMore: false });
  });

  it('every export pages with nextCursor/hasMore and stays exact while rows are inserted mid-export', async () => {
    const org = orgs[0];
    const cases: [string, () => Promise<string[]>, (r: Record<string, unknown>) => string, () => Promise<void>][] = [
      ['organizations', async () => (await db.organization.findMany({ where: { partnerId: partner.id, deletedAt: null } })).map((o) => o.id), (r) => r.id as string, async () => void (await makeOrg(partner.id))],
      ['sites', async () => (await db.site.findMany({ where: { partnerId: partner.id } })).map((s) => s.id), (r) => r.siteId as string, async () => void (await makeSite(org))],
      ['devices', async () => (await db.device.findMany({ where: { partnerId: partner.id } })).map((d) => d.id), (r) => r.id as string, async () => void (await addDevices(org, 3))],
      ['device-inventory', async () => (await db.deviceInventory.findMany({ where: { partnerId: partner.id } })).map((d) => d.deviceId), (r) => r.deviceId as string, async () => void (await seedDeviceData(org, 2))],
      ['device-software', async () => (await db.deviceSoftware.findMany({ where: { partnerId: partner.id } })).map((d) => d.id), (r) => r.id as string, async () => void (await seedDeviceData(org, 2))],
      ['device-relationships', async () => (await db.deviceGroupMembership.findMany({ where: { partnerId: partner.id } })).map((m) => `${m.groupId}:${m.deviceId}`), (r) => `${r.relatedId}:${r.deviceId}`, async () => void (await seedDeviceData(org, 2))],
      ['scripts', async () => (await db.script.findMany({ where: { partnerId: partner.id } })).map((x) => x.id), (r) => r.id as string, async () => seedScripts(org, 2)],
      ['custom-fields', async () => (await db.customFieldDefinition.findMany({ where: { partnerId: partner.id } })).map((x) => x.id), (r) => r.id as string, async () => seedCustomFields(org, 1)],
      ['custom-field-values', async () => (await db.customFieldValue.findMany({ where: { partnerId: partner.id } })).map((v) => `${v.fieldId}:${v.deviceId}`), (r) => `${r.fieldId}:${r.deviceId}`, async () => seedCustomFields(org, 1)],
    ];
    for (const [path, existing, keyOf, insert] of cases) {
      const before = await existing();
      const limit = before.length > 3 ? 3 : 1;
      expect(before.length, path).toBeGreaterThan(limit);
      const rows = await exportAll(path, allScopes.key, limit, insert);
      const keys = rows.map(keyOf);
      expect(new Set(keys).size, `${path}: no row twice`).toBe(keys.length);
      expect(keys, `${path}: every row present at the start`).toEqual(expect.arrayContaining(before));
      // Keyset order: the page boundary never moves backwards.
      expect([...keys].sort(), path).toEqual(keys);
    }
  });

  it('the principal sees only its partner and its organizations', async () => {
    const other = await makePartner();
    const otherOrg = await makeOrg(other.id, 'Other');
    await makeSite(otherOrg);
    await seedDeviceData(otherOrg, 3);
    const everything = await exportAll('devices', allScopes.key, 500);
    expect(everything.every((d) => d.orgId !== otherOrg.id)).toBe(true);
    expect((await exportAll('organizations', allScopes.key, 500)).map((o) => o.id)).not.toContain(otherOrg.id);

    const narrowed = await makePrincipal(adminToken, { scopes: READ_SCOPES, orgIds: [orgs[1].id] });
    for (const path of ['devices', 'sites', 'device-inventory', 'device-software', 'device-relationships', 'custom-field-values']) {
      const rows = await exportAll(path, narrowed.key, 500);
      expect(rows.length, path).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.orgId)), path).toEqual(new Set([orgs[1].id]));
    }
    // Partner-wide library rows (orgId null) stay visible to a narrowed principal.
    for (const path of ['scripts', 'custom-fields']) {
      const rows = await exportAll(path, narrowed.key, 500);
      expect(new Set(rows.map((r) => r.orgId)), path).toEqual(new Set([null, orgs[1].id]));
    }
    expect((await exportAll('organizations', narrowed.key, 500)).map((o) => o.id)).toEqual([orgs[1].id]);
  });

  it('rows of a soft-deleted organization disappear from every export', async () => {
    const gone = await makeOrg(partner.id, 'Gone');
    await makeSite(gone);
    await seedDeviceData(gone, 2);
    await seedScripts(gone, 1);
    await seedCustomFields(gone, 1);
    const narrowed = await makePrincipal(adminToken, { scopes: READ_SCOPES, orgIds: [gone.id, orgs[1].id] });
    await db.organization.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const key of [allScopes.key, narrowed.key]) {
      for (const path of ['organizations', 'sites', 'devices', 'device-inventory', 'device-software', 'device-relationships', 'scripts', 'custom-fields', 'custom-field-values']) {
        const rows = await exportAll(path, key, 500);
        expect(rows.length, path).toBeGreaterThan(0);
        expect(rows.some((r) => r.orgId === gone.id || r.id === gone.id), path).toBe(false);
      }
    }
  });

  it('validates limit and cursor (400), and a cursor works only on its own export', async () => {
    const over = await api.get('/partner-api/devices', asPrincipal(allScopes.key, { query: { limit: 501 } }));
    expect(over.status).toBe(400);
    expect((await api.get('/partner-api/devices', asPrincipal(allScopes.key, { query: { limit: 0 } }))).status).toBe(400);
    const forged = await api.get('/partner-api/devices', asPrincipal(allScopes.key, { query: { cursor: 'eyJrIjoiMSJ9.abc' } }));
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_CURSOR');
    const page = await api.get('/partner-api/devices', asPrincipal(allScopes.key, { query: { limit: 2 } }));
    expect(page.body.hasMore).toBe(true);
    const elsewhere = await api.get('/partner-api/device-software', asPrincipal(allScopes.key, { query: { cursor: page.body.nextCursor } }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe('INVALID_CURSOR');
    const last = await api.get('/partner-api/organizations', asPrincipal(allScopes.key, { query: { limit: 500 } }));
    expect(last.body).toMatchObject({ hasMore: false, nextCursor: null });
  });
});
