// Metric history: heartbeats accumulate 5-minute buckets in the heartbeat statement and
// GET /devices/:id/metrics aggregates them (tiers, rollups and retention: metric-history.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { makeApiKey, withKey } from '../helpers/access';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let adminUser: { id: string };
let admin: string;
let orgA: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let keyA: string;

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

beforeAll(async () => {
  partner = await makePartner();
  adminUser = await makePartnerUser(partner);
  admin = await tokenFor(adminUser, { mfa: true });
  orgA = await makeOrg(partner.id);
  orgB = await makeOrg(partner.id);
  keyA = (await createKey(admin, { orgId: orgA.id })).key;
});

interface Bucket {
  at: Date;
  samples: number;
  cpu?: [number, number, number, number]; // count, sum, max, min
  memory?: [number, number, number, number];
  disk?: [number, number, number, number];
}

const st = (avg: number | null, min: number | null, max: number | null) => ({ avg, min, max });

async function insertBuckets(deviceId: string, buckets: Bucket[]) {
  await db.deviceMetricBucket.createMany({
    data: buckets.map((b) => ({
      deviceId,
      bucket: b.at,
      samples: b.samples,
      cpuCount: b.cpu?.[0] ?? 0,
      cpuSum: b.cpu?.[1] ?? 0,
      cpuMax: b.cpu?.[2] ?? null,
      cpuMin: b.cpu?.[3] ?? null,
      memoryCount: b.memory?.[0] ?? 0,
      memorySum: b.memory?.[1] ?? 0,
      memoryMax: b.memory?.[2] ?? null,
      memoryMin: b.memory?.[3] ?? null,
      diskCount: b.disk?.[0] ?? 0,
      diskSum: b.disk?.[1] ?? 0,
      diskMax: b.disk?.[2] ?? null,
      diskMin: b.disk?.[3] ?? null,
    })),
  });
}

async function totals(deviceId: string) {
  const [t] = await db.$queryRaw<{ rows: number; samples: number; cpu_count: number; cpu_sum: number; cpu_max: number | null; cpu_min: number | null; memory_min: number | null; disk_min: number | null; memory_count: number; memory_sum: number; memory_max: number | null; disk_count: number; disk_sum: number; disk_max: number | null }[]>`
    select count(*)::int as rows, coalesce(sum(samples), 0)::int as samples,
      coalesce(sum(cpu_count), 0)::int as cpu_count, coalesce(sum(cpu_sum), 0)::float8 as cpu_sum, max(cpu_max)::float8 as cpu_max, min(cpu_min)::float8 as cpu_min, min(memory_min)::float8 as memory_min, min(disk_min)::float8 as disk_min,
      coalesce(sum(memory_count), 0)::int as memory_count, coalesce(sum(memory_sum), 0)::float8 as memory_sum, max(memory_max)::float8 as memory_max,
      coalesce(sum(disk_count), 0)::int as disk_count, coalesce(sum(disk_sum), 0)::float8 as disk_sum, max(disk_max)::float8 as disk_max
    from device_metric_buckets where device_id = ${deviceId}::uuid`;
  return t;
}

describe('heartbeats write metric history', () => {
  it('each beat adds to the current 5-minute bucket: batched fast path, and the slow path (new version, back online)', async () => {
    const agent = await enroll(keyA);
    // fast path (enrolled devices are online)
    expect((await heartbeat(agent, { metrics: { cpuPercent: 10, memoryPercent: 40, diskPercent: 70 } })).status).toBe(200);
    // slow path: a new agent version; no disk value counts as a sample, not as a disk value
    expect((await heartbeat(agent, { agentVersion: '1.0.1', metrics: { cpuPercent: 30, memoryPercent: 60 } })).status).toBe(200);
    // slow path: back online after the presence sweep marked it offline
    await db.device.update({ where: { id: agent.deviceId }, data: { status: 'offline' } });
    expect((await heartbeat(agent, { metrics: { cpuPercent: 50.5, memoryPercent: 50, diskPercent: 71 } })).status).toBe(200);
    const events = await db.$queryRaw<{ type: string }[]>`select type from events where data->>'deviceId' = ${agent.deviceId} order by created_at`;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['device.updated', 'device.online']));
    const t = await totals(agent.deviceId);
    // Three beats land in one bucket, or two when the run straddles a 5-minute boundary.
    expect(t.rows).toBeGreaterThanOrEqual(1);
    expect(t.rows).toBeLessThanOrEqual(2);
    expect(t).toMatchObject({ samples: 3, cpu_count: 3, cpu_sum: 90.5, cpu_max: 50.5, memory_count: 3, memory_sum: 150, memory_max: 60, disk_count: 2, disk_sum: 141, disk_max: 71 });
    // Minima too (a beat without a disk value leaves the disk minimum alone).
    expect(t).toMatchObject({ cpu_min: 10, memory_min: 40, disk_min: 70 });
    const rows = await db.deviceMetricBucket.findMany({ where: { deviceId: agent.deviceId } });
    for (const r of rows) {
      expect(r.bucket.getTime() % (5 * MIN)).toBe(0);
      expect(Date.now() - r.bucket.getTime()).toBeLessThan(10 * MIN);
    }
  });

  it('concurrent beats of many devices (one coalesced statement) each reach their own bucket', async () => {
    const agents: EnrolledAgent[] = [];
    for (let i = 0; i < 6; i++) agents.push(await enroll(keyA));
    for (const a of agents) await heartbeat(a, { metrics: { cpuPercent: 1 } }); // online (slow path)
    const results = await Promise.all(agents.map((a, i) => heartbeat(a, { metrics: { cpuPercent: 10 + i, memoryPercent: 20 + i } })));
    expect(results.map((r) => r.status)).toEqual(agents.map(() => 200));
    for (const [i, a] of agents.entries()) {
      const t = await totals(a.deviceId);
      expect(t).toMatchObject({ samples: 2, cpu_count: 2, cpu_sum: 11 + i, cpu_max: 10 + i, memory_count: 1, memory_sum: 20 + i, disk_count: 0, disk_max: null });
    }
  });

  it('watchdog beats add nothing to the history', async () => {
    const agent = await enroll(keyA);
    await heartbeat(agent, { metrics: { cpuPercent: 5 } });
    expect((await heartbeat(agent, { role: 'watchdog', watchdogStatus: 'connected' })).status).toBe(200);
    expect((await totals(agent.deviceId)).samples).toBe(1);
  });
});

describe('GET /devices/:id/metrics', () => {
  // Two whole UTC days, a few days back (inside the default 7-day retention).
  const day0 = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY);
  const at = (minutes: number) => new Date(day0.getTime() + minutes * MIN);
  let deviceId: string;

  beforeAll(async () => {
    deviceId = (await enroll(keyA)).deviceId;
    await insertBuckets(deviceId, [
      { at: at(0), samples: 2, cpu: [2, 20, 15, 5], memory: [2, 100, 55, 45], disk: [2, 140, 70, 70] },
      { at: at(5), samples: 1, cpu: [1, 30, 30, 30], memory: [1, 40, 40, 40] },
      { at: at(60), samples: 3, cpu: [3, 30, 12, 8], memory: [3, 90, 31, 29], disk: [3, 213, 71, 71] },
      { at: at(24 * 60 + 10), samples: 4, cpu: [4, 200, 80, 20], memory: [4, 160, 45, 35], disk: [4, 288, 72.5, 71.5] },
      { at: at(2 * 24 * 60), samples: 1, cpu: [1, 99, 99, 99] }, // outside [day0, day0 + 2 days)
    ]);
  });

  const query = (extra: Record<string, string> = {}) => ({ from: day0.toISOString(), to: new Date(day0.getTime() + 2 * DAY).toISOString(), ...extra });

  it('5m: one point per stored bucket, avg = sum / count, null where a metric never reported', async () => {
    const res = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: query({ interval: '5m' }) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ deviceId, interval: '5m', from: day0.toISOString(), to: new Date(day0.getTime() + 2 * DAY).toISOString() });
    expect(res.body.data.points).toEqual([
      { at: at(0).toISOString(), samples: 2, cpu: st(10, 5, 15), memory: st(50, 45, 55), disk: st(70, 70, 70), availabilityPercent: 100 },
      { at: at(5).toISOString(), samples: 1, cpu: st(30, 30, 30), memory: st(40, 40, 40), disk: st(null, null, null), availabilityPercent: 100 },
      { at: at(60).toISOString(), samples: 3, cpu: st(10, 8, 12), memory: st(30, 29, 31), disk: st(71, 71, 71), availabilityPercent: 100 },
      { at: at(24 * 60 + 10).toISOString(), samples: 4, cpu: st(50, 20, 80), memory: st(40, 35, 45), disk: st(72, 71.5, 72.5), availabilityPercent: 100 },
    ]);
  });

  it('1h: buckets of the same hour merge, weighted by their sample counts', async () => {
    const res = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: query({ interval: '1h' }) });
    expect(res.status).toBe(200);
    expect(res.body.data.points).toEqual([
      { at: at(0).toISOString(), samples: 3, cpu: st(16.67, 5, 30), memory: st(46.67, 40, 55), disk: st(70, 70, 70), availabilityPercent: 16.67 },
      { at: at(60).toISOString(), samples: 3, cpu: st(10, 8, 12), memory: st(30, 29, 31), disk: st(71, 71, 71), availabilityPercent: 8.33 },
      { at: at(24 * 60).toISOString(), samples: 4, cpu: st(50, 20, 80), memory: st(40, 35, 45), disk: st(72, 71.5, 72.5), availabilityPercent: 8.33 },
    ]);
  });

  it('1d: one point per UTC day', async () => {
    const res = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: query({ interval: '1d' }) });
    expect(res.status).toBe(200);
    expect(res.body.data.points).toEqual([
      { at: at(0).toISOString(), samples: 6, cpu: st(13.33, 5, 30), memory: st(38.33, 29, 55), disk: st(70.6, 70, 71), availabilityPercent: 1.04 },
      { at: at(24 * 60).toISOString(), samples: 4, cpu: st(50, 20, 80), memory: st(40, 35, 45), disk: st(72, 71.5, 72.5), availabilityPercent: 0.35 },
    ]);
  });

  it('defaults: the last 24 hours at 5m; the interval follows the range when not given', async () => {
    const before = Date.now();
    const res = await api.get(`/devices/${deviceId}/metrics`, { token: admin });
    expect(res.status).toBe(200);
    const { from, to, interval, points } = res.body.data;
    expect(interval).toBe('5m');
    expect(new Date(to).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(DAY);
    expect(points).toEqual([]); // the inserted buckets are older than a day
    expect((await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: query() })).body.data.interval).toBe('1h');
    const month = { from: new Date(day0.getTime() - 20 * DAY).toISOString(), to: day0.toISOString() };
    expect((await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: month })).body.data.interval).toBe('1d');
  });

  it('400 on from after to, a range over the daily retention, a resolution beyond its tier, an unknown interval or a malformed date', async () => {
    const to = day0.toISOString();
    const now = Date.now();
    const cases = [
      { from: new Date(day0.getTime() + MIN).toISOString(), to },
      { from: to, to },
      { from: new Date(now - 731 * DAY).toISOString() }, // over METRIC_DAILY_DAYS (730)
      { from: new Date(now - 8 * DAY).toISOString(), interval: '5m' }, // 5-minute tier keeps 7 days
      { from: new Date(now - 32 * DAY).toISOString(), interval: '5m' },
      { from: new Date(now - 92 * DAY).toISOString(), interval: '1h' }, // hourly tier keeps 90 days
      { interval: '15m' },
      { from: 'yesterday' },
    ];
    for (const q of cases) {
      const res = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: q });
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(/^query\./);
    }
    const tooLong = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: { from: new Date(now - 731 * DAY).toISOString() } });
    expect(tooLong.body.error.message).toContain('730 days');
    const fine = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: { from: new Date(now - 8 * DAY).toISOString(), interval: '5m' } });
    expect(fine.body.error.message).toContain('METRIC_HISTORY_DAYS');
    // Up to the daily retention is allowed, read at 1d; 90 days at 1h; the default moves to a
    // coarser tier when the finer one no longer holds `from`.
    const year = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: { from: new Date(now - 730 * DAY).toISOString() } });
    expect(year.status).toBe(200);
    expect(year.body.data.interval).toBe('1d');
    expect(year.body.data.points.map((p: { at: string }) => p.at)).toEqual([at(0).toISOString(), at(24 * 60).toISOString(), at(2 * 24 * 60).toISOString()]);
    const quarter = await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: { from: new Date(now - 89 * DAY).toISOString(), interval: '1h' } });
    expect(quarter.status).toBe(200);
    expect(quarter.body.data.points).toHaveLength(4);
    const oldDay = { from: new Date(now - 20 * DAY).toISOString(), to: new Date(now - 19 * DAY).toISOString() };
    expect((await api.get(`/devices/${deviceId}/metrics`, { token: admin, query: oldDay })).body.data.interval).toBe('1h');
  });

  it('404 outside the caller’s scope (another partner, another organization); the history is unchanged', async () => {
    const other = await makePartner();
    const otherAdmin = await tokenFor(await makePartnerUser(other), { mfa: true });
    const res = await api.get(`/devices/${deviceId}/metrics`, { token: otherAdmin, query: query() });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const orgBUser = await tokenFor(await makeOrgUser(partner, orgB));
    expect((await api.get(`/devices/${deviceId}/metrics`, { token: orgBUser, query: query() })).status).toBe(404);
    const orgAUser = await tokenFor(await makeOrgUser(partner, orgA));
    expect((await api.get(`/devices/${deviceId}/metrics`, { token: orgAUser, query: query() })).body.data.points).toHaveLength(3);
    expect(await db.deviceMetricBucket.count({ where: { deviceId } })).toBe(5);
    expect((await api.get(`/devices/00000000-0000-4000-8000-000000000000/metrics`, { token: admin })).status).toBe(404);
  });

  it('API keys with devices:read can read it; without the permission 403', async () => {
    const reader = await makeApiKey(adminUser, ['devices:read']);
    const res = await api.get(`/devices/${deviceId}/metrics`, { ...withKey(reader.key), query: query({ interval: '1d' }) });
    expect(res.status).toBe(200);
    expect(res.body.data.points).toHaveLength(2);
    const other = await makeApiKey(adminUser, ['orgs:read']);
    const denied = await api.get(`/devices/${deviceId}/metrics`, { ...withKey(other.key), query: query() });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('devices:read');
  });

  it('is in the OpenAPI document with its query parameters', async () => {
    const res = await api.get('/openapi.json');
    const op = res.body.paths['/devices/{id}/metrics']?.get;
    expect(op).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'id', 'interval', 'to']);
    expect(JSON.stringify(op.responses)).toContain('samples');
  });
});
