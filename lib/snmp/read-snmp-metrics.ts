// Reads of SNMP values: the latest per OID, and history from the 5-minute buckets, aggregated
// into wider bins for long ranges (SNMP history has no rollup tier; it is kept as long as the
// device 5-minute buckets, METRIC_HISTORY_DAYS).
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import { OID_PATTERN, type ZHistoryQuery } from '@/lib/snmp/schemas';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';

const RANGES = { '1h': [3600, 300], '6h': [6 * 3600, 300], '24h': [86_400, 900], '7d': [7 * 86_400, 3600], '30d': [30 * 86_400, 6 * 3600] } as const;
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

async function points(deviceId: string, oids: string[], range: Range) {
  const [span, step] = RANGES[range];
  const rows = await db.$queryRaw<{ oid: string; t: Date; count: number; sum: number; min: number; max: number; last: number }[]>`
    select oid, date_bin(make_interval(secs => ${step}), bucket, timestamptz '1970-01-01 00:00:00+00') as t,
      sum(count)::int as count, sum(sum) as sum, min(min) as min, max(max) as max,
      (array_agg(last order by bucket desc))[1] as last
    from snmp_metric_buckets
    where snmp_device_id = ${deviceId}::uuid and oid = any(${oids}::text[]) and bucket >= now() - make_interval(secs => ${span})
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
