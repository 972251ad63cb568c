// The tiered metric history: day partitions of 5-minute buckets made ahead (and the default
// partition's rows moved out), hourly and daily rollups checked against hand-computed values,
// reruns that rewrite instead of adding, retention that drops partitions, and reads (the route,
// readMetricSeries, readMetricSummary) that take each period from the coarsest tier holding it.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { db, dbPool } from '@/lib/db';
import { ensureMetricPartitions, listMetricPartitions } from '@/lib/metric-history/partitions';
import { maintainMetricHistory } from '@/lib/metric-history/maintain-metric-history';
import { readWatermarks, rollUpMetricHistory } from '@/lib/metric-history/roll-up';
import { readMetricSeries, readMetricSummary } from '@/lib/metric-history/read';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { crontab } from '@/worker/task-list';
import { runDueJobs } from '../helpers/jobs';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const day0 = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY);
const at = (minutes: number) => new Date(day0.getTime() + minutes * MIN);
const range = { from: day0.toISOString(), to: new Date(day0.getTime() + 2 * DAY).toISOString() };
const old = new Date(Math.floor(Date.now() / DAY) * DAY - 40 * DAY + 2 * HOUR);

let admin: string;
let deviceA: string;
let deviceB: string;
let keyA: string;

type Stat = [number, number, number, number]; // count, sum, min, max
async function insertBucket(deviceId: string, bucket: Date, samples: number, cpu?: Stat, memory?: Stat, disk?: Stat) {
  const s = (v?: Stat) => v ?? [0, 0, null, null];
  const [c, m, d] = [s(cpu), s(memory), s(disk)];
  await db.$executeRaw`insert into device_metric_buckets (device_id, bucket, samples, cpu_count, cpu_sum, cpu_min, cpu_max,
      memory_count, memory_sum, memory_min, memory_max, disk_count, disk_sum, disk_min, disk_max)
    values (${deviceId}::uuid, ${bucket}, ${samples}, ${c[0]}, ${c[1]}, ${c[2]}, ${c[3]}, ${m[0]}, ${m[1]}, ${m[2]}, ${m[3]}, ${d[0]}, ${d[1]}, ${d[2]}, ${d[3]})`;
}

const tableOf = async (table: string, deviceId: string, bucket: Date) =>
  (await db.$queryRawUnsafe<{ t: string }[]>(`select tableoid::regclass::text as t from ${table} where device_id = $1::uuid and bucket = $2`, deviceId, bucket))[0]?.t;

const rollupRow = async (table: string, deviceId: string, bucket: Date) =>
  (
    await db.$queryRawUnsafe<Record<string, number | null>[]>(
      `select samples, beat_buckets, cpu_count, cpu_sum, cpu_min::float8 as cpu_min, cpu_max::float8 as cpu_max,
         memory_count, memory_sum, memory_min::float8 as memory_min, memory_max::float8 as memory_max,
         disk_count, disk_sum, disk_min::float8 as disk_min, disk_max::float8 as disk_max
       from ${table} where device_id = $1::uuid and bucket = $2`,
      deviceId,
      bucket,
    )
  )[0];

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  keyA = (await createKey(admin, { orgId: org.id })).key;
  deviceA = (await enroll(keyA)).deviceId;
  deviceB = (await enroll(keyA)).deviceId;
  // Device A, three days back: three buckets in hour 0, one in hour 1, one on the next day.
  await insertBucket(deviceA, at(0), 2, [2, 20, 5, 15], [2, 100, 45, 55]);
  await insertBucket(deviceA, at(5), 1, [1, 30, 30, 30], [1, 40, 40, 40], [1, 70, 70, 70]);
  await insertBucket(deviceA, at(55), 3, [3, 30, 8, 12], [3, 90, 29, 31], [3, 213, 71, 71]);
  await insertBucket(deviceA, at(60), 1, [1, 50, 50, 50]);
  await insertBucket(deviceA, at(36 * 60), 4, [4, 200, 20, 80], [4, 160, 35, 45], [4, 288, 71.5, 72.5]);
  // Device B, 40 days back: no partition exists for that day, so it lands in the default.
  await insertBucket(deviceB, old, 1, [1, 10, 10, 10]);
});

describe('partitions', () => {
  it('the release made today’s and a week of days ahead, and the rollups’ months', async () => {
    const names = new Set((await listMetricPartitions(dbPool())).map((p) => p.name));
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
    for (let d = 0; d <= 7; d++) expect(names, `day +${d}`).toContain(`device_metric_buckets_p${day(Date.now() + d * DAY)}`);
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    expect(names).toContain(`device_metric_hourly_p${month}`);
    expect(names).toContain(`device_metric_daily_p${month}`);
  });

  it('a row in the default partition moves into the partition made for its day; a rerun creates nothing', async () => {
    expect(await tableOf('device_metric_buckets', deviceB, old)).toBe('device_metric_buckets_default');
    const created = await ensureMetricPartitions(dbPool());
    const name = `device_metric_buckets_p${old.toISOString().slice(0, 10).replace(/-/g, '')}`;
    expect(created).toContain(name);
    expect(await tableOf('device_metric_buckets', deviceB, old)).toBe(name);
    expect((await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from device_metric_buckets_default`)[0].n).toBe(0);
    expect(await ensureMetricPartitions(dbPool())).toEqual([]);
  });

  it('heartbeats never fail on a missing partition: the default catches them until theirs is made', async () => {
    const agent = await enroll(keyA);
    const today = `device_metric_buckets_p${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
    await db.$executeRawUnsafe(`drop table ${today}`);
    expect((await heartbeat(agent, { metrics: { cpuPercent: 12, memoryPercent: 34 } })).status).toBe(200);
    const [row] = await db.$queryRaw<{ t: string; samples: number }[]>`select tableoid::regclass::text as t, samples from device_metric_buckets where device_id = ${agent.deviceId}::uuid`;
    expect(row).toEqual({ t: 'device_metric_buckets_default', samples: 1 });
    expect(await ensureMetricPartitions(dbPool())).toContain(today);
    const [moved] = await db.$queryRaw<{ t: string; cpu_min: number }[]>`select tableoid::regclass::text as t, cpu_min::float8 as cpu_min from device_metric_buckets where device_id = ${agent.deviceId}::uuid`;
    expect(moved).toEqual({ t: today, cpu_min: 12 });
  });
});

describe('rollups', () => {
  it('hourly and daily rows hold min, sum/count, max and the buckets with a heartbeat (two workers at once)', async () => {
    const [first, second] = await Promise.all([maintainMetricHistory(dbPool()), maintainMetricHistory(dbPool())]);
    expect(first.hourlyRows + second.hourlyRows).toBeGreaterThanOrEqual(4);
    const marks = await readWatermarks(dbPool());
    expect(marks.hourly!.getTime() % HOUR).toBe(0);
    expect(Date.now() - marks.hourly!.getTime()).toBeLessThan(HOUR + 5 * MIN + MIN);
    expect(marks.daily!.getTime()).toBe(Math.floor(marks.hourly!.getTime() / DAY) * DAY);

    expect(await rollupRow('device_metric_hourly', deviceA, at(0))).toEqual({
      samples: 6, beat_buckets: 3,
      cpu_count: 6, cpu_sum: 80, cpu_min: 5, cpu_max: 30,
      memory_count: 6, memory_sum: 230, memory_min: 29, memory_max: 55,
      disk_count: 4, disk_sum: 283, disk_min: 70, disk_max: 71,
    });
    expect(await rollupRow('device_metric_hourly', deviceA, at(60))).toMatchObject({ samples: 1, beat_buckets: 1, cpu_count: 1, cpu_sum: 50, memory_count: 0, memory_min: null, disk_max: null });
    expect(await rollupRow('device_metric_daily', deviceA, at(0))).toEqual({
      samples: 7, beat_buckets: 4,
      cpu_count: 7, cpu_sum: 130, cpu_min: 5, cpu_max: 50,
      memory_count: 6, memory_sum: 230, memory_min: 29, memory_max: 55,
      disk_count: 4, disk_sum: 283, disk_min: 70, disk_max: 71,
    });
    expect(await rollupRow('device_metric_daily', deviceA, at(24 * 60))).toMatchObject({ samples: 4, beat_buckets: 1, cpu_sum: 200, disk_min: 71.5 });
    // The 40-day-old bucket reached both tiers too.
    expect(await rollupRow('device_metric_daily', deviceB, new Date(Math.floor(old.getTime() / DAY) * DAY))).toMatchObject({ samples: 1, beat_buckets: 1, cpu_max: 10 });
  });

  it('a rerun over the same periods rewrites the rows from their source instead of adding to them', async () => {
    const before = await readWatermarks(dbPool());
    const again = await rollUpMetricHistory(dbPool());
    expect(again).toMatchObject({ hourlyRows: 0, dailyRows: 0, hourlyThrough: before.hourly, dailyThrough: before.daily });
    // Rewind both watermarks: everything is rolled up a second time.
    await db.$executeRaw`update metric_rollup_watermarks set rolled_through = ${day0}`;
    const rerun = await rollUpMetricHistory(dbPool());
    expect(rerun.hourlyRows).toBeGreaterThanOrEqual(3);
    expect(await rollupRow('device_metric_hourly', deviceA, at(0))).toMatchObject({ samples: 6, beat_buckets: 3, cpu_sum: 80 });
    expect(await rollupRow('device_metric_daily', deviceA, at(0))).toMatchObject({ samples: 7, beat_buckets: 4, cpu_sum: 130 });
    expect(await readWatermarks(dbPool())).toEqual(before);
  });
});

describe('reads across tiers', () => {
  it('GET /devices/:id/metrics: 1h from the hourly tier, 1d from the daily tier, 5m from the buckets', async () => {
    // A 5-minute bucket changed after its hour was rolled up shows at 5m only: 1h and 1d come
    // from the rollups.
    await db.$executeRaw`update device_metric_buckets set cpu_max = 99 where device_id = ${deviceA}::uuid and bucket = ${at(0)}`;
    const hourly = await api.get(`/devices/${deviceA}/metrics`, { token: admin, query: { ...range, interval: '1h' } });
    expect(hourly.status).toBe(200);
    expect(hourly.body.data.points).toEqual([
      { at: at(0).toISOString(), samples: 6, cpu: { avg: 13.33, min: 5, max: 30 }, memory: { avg: 38.33, min: 29, max: 55 }, disk: { avg: 70.75, min: 70, max: 71 }, availabilityPercent: 25 },
      { at: at(60).toISOString(), samples: 1, cpu: { avg: 50, min: 50, max: 50 }, memory: { avg: null, min: null, max: null }, disk: { avg: null, min: null, max: null }, availabilityPercent: 8.33 },
      { at: at(36 * 60).toISOString(), samples: 4, cpu: { avg: 50, min: 20, max: 80 }, memory: { avg: 40, min: 35, max: 45 }, disk: { avg: 72, min: 71.5, max: 72.5 }, availabilityPercent: 8.33 },
    ]);
    const daily = await api.get(`/devices/${deviceA}/metrics`, { token: admin, query: { ...range, interval: '1d' } });
    expect(daily.body.data.points).toEqual([
      { at: at(0).toISOString(), samples: 7, cpu: { avg: 18.57, min: 5, max: 50 }, memory: { avg: 38.33, min: 29, max: 55 }, disk: { avg: 70.75, min: 70, max: 71 }, availabilityPercent: 1.39 },
      { at: at(24 * 60).toISOString(), samples: 4, cpu: { avg: 50, min: 20, max: 80 }, memory: { avg: 40, min: 35, max: 45 }, disk: { avg: 72, min: 71.5, max: 72.5 }, availabilityPercent: 0.35 },
    ]);
    const fine = await api.get(`/devices/${deviceA}/metrics`, { token: admin, query: { ...range, interval: '5m' } });
    expect(fine.body.data.points[0]).toMatchObject({ at: at(0).toISOString(), cpu: { max: 99 } });
    expect(fine.body.data.points).toHaveLength(5);
    await db.$executeRaw`update device_metric_buckets set cpu_max = 15 where device_id = ${deviceA}::uuid and bucket = ${at(0)}`;
  });

  it('a range older than the 5-minute retention reads the rollups (a year at 1d)', async () => {
    const year = await api.get(`/devices/${deviceB}/metrics`, { token: admin, query: { from: new Date(Date.now() - 365 * DAY).toISOString() } });
    expect(year.status).toBe(200);
    expect(year.body.data.interval).toBe('1d');
    expect(year.body.data.points).toEqual([
      { at: new Date(Math.floor(old.getTime() / DAY) * DAY).toISOString(), samples: 1, cpu: { avg: 10, min: 10, max: 10 }, memory: { avg: null, min: null, max: null }, disk: { avg: null, min: null, max: null }, availabilityPercent: 0.35 },
    ]);
  });

  it('readMetricSeries keeps its shape: per device, oldest first, at the asked resolution', async () => {
    const series = await readMetricSeries([deviceA, deviceB], new Date(old.getTime() - DAY), new Date(range.to), '1d');
    expect(series).toEqual([
      { deviceId: deviceA, at: at(0), samples: 7, cpuAvg: 18.57, cpuMax: 50, memoryAvg: 38.33, memoryMax: 55, diskAvg: 70.75, diskMax: 71 },
      { deviceId: deviceA, at: at(24 * 60), samples: 4, cpuAvg: 50, cpuMax: 80, memoryAvg: 40, memoryMax: 45, diskAvg: 72, diskMax: 72.5 },
      { deviceId: deviceB, at: new Date(Math.floor(old.getTime() / DAY) * DAY), samples: 1, cpuAvg: 10, cpuMax: 10, memoryAvg: null, memoryMax: null, diskAvg: null, diskMax: null },
    ].sort((a, b) => a.deviceId.localeCompare(b.deviceId)));
    expect(await readMetricSeries([], day0, new Date(), '1h')).toEqual([]);
  });

  it('readMetricSummary: whole days from the daily tier, the range’s partial edges from finer tiers', async () => {
    const whole = await readMetricSummary([deviceA], day0, new Date(range.to));
    expect(whole).toEqual([{ deviceId: deviceA, samples: 11, cpuAvg: 30, cpuMax: 80, memoryAvg: 39, memoryMax: 55, diskAvg: 71.38, diskMax: 72.5, availabilityPercent: 0.87 }]);
    // From 00:30 on day 0: the 00:55 bucket (5-minute tier), hour 1 (hourly), day 1 (daily).
    const edge = await readMetricSummary([deviceA], at(30), new Date(range.to));
    expect(edge).toEqual([{ deviceId: deviceA, samples: 8, cpuAvg: 35, cpuMax: 80, memoryAvg: 35.71, memoryMax: 45, diskAvg: 71.57, diskMax: 72.5, availabilityPercent: 0.53 }]);
  });
});

describe('retention', () => {
  it('drops whole partitions past each tier’s retention once rolled up; the rollups keep the history', async () => {
    const dayName = (d: Date) => `device_metric_buckets_p${d.toISOString().slice(0, 10).replace(/-/g, '')}`;
    const result = await maintainMetricHistory(dbPool(), new Date(), { bucketDays: 1, hourlyDays: 1, dailyDays: 730 });
    // The 40-day-old day went at the first upkeep (default 7 days); these at the 1-day setting.
    expect(result.dropped).toEqual(expect.arrayContaining([dayName(day0), dayName(at(24 * 60))]));
    expect(result.dropped).not.toContain(dayName(new Date()));
    for (const name of [dayName(day0), dayName(old)]) {
      expect((await db.$queryRaw<{ r: string | null }[]>`select to_regclass(${name})::text as r`)[0].r).toBeNull();
    }
    // Nothing was deleted row by row: the remaining 5-minute partitions still hold today's rows.
    expect((await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from device_metric_buckets where device_id = ${deviceA}::uuid`)[0].n).toBe(0);
    const daily = await api.get(`/devices/${deviceA}/metrics`, { token: admin, query: { ...range, interval: '1d' } });
    expect(daily.body.data.points.map((p: { samples: number }) => p.samples)).toEqual([7, 4]);
    // The partitions of today and ahead stay.
    expect((await db.$queryRaw<{ r: string | null }[]>`select to_regclass(${dayName(new Date())})::text as r`)[0].r).not.toBeNull();
    expect((await maintainMetricHistory(dbPool(), new Date(), { bucketDays: 1, hourlyDays: 1, dailyDays: 730 })).dropped).toEqual([]);
  });
});

describe('the worker task', () => {
  it('runs hourly and keeps the partitions ahead, catching up a week of missing ones', async () => {
    expect(crontab).toMatch(/^7 \* \* \* \* maintain_metric_history$/m);
    const ahead = `device_metric_buckets_p${new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10).replace(/-/g, '')}`;
    await db.$executeRawUnsafe(`drop table ${ahead}`);
    await enqueueJob(db, 'maintain_metric_history', {});
    await runDueJobs();
    expect((await db.$queryRaw<{ r: string | null }[]>`select to_regclass(${ahead})::text as r`)[0].r).toBe(ahead);
    const marks = await readWatermarks(dbPool());
    expect(Date.now() - marks.hourly!.getTime()).toBeLessThan(HOUR + 6 * MIN);
  });
});
