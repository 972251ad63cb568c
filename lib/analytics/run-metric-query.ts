// Metric measures of the analytics grammar. Metric history is read only through
// lib/metric-history/read.ts (per-device series and summaries); grouping by organization, site,
// OS, device and week/month buckets happens here, over a bounded set of devices: at most
// MAX_METRIC_DEVICES devices and METRIC_DEVICE_DAYS_BUDGET device-days per query, so the points
// held in memory stay below ~20,000 per resolution unit (e.g. 500 devices × 40 daily points, or
// 119 devices × 168 hourly points for a week).
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { readMetricSeries, readMetricSummary } from '@/lib/metric-history/read';
import { MAX_METRIC_DEVICES, METRIC_DEVICE_DAYS_BUDGET, type AnalyticsQuery } from '@/lib/analytics/query-schemas';
import { bucketStart } from '@/lib/analytics/time-buckets';

type MetricQuery = Extract<AnalyticsQuery, { source: 'metrics' }>;
type DeviceRow = { id: string; org_id: string; site_id: string | null; os_type: string | null };
export interface MetricGroup {
  keys: Record<string, string | null>;
  value: number | null;
  count: number;
}

const DAY_MS = 86_400_000;

async function scopedDevices(ctx: ScopedContext, query: MetricQuery): Promise<DeviceRow[]> {
  const f = query.filters;
  const where = [deviceScopeSql(ctx)];
  if (f.orgIds) where.push(Prisma.sql`d.org_id = any(${f.orgIds}::uuid[])`);
  if (f.siteIds) where.push(Prisma.sql`d.site_id = any(${f.siteIds}::uuid[])`);
  if (f.deviceIds) where.push(Prisma.sql`d.id = any(${f.deviceIds}::uuid[])`);
  if (f.osTypes) where.push(Prisma.sql`d.os_type::text = any(${f.osTypes}::text[])`);
  return db.$queryRaw<DeviceRow[]>`
    select d.id::text as id, d.org_id::text as org_id, d.site_id::text as site_id, d.os_type::text as os_type
    from devices d where ${Prisma.join(where, ' and ')} order by d.id limit ${MAX_METRIC_DEVICES + 1}`;
}

function tooCostly(message: string, details: Record<string, unknown>): AppError {
  return new AppError('QUERY_TOO_COSTLY', 400, message, details);
}

/** Groups of a metric query, ordered as compileQuery orders its rows, at most `limit + 1`. */
export async function runMetricQuery(ctx: ScopedContext, query: MetricQuery, range: { from: Date; to: Date }): Promise<MetricGroup[]> {
  const devices = await scopedDevices(ctx, query);
  if (devices.length > MAX_METRIC_DEVICES) {
    throw tooCostly(`Metric queries read at most ${MAX_METRIC_DEVICES} devices; narrow the filters (organizations, sites, OS, devices)`, { maxDevices: MAX_METRIC_DEVICES });
  }
  const days = Math.max(1, Math.ceil((range.to.getTime() - range.from.getTime()) / DAY_MS));
  if (devices.length * days > METRIC_DEVICE_DAYS_BUDGET) {
    throw tooCostly(`${devices.length} devices over ${days} days exceed the budget of ${METRIC_DEVICE_DAYS_BUDGET} device-days; shorten the range or narrow the filters`, {
      devices: devices.length,
      days,
      budget: METRIC_DEVICE_DAYS_BUDGET,
    });
  }
  const byId = new Map(devices.map((d) => [d.id, d]));
  const [fn, metric] = query.measure.split('_') as ['avg' | 'max', 'cpu' | 'memory' | 'disk'];
  const timeIndex = (query.dimensions as string[]).indexOf('time');
  const keyOf = (device: DeviceRow, at: Date | null): Record<string, string | null> => {
    const keys: Record<string, string | null> = {};
    for (const dim of query.dimensions) {
      if (dim === 'time') keys.time = at ? bucketStart(at, query.bucket!).toISOString() : null;
      else if (dim === 'org') keys.org = device.org_id;
      else if (dim === 'site') keys.site = device.site_id;
      else if (dim === 'os') keys.os = device.os_type;
      else keys.device = device.id;
    }
    return keys;
  };
  // One sample per device (summary) or per device and point (series): its value, weight (the
  // heartbeat samples behind it) and the group it belongs to.
  const samples: { keys: Record<string, string | null>; deviceId: string; value: number; weight: number }[] = [];
  const ids = devices.map((d) => d.id);
  if (timeIndex >= 0) {
    const points = await readMetricSeries(ids, range.from, range.to, query.bucket === 'hour' ? '1h' : '1d');
    for (const p of points) {
      const value = p[`${metric}${fn === 'avg' ? 'Avg' : 'Max'}`];
      if (value !== null) samples.push({ keys: keyOf(byId.get(p.deviceId)!, p.at), deviceId: p.deviceId, value, weight: p.samples });
    }
  } else {
    for (const s of await readMetricSummary(ids, range.from, range.to)) {
      const value = s[`${metric}${fn === 'avg' ? 'Avg' : 'Max'}`];
      if (value !== null) samples.push({ keys: keyOf(byId.get(s.deviceId)!, null), deviceId: s.deviceId, value, weight: s.samples });
    }
  }
  const groups = new Map<string, { keys: Record<string, string | null>; sum: number; weight: number; max: number; devices: Set<string> }>();
  for (const s of samples) {
    const id = JSON.stringify(query.dimensions.map((d) => s.keys[d]));
    const g = groups.get(id) ?? { keys: s.keys, sum: 0, weight: 0, max: -Infinity, devices: new Set<string>() };
    g.sum += s.value * s.weight;
    g.weight += s.weight;
    g.max = Math.max(g.max, s.value);
    g.devices.add(s.deviceId);
    groups.set(id, g);
  }
  const rows: MetricGroup[] = [...groups.values()].map((g) => ({
    keys: g.keys,
    value: fn === 'max' ? g.max : g.weight > 0 ? Math.round((g.sum / g.weight) * 100) / 100 : null,
    count: g.devices.size,
  }));
  if (query.dimensions.length === 0 && rows.length === 0) rows.push({ keys: {}, value: null, count: 0 });
  const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  rows.sort((a, b) => {
    if (timeIndex >= 0) {
      const t = cmp(a.keys.time, b.keys.time);
      if (t !== 0) return t;
    }
    const av = a.value ?? -Infinity;
    const bv = b.value ?? -Infinity;
    if (av !== bv) return bv - av;
    for (const d of query.dimensions) {
      const c = cmp(a.keys[d], b.keys[d]);
      if (c !== 0) return c;
    }
    return 0;
  });
  return rows.slice(0, query.limit + 1);
}
