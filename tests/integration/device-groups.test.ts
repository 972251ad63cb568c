import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let org: { id: string; partnerId: string };
let site: { id: string };
let web1: EnrolledAgent;
let web2: EnrolledAgent;
let db1: EnrolledAgent;
let mac: EnrolledAgent;

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  org = await makeOrg(partner.id);
  site = await makeSite(org);
  const key = (await createKey(admin, { orgId: org.id })).key;
  const siteKey = (await createKey(admin, { orgId: org.id, siteId: site.id })).key;
  web1 = await enroll(key, { hostname: 'web-01' });
  web2 = await enroll(siteKey, { hostname: 'WEB-02' });
  db1 = await enroll(siteKey, { hostname: 'db-01' });
  mac = await enroll(key, { hostname: 'mac-lab', osType: 'macos', osVersion: 'macOS 15' });
  await api.patch(`/devices/${db1.deviceId}`, { token: admin, body: { tags: ['prod', 'database'] } });
  await api.patch(`/devices/${web1.deviceId}`, { token: admin, body: { tags: ['prod'] } });
});

const members = async (groupId: string) =>
  ((await api.get(`/groups/${groupId}/devices`, { token: admin })).body.data as { id: string }[]).map((d) => d.id).sort();
const log = async (groupId: string) =>
  ((await api.get(`/groups/${groupId}/membership-log`, { token: admin, query: { limit: 200 } })).body.data as { deviceId: string; action: string; reason: string }[]);

describe('static groups', () => {
  it('adds and removes devices by hand with a membership log', async () => {
    const other = await makeOrg(partner.id);
    const outsider = await enroll((await createKey(admin, { orgId: other.id })).key);
    const created = await api.post('/groups', { token: admin, body: { name: 'Front desk', orgId: org.id, type: 'static', deviceIds: [web1.deviceId] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'static', rules: null, deviceCount: 1 });
    const add = await api.post(`/groups/${created.body.id}/devices`, { token: admin, body: { deviceIds: [web1.deviceId, web2.deviceId, outsider.deviceId, '00000000-0000-4000-8000-000000000000'] } });
    expect(add.body).toEqual({
      added: [web2.deviceId],
      skipped: [{ deviceId: web1.deviceId, reason: 'ALREADY_MEMBER' }, { deviceId: outsider.deviceId, reason: 'NOT_IN_GROUP_SCOPE' }],
      failed: [{ deviceId: '00000000-0000-4000-8000-000000000000', code: 'NOT_FOUND', message: 'Device not found' }],
    });
    expect(await members(created.body.id)).toEqual([web1.deviceId, web2.deviceId].sort());
    expect((await api.delete(`/groups/${created.body.id}/devices/${web1.deviceId}`, { token: admin })).status).toBe(204);
    expect((await api.delete(`/groups/${created.body.id}/devices/${web1.deviceId}`, { token: admin })).status).toBe(404);
    const entries = await log(created.body.id);
    expect(entries.map((e) => `${e.action}:${e.reason}`)).toEqual(['left:manual_remove', 'joined:manual_add', 'joined:manual_add']);
    const pin = await api.post(`/groups/${created.body.id}/devices/${web2.deviceId}/pin`, { token: admin, body: { mode: 'include' } });
    expect([pin.status, pin.body.error.code]).toEqual([409, 'GROUP_NOT_DYNAMIC']);
    expect((await api.post('/groups', { token: admin, body: { name: 'Front desk', orgId: org.id, type: 'static' } })).body.error.code).toBe('GROUP_NAME_TAKEN');
  });

  it('validates group definitions', async () => {
    const bad = [
      { name: 'x', orgId: org.id, type: 'dynamic' },
      { name: 'x', orgId: org.id, type: 'static', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } },
      { name: 'x', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'cpu', op: 'eq', value: 1 }] } },
      { name: 'x', orgId: org.id, type: 'dynamic', rules: { conditions: [] } },
      { name: 'x', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'lastSeen', op: 'within_minutes', value: 'soon' }] } },
    ];
    for (const body of bad) expect((await api.post('/groups', { token: admin, body })).status, JSON.stringify(body)).toBe(400);
  });
});

describe('dynamic groups', () => {
  it('rules over os, site, tags, hostname pattern and last seen decide membership', async () => {
    const linuxWeb = await api.post('/groups', {
      token: admin,
      body: { name: 'Linux web', orgId: org.id, type: 'dynamic', rules: { match: 'all', conditions: [{ field: 'osType', op: 'eq', value: 'linux' }, { field: 'hostname', op: 'matches', value: 'web-*' }] } },
    });
    expect(linuxWeb.status).toBe(201);
    expect(linuxWeb.body.deviceCount).toBe(2);
    expect(await members(linuxWeb.body.id)).toEqual([web1.deviceId, web2.deviceId].sort());

    const siteOrProd = await api.post('/groups', {
      token: admin,
      body: { name: 'Site or prod', orgId: org.id, type: 'dynamic', rules: { match: 'any', conditions: [{ field: 'siteId', op: 'eq', value: site.id }, { field: 'tags', op: 'has', value: 'prod' }] } },
    });
    expect(await members(siteOrProd.body.id)).toEqual([web1.deviceId, web2.deviceId, db1.deviceId].sort());

    const stale = await api.post('/groups', {
      token: admin,
      body: { name: 'Stale', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'lastSeen', op: 'older_than_minutes', value: 60 }] } },
    });
    expect(stale.body.deviceCount).toBe(0);
    // Time passes for mac-lab only; the periodic refresh picks it up.
    await db.device.update({ where: { id: mac.deviceId }, data: { lastSeenAt: new Date(Date.now() - 2 * 3600_000) } });
    await enqueueJob(db, 'refresh_dynamic_groups', {});
    await runDueJobs();
    expect(await members(stale.body.id)).toEqual([mac.deviceId]);
    expect((await log(stale.body.id))[0]).toMatchObject({ deviceId: mac.deviceId, action: 'joined', reason: 'rule_match' });

    // A device edit re-evaluates at once: db-01 loses its tag but stays via its site.
    await api.patch(`/devices/${web1.deviceId}`, { token: admin, body: { tags: [] } });
    expect(await members(siteOrProd.body.id)).toEqual([web2.deviceId, db1.deviceId].sort());
    expect((await log(siteOrProd.body.id))[0]).toMatchObject({ deviceId: web1.deviceId, action: 'left', reason: 'rule_unmatch' });
  });

  it('nested all/any groups of the shared filter grammar decide membership; group membership is refused', async () => {
    // linux and (in the site or named mac-*) — the site's web and db boxes, never the Mac.
    const rules = { match: 'all', conditions: [{ field: 'osType', op: 'neq', value: 'macos' }, { match: 'any', conditions: [{ field: 'siteId', op: 'eq', value: site.id }, { field: 'hostname', op: 'matches', value: 'mac-*' }] }] };
    const nested = await api.post('/groups', { token: admin, body: { name: 'Nested', orgId: org.id, type: 'dynamic', rules } });
    expect(nested.status).toBe(201);
    expect(nested.body.rules).toEqual(rules);
    expect(await members(nested.body.id)).toEqual([web2.deviceId, db1.deviceId].sort());
    const refused = await api.post('/groups', {
      token: admin,
      body: { name: 'By group', orgId: org.id, type: 'dynamic', rules: { conditions: [{ match: 'any', conditions: [{ field: 'groupId', op: 'in', value: nested.body.id }] }] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('body.rules.conditions.0.conditions.0.field');
  });

  it('preview shows the would-be members and who joins or leaves, writing nothing', async () => {
    const g = await api.post('/groups', { token: admin, body: { name: 'Previewed', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'macos' }] } } });
    const logBefore = (await log(g.body.id)).length;
    const preview = await api.post(`/groups/${g.body.id}/preview`, { token: admin, body: { rules: { conditions: [{ field: 'hostname', op: 'contains', value: '-0' }] } } });
    expect(preview.status).toBe(200);
    expect(preview.body.total).toBe(3);
    // ordered by hostname in the database's collation
    expect(preview.body.devices.map((d: { hostname: string }) => d.hostname).sort()).toEqual(['WEB-02', 'db-01', 'web-01']);
    expect(preview.body.joining.sort()).toEqual([web1.deviceId, web2.deviceId, db1.deviceId].sort());
    expect(preview.body.leaving).toEqual([mac.deviceId]);
    expect(preview.body).toMatchObject({ joinCount: 3, leaveCount: 1 });
    expect(await members(g.body.id)).toEqual([mac.deviceId]);
    expect((await log(g.body.id)).length).toBe(logBefore);
    const saved = await api.post(`/groups/${g.body.id}/preview`, { token: admin, body: {} });
    expect(saved.body).toMatchObject({ total: 1, joinCount: 0, leaveCount: 0 });
  });

  it('pins keep a device in or out regardless of the rule; unpinning hands it back to the rule', async () => {
    const g = await api.post('/groups', { token: admin, body: { name: 'Linux', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } } });
    const id = g.body.id;
    expect(await members(id)).toEqual([web1.deviceId, web2.deviceId, db1.deviceId].sort());
    const include = await api.post(`/groups/${id}/devices/${mac.deviceId}/pin`, { token: admin, body: { mode: 'include' } });
    expect(include.body).toEqual({ groupId: id, deviceId: mac.deviceId, mode: 'include', member: true });
    const exclude = await api.post(`/groups/${id}/devices/${db1.deviceId}/pin`, { token: admin, body: { mode: 'exclude' } });
    expect(exclude.body.member).toBe(false);
    // the periodic refresh respects pins
    await enqueueJob(db, 'refresh_dynamic_groups', {});
    await runDueJobs();
    expect(await members(id)).toEqual([web1.deviceId, web2.deviceId, mac.deviceId].sort());
    const listed = (await api.get(`/groups/${id}/devices`, { token: admin })).body.data.find((d: { id: string }) => d.id === mac.deviceId);
    expect(listed).toMatchObject({ membershipSource: 'pin', pin: 'include' });
    // a dynamic group refuses manual adds and removes
    expect((await api.post(`/groups/${id}/devices`, { token: admin, body: { deviceIds: [db1.deviceId] } })).body.error.code).toBe('GROUP_IS_DYNAMIC');
    expect((await api.delete(`/groups/${id}/devices/${web1.deviceId}`, { token: admin })).body.error.code).toBe('GROUP_IS_DYNAMIC');

    expect((await api.delete(`/groups/${id}/devices/${mac.deviceId}/pin`, { token: admin })).body).toMatchObject({ mode: null, member: false });
    expect((await api.delete(`/groups/${id}/devices/${db1.deviceId}/pin`, { token: admin })).body.member).toBe(true);
    expect((await api.delete(`/groups/${id}/devices/${db1.deviceId}/pin`, { token: admin })).status).toBe(404);
    const reasons = (await log(id)).map((e) => `${e.action}:${e.reason}`);
    expect(reasons.slice(0, 4)).toEqual(['joined:unpinned', 'left:unpinned', 'left:pin_exclude', 'joined:pin_include']);
  });

  it('PATCH rules re-evaluates; decommissioning and moving a device leave groups with a reason', async () => {
    const g = await api.post('/groups', { token: admin, body: { name: 'Everything', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'status', op: 'neq', value: 'decommissioned' }] } } });
    const extra = await enroll((await createKey(admin, { orgId: org.id })).key, { hostname: 'temp-01' });
    expect(await members(g.body.id)).toContain(extra.deviceId);
    const patched = await api.patch(`/groups/${g.body.id}`, { token: admin, body: { rules: { conditions: [{ field: 'hostname', op: 'starts_with', value: 'temp' }] } } });
    expect(patched.body.deviceCount).toBe(1);
    const other = await makeOrg(partner.id);
    expect((await api.post(`/devices/${extra.deviceId}/move-org`, { token: admin, body: { orgId: other.id } })).status).toBe(200);
    expect(await members(g.body.id)).toEqual([]);
    expect((await log(g.body.id))[0]).toMatchObject({ deviceId: extra.deviceId, action: 'left', reason: 'device_moved' });
    const staticGroup = await api.post('/groups', { token: admin, body: { name: 'Static doomed', orgId: org.id, type: 'static', deviceIds: [mac.deviceId] } });
    const extra2 = await enroll((await createKey(admin, { orgId: org.id })).key);
    await api.post(`/groups/${staticGroup.body.id}/devices`, { token: admin, body: { deviceIds: [extra2.deviceId] } });
    await api.delete(`/devices/${extra2.deviceId}`, { token: admin });
    expect((await log(staticGroup.body.id))[0]).toMatchObject({ deviceId: extra2.deviceId, action: 'left', reason: 'device_decommissioned' });
    expect((await api.patch(`/groups/${staticGroup.body.id}`, { token: admin, body: { rules: { conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } } })).body.error.code).toBe('GROUP_NOT_DYNAMIC');
  });

  it('lists, reads and deletes groups', async () => {
    const g = await api.post('/groups', { token: admin, body: { name: 'Short-lived', orgId: org.id, type: 'static' } });
    const list = await api.get('/groups', { token: admin, query: { search: 'short' } });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([g.body.id]);
    expect((await api.get(`/groups/${g.body.id}`, { token: admin })).body.name).toBe('Short-lived');
    expect((await api.delete(`/groups/${g.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/groups/${g.body.id}`, { token: admin })).status).toBe(404);
  });
});

describe('tags', () => {
  it('lists tags with device counts and devices by tag', async () => {
    const tags = await api.get('/tags', { token: admin });
    expect(tags.body.data).toEqual(expect.arrayContaining([{ tag: 'database', deviceCount: 1 }]));
    const prod = tags.body.data.find((t: { tag: string }) => t.tag === 'prod');
    expect(prod.deviceCount).toBeGreaterThanOrEqual(1);
    expect((await api.get('/tags', { token: admin, query: { search: 'datab' } })).body.data).toEqual([{ tag: 'database', deviceCount: 1 }]);
    const byTag = await api.get('/tags/devices', { token: admin, query: { tags: 'database' } });
    expect(byTag.body.data.map((d: { id: string }) => d.id)).toEqual([db1.deviceId]);
    const all = await api.get('/tags/devices', { token: admin, query: { tags: 'database,prod', match: 'all' } });
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([db1.deviceId]);
    expect((await api.get('/tags/devices', { token: admin })).status).toBe(400);
    const other = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    expect((await api.get('/tags', { token: other })).body.data).toEqual([]);
    expect((await api.get('/tags/devices', { token: other, query: { tags: 'database' } })).body.data).toEqual([]);
  });
});

describe('cross-tenant', () => {
  it('a caller of another partner gets 404 on every group route and the group is unchanged', async () => {
    const g = await api.post('/groups', { token: admin, body: { name: 'Guarded', orgId: org.id, type: 'dynamic', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } } });
    const s = await api.post('/groups', { token: admin, body: { name: 'Guarded static', orgId: org.id, type: 'static', deviceIds: [web1.deviceId] } });
    const before = await db.deviceGroup.findUniqueOrThrow({ where: { id: g.body.id } });
    const membersBefore = await members(g.body.id);
    const intruder = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    const id = g.body.id;
    const calls = [
      api.get(`/groups/${id}`, { token: intruder }),
      api.patch(`/groups/${id}`, { token: intruder, body: { name: 'pwned' } }),
      api.delete(`/groups/${id}`, { token: intruder }),
      api.get(`/groups/${id}/devices`, { token: intruder }),
      api.post(`/groups/${s.body.id}/devices`, { token: intruder, body: { deviceIds: [web2.deviceId] } }),
      api.delete(`/groups/${s.body.id}/devices/${web1.deviceId}`, { token: intruder }),
      api.post(`/groups/${id}/preview`, { token: intruder, body: {} }),
      api.post(`/groups/${id}/devices/${web1.deviceId}/pin`, { token: intruder, body: { mode: 'exclude' } }),
      api.delete(`/groups/${id}/devices/${web1.deviceId}/pin`, { token: intruder }),
      api.get(`/groups/${id}/membership-log`, { token: intruder }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await api.get('/groups', { token: intruder })).body.data).toEqual([]);
    expect(await db.deviceGroup.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await members(id)).toEqual(membersBefore);
    expect(await members(s.body.id)).toEqual([web1.deviceId]);
    // and an intruder's own group cannot pin someone else's device
    const otherPartner = await makePartner();
    const otherAdmin = await tokenFor(await makePartnerUser(otherPartner), { mfa: true });
    const otherOrg = await makeOrg(otherPartner.id);
    const own = await api.post('/groups', { token: otherAdmin, body: { name: 'Mine', orgId: otherOrg.id, type: 'dynamic', rules: { conditions: [{ field: 'osType', op: 'eq', value: 'linux' }] } } });
    expect((await api.post(`/groups/${own.body.id}/devices/${web1.deviceId}/pin`, { token: otherAdmin, body: { mode: 'include' } })).status).toBe(404);
  });
});
