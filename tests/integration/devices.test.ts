import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { db } from '@/lib/db';
import { ZDeviceCursorPage } from '@/lib/devices/schemas';

type Partner = Awaited<ReturnType<typeof makePartner>>;
type Org = { id: string; partnerId: string };
let partner: Partner;
let admin: string; // partner admin with MFA
let orgA: Org;
let orgB: Org;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = await makeOrg(partner.id);
  orgB = await makeOrg(partner.id);
  keyA = (await createKey(admin, { orgId: orgA.id })).key;
  keyB = (await createKey(admin, { orgId: orgB.id })).key;
});

/** A partner of its own, so list assertions see exactly the devices made here. */
async function freshTenant(count: number) {
  const p = await makePartner();
  const token = await tokenFor(await makePartnerUser(p), { mfa: true });
  const org = await makeOrg(p.id);
  const key = (await createKey(token, { orgId: org.id })).key;
  const agents = [];
  for (let i = 0; i < count; i++) agents.push(await enroll(key, { hostname: `node-${String(i).padStart(3, '0')}` }));
  return { partner: p, token, org, key, agents };
}

describe('GET /devices', () => {
  it('page mode: { data, pagination } with default limit 500, max 1000', async () => {
    const t = await freshTenant(3);
    const res = await api.get('/devices', { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 500, total: 3 });
    expect(res.body.data.map((d: { hostname: string }) => d.hostname)).toEqual(['node-000', 'node-001', 'node-002']);
    expect(res.body.data[0]).toHaveProperty('mainAgentSilentSince', null);
    expect(res.body.data[0]).toHaveProperty('watchdogStatus', null);
    const page2 = await api.get('/devices', { token: t.token, query: { limit: 2, page: 2, orgId: t.org.id } });
    expect(page2.body.data.map((d: { hostname: string }) => d.hostname)).toEqual(['node-002']);
    expect((await api.get('/devices', { token: t.token, query: { limit: 1001 } })).status).toBe(400);
    expect((await api.get('/devices', { token: t.token, query: { limit: 1000 } })).status).toBe(200);
  });

  it('cursor mode: { devices, nextCursor, limit, total? } across sorts and directions', async () => {
    const t = await freshTenant(5);
    const first = await api.get('/devices', { token: t.token, query: { cursor: '', limit: 2, includeTotal: 'true' } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['devices', 'limit', 'nextCursor', 'total']);
    expect(first.body).toMatchObject({ limit: 2, total: 5 });
    // The page is serialised by the database: it must be exactly the device DTO of GET /devices/:id.
    await heartbeat(t.agents[0], { metrics: { cpuPercent: 12.3, memoryPercent: 50, diskPercent: 99.5 }, uptimeSeconds: 86_400, loggedInUser: 'ann' });
    await db.device.update({ where: { id: t.agents[0].deviceId }, data: { tags: ['web', 'prod'], hardware: { cpu: { cores: 4 } }, mainAgentSilentSince: new Date('2026-01-02T03:04:05.006Z') } });
    const again = await api.get('/devices', { token: t.token, query: { cursor: '', limit: 2, includeTotal: 'true' } });
    expect(ZDeviceCursorPage.strict().safeParse(again.body).success).toBe(true);
    const detail = await api.get(`/devices/${t.agents[0].deviceId}`, { token: t.token });
    const listed = again.body.devices.find((d: { id: string }) => d.id === t.agents[0].deviceId);
    expect(listed).toEqual(Object.fromEntries(Object.keys(listed).map((k) => [k, detail.body[k]])));
    expect(listed).toMatchObject({ cpuPercent: 12.3, uptimeSeconds: 86_400, tags: ['web', 'prod'], mainAgentSilentSince: '2026-01-02T03:04:05.006Z', hardware: { cpu: { cores: 4 } } });
    const seen: string[] = first.body.devices.map((d: { hostname: string }) => d.hostname);
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await api.get('/devices', { token: t.token, query: { cursor, limit: 2 } });
      expect(page.body.total).toBeUndefined();
      seen.push(...page.body.devices.map((d: { hostname: string }) => d.hostname));
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(['node-000', 'node-001', 'node-002', 'node-003', 'node-004']);

    const desc = await api.get('/devices', { token: t.token, query: { cursor: '', sort: 'hostname', sortDir: 'desc', limit: 10 } });
    expect(desc.body.devices[0].hostname).toBe('node-004');
    expect(desc.body.nextCursor).toBeNull();

    // lastSeen (desc by default, never-seen devices last, in id order) pages through every device once,
    // in both directions, across the boundary between seen and never-seen devices
    const never = [t.agents[2].deviceId, t.agents[4].deviceId];
    await db.device.updateMany({ where: { id: { in: never } }, data: { lastSeenAt: null } });
    for (const sortDir of ['desc', 'asc'] as const) {
      for (const limit of [1, 2]) {
        const ids: string[] = [];
        let c: string | null = '';
        while (c !== null) {
          const page: { body: { devices: { id: string }[]; nextCursor: string | null } } = await api.get('/devices', { token: t.token, query: { cursor: c, sort: 'lastSeen', sortDir, limit } });
          ids.push(...page.body.devices.map((d) => d.id));
          c = page.body.nextCursor;
        }
        expect(ids).toHaveLength(5);
        expect(new Set(ids).size).toBe(5);
        expect(ids.slice(3)).toEqual(sortDir === 'desc' ? [...never].sort().reverse() : [...never].sort());
      }
    }
  });

  it('cursor paging is stable while devices are added: no duplicates, no gaps', async () => {
    const t = await freshTenant(0);
    const initial: string[] = [];
    for (let i = 0; i < 30; i++) initial.push((await enroll(t.key, { hostname: `srv-${String(i * 2).padStart(3, '0')}` })).deviceId);
    for (const sort of ['hostname', 'enrolled'] as const) {
      const seen: string[] = [];
      let cursor: string | null = '';
      let added = 0;
      while (cursor !== null) {
        const page: { body: { devices: { id: string }[]; nextCursor: string | null } } = await api.get('/devices', { token: t.token, query: { cursor, sort, limit: 7 } });
        seen.push(...page.body.devices.map((d) => d.id));
        cursor = page.body.nextCursor;
        // New devices land both before and after the current position.
        await enroll(t.key, { hostname: `srv-${String(added * 2 + 1).padStart(3, '0')}-${sort}` });
        await enroll(t.key, { hostname: `zzz-${sort}-${added}` });
        added++;
      }
      expect(new Set(seen).size).toBe(seen.length); // no duplicates
      for (const id of initial) expect(seen).toContain(id); // no gaps
    }
  });

  it('cursor pages show each write of a device at once and hide devices of a deleted organization, for every scope', async () => {
    const t = await freshTenant(2);
    const gone = await makeOrg(t.partner.id);
    const goneKey = (await createKey(t.token, { orgId: gone.id })).key;
    const orphan = await enroll(goneKey, { hostname: 'node-zzz' });
    const [first] = t.agents;
    const ids = async (token: string, query: Record<string, string> = {}) => {
      const res = await api.get('/devices', { token, query: { cursor: '', includeTotal: 'true', ...query } });
      expect(res.status).toBe(200);
      return { ids: res.body.devices.map((d: { id: string }) => d.id), total: res.body.total, devices: res.body.devices };
    };
    expect((await ids(t.token)).ids).toEqual([...t.agents.map((a) => a.deviceId), orphan.deviceId]);

    // The page's JSON is stored with the row and rebuilt by PostgreSQL on every write.
    expect((await api.patch(`/devices/${first.deviceId}`, { token: t.token, body: { displayName: 'Front desk', tags: ['lobby'] } })).status).toBe(200);
    await heartbeat(first, { metrics: { cpuPercent: 77.5, memoryPercent: 10, diskPercent: 20 } });
    const listed = (await ids(t.token)).devices.find((d: { id: string }) => d.id === first.deviceId);
    const detail = (await api.get(`/devices/${first.deviceId}`, { token: t.token })).body;
    expect(listed).toMatchObject({ displayName: 'Front desk', tags: ['lobby'], cpuPercent: 77.5 });
    expect(listed).toEqual(detail);

    await db.organization.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const sort of ['hostname', 'lastSeen', 'enrolled']) {
      const page = await ids(t.token, { sort });
      expect(page.ids.sort()).toEqual(t.agents.map((a) => a.deviceId).sort());
      expect(page.total).toBe(2);
    }
    // A platform operator (system scope, every partner) does not see them either.
    const operator = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const all = await ids(operator, { search: 'node-zzz', limit: '1000' });
    expect(all.ids).not.toContain(orphan.deviceId);
    expect((await ids(operator, { orgId: t.org.id })).ids.sort()).toEqual(t.agents.map((a) => a.deviceId).sort());
  });

  it('rejects a forged cursor or one from another ordering with 400', async () => {
    const t = await freshTenant(3);
    const forged = await api.get('/devices', { token: t.token, query: { cursor: 'eyJzIjoiaG9zdG5hbWUifQ.AAAA' } });
    expect([forged.status, forged.body.error.code]).toEqual([400, 'INVALID_CURSOR']);
    const page = await api.get('/devices', { token: t.token, query: { cursor: '', limit: 1 } });
    const other = await api.get('/devices', { token: t.token, query: { cursor: page.body.nextCursor, sort: 'enrolled' } });
    expect(other.status).toBe(400);
  });

  it('filters by orgIds, siteIds, groupIds, status, tag and search; hides decommissioned devices unless asked', async () => {
    const site = await makeSite(orgA);
    const sited = await enroll((await createKey(admin, { orgId: orgA.id, siteId: site.id })).key, { hostname: 'sited-box' });
    const inB = await enroll(keyB, { hostname: 'b-box' });
    const byOrg = await api.get('/devices', { token: admin, query: { orgIds: orgB.id } });
    expect(byOrg.body.data.every((d: { orgId: string }) => d.orgId === orgB.id)).toBe(true);
    expect(byOrg.body.data.map((d: { id: string }) => d.id)).toContain(inB.deviceId);
    const bySite = await api.get('/devices', { token: admin, query: { siteIds: site.id } });
    expect(bySite.body.data.map((d: { id: string }) => d.id)).toEqual([sited.deviceId]);
    await api.patch(`/devices/${sited.deviceId}`, { token: admin, body: { tags: ['db', 'prod'] } });
    expect((await api.get('/devices', { token: admin, query: { tag: 'prod' } })).body.data.map((d: { id: string }) => d.id)).toEqual([sited.deviceId]);
    expect((await api.get('/devices', { token: admin, query: { search: 'SITED' } })).body.data).toHaveLength(1);
    const group = await api.post('/groups', { token: admin, body: { name: 'filter-group', orgId: orgA.id, type: 'static', deviceIds: [sited.deviceId] } });
    expect((await api.get('/devices', { token: admin, query: { groupIds: group.body.id } })).body.data.map((d: { id: string }) => d.id)).toEqual([sited.deviceId]);
    expect((await api.get('/devices', { token: admin, query: { orgIds: 'not-a-uuid' } })).status).toBe(400);

    expect((await api.delete(`/devices/${sited.deviceId}`, { token: admin })).status).toBe(204);
    expect((await api.get('/devices', { token: admin, query: { siteIds: site.id } })).body.data).toEqual([]);
    const all = await api.get('/devices', { token: admin, query: { siteIds: site.id, includeDecommissioned: 'true' } });
    expect(all.body.data[0]).toMatchObject({ id: sited.deviceId, status: 'decommissioned' });
    expect((await api.get(`/devices/${sited.deviceId}`, { token: admin })).status).toBe(404);
    expect((await api.get(`/devices/${sited.deviceId}?includeDecommissioned=true`, { token: admin })).status).toBe(200);
  });

  it('scopes: an organization user sees only its organization; orgAccess selected only those', async () => {
    const inA = await enroll(keyA);
    const inB = await enroll(keyB);
    const orgUser = await tokenFor(await makeOrgUser(partner, orgB));
    const ids = (await api.get('/devices', { token: orgUser, query: { limit: 1000 } })).body.data.map((d: { id: string }) => d.id);
    expect(ids).toContain(inB.deviceId);
    expect(ids).not.toContain(inA.deviceId);
    expect((await api.get(`/devices/${inA.deviceId}`, { token: orgUser })).status).toBe(404);
    const tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA.id] }), { mfa: true });
    const techIds = (await api.get('/devices', { token: tech, query: { cursor: '', limit: 1000 } })).body.devices.map((d: { id: string }) => d.id);
    expect(techIds).toContain(inA.deviceId);
    expect(techIds).not.toContain(inB.deviceId);
  });
});

describe('device changes', () => {
  it('PATCH edits display name, tags and site and emits device.updated', async () => {
    const agent = await enroll(keyA);
    const site = await makeSite(orgA);
    const res = await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { displayName: 'Reception PC', tags: ['front', 'front', 'desk'], siteId: site.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Reception PC', tags: ['front', 'desk'], siteId: site.id });
    const event = await db.event.findFirst({ where: { type: 'device.updated', data: { path: ['deviceId'], equals: agent.deviceId } } });
    expect(event).not.toBeNull();
    const foreignSite = await makeSite(orgB);
    expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { siteId: foreignSite.id } })).body.error.code).toBe('SITE_NOT_IN_ORG');
    expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: {} })).status).toBe(400);
    expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { tags: ['a,b'] } })).status).toBe(400);
  });

  it('move-org: same partner only, needs MFA, brings the command history along', async () => {
    const agent = await enroll(keyA);
    await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory' } });
    const bare = await tokenFor(await makePartnerUser(partner));
    expect((await api.post(`/devices/${agent.deviceId}/move-org`, { token: bare, body: { orgId: orgB.id } })).status).toBe(403);
    const siteB = await makeSite(orgB);
    const moved = await api.post(`/devices/${agent.deviceId}/move-org`, { token: admin, body: { orgId: orgB.id, siteId: siteB.id } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ orgId: orgB.id, siteId: siteB.id });
    expect(await db.deviceCommand.count({ where: { deviceId: agent.deviceId, orgId: orgB.id } })).toBe(1);
    expect((await api.post(`/devices/${agent.deviceId}/move-org`, { token: admin, body: { orgId: orgB.id } })).body.error.code).toBe('SAME_ORGANIZATION');

    const other = await makePartner();
    const otherOrg = await makeOrg(other.id);
    expect((await api.post(`/devices/${agent.deviceId}/move-org`, { token: admin, body: { orgId: otherOrg.id } })).status).toBe(404);
    // a platform admin sees both partners: the move is refused as cross-partner
    const { makePlatformAdmin } = await import('../helpers/factories');
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const cross = await api.post(`/devices/${agent.deviceId}/move-org`, { token: sys, body: { orgId: otherOrg.id } });
    expect([cross.status, cross.body.error.code]).toEqual([400, 'CROSS_PARTNER_MOVE']);
    // the agent keeps working in its new organization
    expect((await heartbeat(agent)).status).toBe(200);
  });

  it('decommission revokes the agent, cancels pending commands and emits device.decommissioned', async () => {
    const agent = await enroll(keyA, { hostname: 'retired' });
    const cmd = await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory' } });
    expect((await api.delete(`/devices/${agent.deviceId}`, { token: admin })).status).toBe(204);
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: cmd.body.id } })).status).toBe('cancelled');
    const beat = await heartbeat(agent);
    expect([beat.status, beat.body.error.code]).toEqual([401, 'AGENT_REVOKED']);
    const event = await db.event.findFirst({ where: { type: 'device.decommissioned', data: { path: ['deviceId'], equals: agent.deviceId } } });
    expect(event?.data).toMatchObject({ hostname: 'retired' });
    expect((await api.delete(`/devices/${agent.deviceId}`, { token: admin })).status).toBe(404);
  });
});

describe('commands', () => {
  it('a duplicate pending refresh_inventory gets 409 ALREADY_PENDING (also when racing); after delivery a new one is accepted', async () => {
    const agent = await enroll(keyA);
    const results = await Promise.all([0, 1, 2].map(() => api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory' } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('ALREADY_PENDING');
    // other types are not deduplicated
    expect((await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'uptime' } } })).status).toBe(201);
    expect((await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'uptime' } } })).status).toBe(201);
    await heartbeat(agent);
    expect((await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory' } })).status).toBe(201);
    const list = await api.get(`/devices/${agent.deviceId}/commands`, { token: admin, query: { type: 'refresh_inventory' } });
    expect(list.body.data.map((c: { status: string }) => c.status)).toEqual(['pending', 'sent']);
  });

  it('validates command payloads and permissions', async () => {
    const agent = await enroll(keyA);
    const post = (body: unknown, token = admin) => api.post(`/devices/${agent.deviceId}/commands`, { token, body });
    expect((await post({ type: 'format_disk' })).status).toBe(400);
    expect((await post({ type: 'run_script', payload: { interpreter: 'bash' } })).status).toBe(400);
    expect((await post({ type: 'run_script', payload: { interpreter: 'bash', script: 'x', timeoutSeconds: 3601 } })).status).toBe(400);
    expect((await post({ type: 'run_script', payload: { interpreter: 'bash', script: 'x'.repeat(256 * 1024 + 1) } })).status).toBe(400);
    const reboot = await post({ type: 'reboot', payload: { delaySeconds: 60 } });
    expect(reboot.body.payload).toEqual({ delaySeconds: 60 });
    const readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }), { mfa: true });
    expect((await post({ type: 'refresh_inventory' }, readOnly)).status).toBe(403);
    const orgUser = await tokenFor(await makeOrgUser(partner, orgA, { role: 'Organization User' }));
    expect((await post({ type: 'run_script', payload: { interpreter: 'bash', script: 'id' } }, orgUser)).status).toBe(403);
  });

  it('bulk commands report per-device outcomes: commands, skipped and failed', async () => {
    const a = await enroll(keyA);
    const b = await enroll(keyA);
    const c = await enroll(keyB);
    const retired = await enroll(keyA);
    await db.device.update({ where: { id: retired.deviceId }, data: { status: 'uninstalled' } });
    await api.post(`/devices/${b.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory' } });
    const otherPartner = await makePartner();
    const otherOrg = await makeOrg(otherPartner.id);
    const foreign = await enroll((await createKey(await tokenFor(await makePartnerUser(otherPartner), { mfa: true }), { orgId: otherOrg.id })).key);
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await api.post('/devices/bulk/commands', {
      token: admin,
      body: { deviceIds: [a.deviceId, b.deviceId, c.deviceId, retired.deviceId, foreign.deviceId, missing], type: 'refresh_inventory' },
    });
    expect(res.status).toBe(200);
    expect(res.body.commands.map((x: { deviceId: string }) => x.deviceId).sort()).toEqual([a.deviceId, c.deviceId].sort());
    expect(res.body.skipped).toEqual(expect.arrayContaining([{ deviceId: b.deviceId, reason: 'ALREADY_PENDING' }, { deviceId: retired.deviceId, reason: 'DEVICE_INACTIVE' }]));
    expect(res.body.failed).toEqual(expect.arrayContaining([
      { deviceId: foreign.deviceId, code: 'NOT_FOUND', message: 'Device not found' },
      { deviceId: missing, code: 'NOT_FOUND', message: 'Device not found' },
    ]));
    expect(await db.deviceCommand.count({ where: { deviceId: foreign.deviceId } })).toBe(0);
    expect((await api.post('/devices/bulk/commands', { token: admin, body: { deviceIds: [], type: 'refresh_inventory' } })).status).toBe(400);
  });
});

describe('cross-tenant', () => {
  it('a caller of another partner gets 404 on every device route and the device is unchanged', async () => {
    const agent = await enroll(keyA);
    const cmd = (await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'id' } } })).body;
    const before = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
    const other = await makePartner();
    const otherOrg = await makeOrg(other.id);
    const intruder = await tokenFor(await makePartnerUser(other), { mfa: true });
    const id = agent.deviceId;
    const calls = [
      api.get(`/devices/${id}`, { token: intruder }),
      api.get(`/devices/${id}?includeDecommissioned=true`, { token: intruder }),
      api.patch(`/devices/${id}`, { token: intruder, body: { displayName: 'pwned' } }),
      api.delete(`/devices/${id}`, { token: intruder }),
      api.post(`/devices/${id}/move-org`, { token: intruder, body: { orgId: otherOrg.id } }),
      api.post(`/devices/${id}/commands`, { token: intruder, body: { type: 'refresh_inventory' } }),
      api.get(`/devices/${id}/commands`, { token: intruder }),
      api.get(`/devices/${id}/commands/${cmd.id}`, { token: intruder }),
      api.get(`/devices/${id}/inventory`, { token: intruder }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const bulk = await api.post('/devices/bulk/commands', { token: intruder, body: { deviceIds: [id], type: 'refresh_inventory' } });
    expect(bulk.body).toEqual({ commands: [], skipped: [], failed: [{ deviceId: id, code: 'NOT_FOUND', message: 'Device not found' }] });
    expect((await api.get('/devices', { token: intruder })).body.data).toEqual([]);
    expect(await db.device.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.deviceCommand.count({ where: { deviceId: id } })).toBe(1);
  });
});

describe('hostile text', () => {
  it('NUL and unpaired surrogates are refused with 400 (or cleaned for agents), never a 500', async () => {
    const agent = await enroll(keyA);
    const bad = ['a\u0000b', 'x\ud800y'];
    // In a URL an unpaired surrogate arrives as U+FFFD already; NUL (%00) does arrive.
    expect((await api.get('/devices', { token: admin, query: { search: bad[0] } })).status).toBe(400);
    expect((await api.get('/tags', { token: admin, query: { search: bad[0] } })).status).toBe(400);
    expect((await api.get('/tags/devices', { token: admin, query: { tags: bad[0] } })).status).toBe(400);
    for (const s of bad) {
      expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { tags: [s] } })).status).toBe(400);
      expect((await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: s } } })).status).toBe(400);
      expect((await api.post('/groups', { token: admin, body: { name: s, orgId: orgA.id, type: 'static' } })).status).toBe(400);
      expect((await api.post('/enrollment-keys', { token: admin, body: { name: s, orgId: orgA.id } })).status).toBe(400);
      const beat = await heartbeat(agent, { loggedInUser: s, metrics: { note: s } });
      expect(beat.status).toBe(200);
      expect((await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } })).lastUser).toBe(s === bad[0] ? 'ab' : 'x\ufffdy');
      const res = await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'true' } } });
      const claimed = (await heartbeat(agent)).body.commands.find((c: { id: string }) => c.id === res.body.id);
      const { postResult } = await import('../helpers/agents');
      expect((await postResult(agent, claimed.id, { status: 'completed', stdout: s, result: { [s]: s } })).status).toBe(200);
    }
  });
});
