// Reads of SNMP values: the latest per OID, and history from the tiered store like device
// metrics: 5-minute buckets (kept METRIC_HISTORY_DAYS), hourly and daily rollups (kept
// METRIC_HOURLY_DAYS and METRIC_DAILY_DAYS). Each period is read from the coarsest tier that
// holds it and fits the range's bins (planTierRanges), then merged into bins of the range's step.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db, dbPool } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { readSnmpWatermarks } from '@/lib/metric-history/roll-up';
import { planTierRanges, type MetricResolution, type TimeRange } from '@/lib/metric-history/tier-ranges';
import { badRequest } from '@/lib/http/errors';
import { OID_PATTERN, type HISTORY_RANGES, type ZHistoryQuery } from '@/lib/snmp/schemas';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';

// [span, bin step (s), the coarsest tier whose rows fit in one bin]
const RANGES: Record<(typeof HISTORY_RANGES)[number], [number, number, MetricResolution]> = {
  '1h': [3600, 300, '5m'],
  '6h': [6 * 3600, 300, '5m'],
  '24h': [86_400, 900, '5m'],
  '7d': [7 * 86_400, 3600, '1h'],
  '30d': [30 * 86_400, 6 * 3600, '1h'],
  '90d': [90 * 86_400, 86_400, '1d'],
  '1y': [365 * 86_400, 86_400, '1d'],
};
type Range = keyof typeof RANGES;
const MAX_SERIES = 50;

function toValueDto(r: { oid: string; name: string; unit: string | null; type: string; value: number | null; text: string | null; polledAt: Date }) {
  return { oid: r.oid, name: r.name, unit: r.unit, type: r.type as 'gauge', value: r.value, text: r.text, polledAt: r.polledAt.toISOString() };
}

export async function latestSnmpMetrics(ctx: ScopedContext, deviceId: string) {
  const device = await getSnmpDeviceOrThrow(ctx, deviceId);
  const rows = await db.snmpMetricLatest.findMany({ where: { snmpDeviceId: device.id } });
  // Numeric OID order (1.3.6.1.2.1.2.2.1.2.10 after .2.9), not string order.
  const key = (oid: string) => oid.split('.').map((n) => n.padStart(10, '0')).join('.');
  rows.sort((a, b) => (key(a.oid) < key(b.oid) ? -1 : 1));
  return { deviceId: device.id, data: rows.map(toValueDto) };
}

function tierRows(table: string, deviceId: string, oids: string[], ranges: TimeRange[]): Prisma.Sql[] {
  if (ranges.length === 0) return [];
  const within = Prisma.join(ranges.map(([a, b]) => Prisma.sql`(bucket >= ${a} and bucket < ${b})`), ' or ');
  return [Prisma.sql`select oid, bucket, count, sum, min, max, last from ${Prisma.raw(table)} where snmp_device_id = ${deviceId}::uuid and oid = any(${oids}::text[]) and (${within})`];
}

async function points(deviceId: string, oids: string[], range: Range) {
  const [span, step, coarsest] = RANGES[range];
  const to = new Date();
  const plan = planTierRanges(new Date(to.getTime() - span * 1000), to, coarsest, await readSnmpWatermarks(dbPool()));
  const sources = [
    ...tierRows('snmp_metric_buckets', deviceId, oids, plan.buckets),
    ...tierRows('snmp_metric_hourly', deviceId, oids, plan.hourly),
    ...tierRows('snmp_metric_daily', deviceId, oids, plan.daily),
  ];
  const rows = await db.$queryRaw<{ oid: string; t: Date; count: number; sum: number; min: number; max: number; last: number }[]>`
    select oid, date_bin(make_interval(secs => ${step}), bucket, timestamptz '1970-01-01 00:00:00+00') as t,
      sum(count)::int as count, sum(sum) as sum, min(min) as min, max(max) as max,
      (array_agg(last order by bucket desc))[1] as last
    from (${Prisma.join(sources, ' union all ')}) s
    group by oid, t order by oid, t`;
  const byOid = new Map<string, { t: string; avg: number; min: number; max: number; last: number; count: number }[]>();
  for (const r of rows) {
    const list = byOid.get(r.oid) ?? [];
    list.push({ t: r.t.toISOString(), avg: r.count ? r.sum / r.count : 0, min: r.min, max: r.max, last: r.last, count: r.count });
    byOid.set(r.oid, list);
  }
  return { step, byOid };
}

export async function snmpMetricHistory(ctx: ScopedContext, deviceId: string, q: z.output<typeof ZHistoryQuery>) {
  const device = await getSnmpDeviceOrThrow(ctx, deviceId);
  let oids: string[];
  if (q.oid) {
    oids = q.oid.split(',').map((s) => s.trim().replace(/^\./, '')).filter(Boolean);
    const bad = oids.find((o) => !OID_PATTERN.test(o));
    if (bad) throw badRequest('Invalid OID', [{ path: 'oid', message: `${bad.slice(0, 100)} is not a numeric OID` }]);
    if (oids.length > MAX_SERIES) throw badRequest(`At most ${MAX_SERIES} OIDs`, [{ path: 'oid', message: 'Too many OIDs' }]);
  }
  const latest = await db.snmpMetricLatest.findMany({ where: { snmpDeviceId: device.id, type: { not: 'string' }, ...(q.oid ? { oid: { in: oids! } } : {}) }, take: MAX_SERIES, orderBy: { oid: 'asc' } });
  oids = latest.map((l) => l.oid);
  const { step, byOid } = await points(device.id, oids, q.range);
  return { deviceId: device.id, range: q.range, bucketSeconds: step, series: latest.map((l) => ({ oid: l.oid, name: l.name, unit: l.unit, points: byOid.get(l.oid) ?? [] })) };
}

export async function snmpOidMetric(ctx: ScopedContext, deviceId: string, oid: string, range: Range) {
  const device = await getSnmpDeviceOrThrow(ctx, deviceId);
  const latest = await db.snmpMetricLatest.findUnique({ where: { snmpDeviceId_oid: { snmpDeviceId: device.id, oid } } });
  const { step, byOid } = await points(device.id, [oid], range);
  return { deviceId: device.id, latest: latest ? toValueDto(latest) : null, range, bucketSeconds: step, points: byOid.get(oid) ?? [] };
}
