// GET /analytics/capacity: per device, disk and memory use over the last `days` days (daily
// averages from the metric history reader), a least-squares trend and the days until full,
// soonest first. The history of at most MAX_CAPACITY_DEVICES devices is read per request (those
// fullest now, by their latest heartbeat), i.e. at most 500 × 90 daily points.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { readMetricSeries } from '@/lib/metric-history/read';
import { forecastFull } from '@/lib/analytics/forecast';
import type { CapacityQuery, TCapacity } from '@/lib/analytics/schemas';

export const MAX_CAPACITY_DEVICES = 500;
const DAY_MS = 86_400_000;

type DeviceRow = { id: string; hostname: string; org_id: string; org_name: string };

export async function getCapacity(ctx: ScopedContext, query: CapacityQuery, now = new Date()): Promise<TCapacity> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (query.days - 1) * DAY_MS);
  const where = [deviceScopeSql(ctx), Prisma.sql`d.status in ('online', 'offline')`];
  if (query.orgId) where.push(Prisma.sql`d.org_id = ${query.orgId}::uuid`);
  if (query.siteId) where.push(Prisma.sql`d.site_id = ${query.siteId}::uuid`);
  const devices = await db.$queryRaw<DeviceRow[]>`
    select d.id::text as id, coalesce(d.display_name, d.hostname) as hostname, d.org_id::text as org_id, o.name as org_name
    from devices d join organizations o on o.id = d.org_id
    where ${Prisma.join(where, ' and ')}
    order by greatest(coalesce(d.disk_percent, 0), coalesce(d.memory_percent, 0)) desc, d.id
    limit ${MAX_CAPACITY_DEVICES + 1}`;
  const considered = devices.slice(0, MAX_CAPACITY_DEVICES);
  const points = await readMetricSeries(
    considered.map((d) => d.id),
    from,
    now,
    '1d',
  );
  const series = new Map(considered.map((d) => [d.id, { disk: new Array<number | null>(query.days).fill(null), memory: new Array<number | null>(query.days).fill(null) }]));
  for (const p of points) {
    const day = Math.floor((p.at.getTime() - from.getTime()) / DAY_MS);
    const s = series.get(p.deviceId);
    if (!s || day < 0 || day >= query.days) continue;
    s.disk[day] = p.diskAvg;
    s.memory[day] = p.memoryAvg;
  }
  const rows = considered.map((d) => {
    const s = series.get(d.id)!;
    const disk = { ...forecastFull(s.disk), trend: s.disk };
    const memory = { ...forecastFull(s.memory), trend: s.memory };
    const soonest = [disk.daysUntilFull, memory.daysUntilFull].filter((v): v is number => v !== null);
    return { deviceId: d.id, hostname: d.hostname, orgId: d.org_id, orgName: d.org_name, disk, memory, daysUntilFull: soonest.length ? Math.min(...soonest) : null };
  });
  const fullest = (r: (typeof rows)[number]) => Math.max(r.disk.current ?? 0, r.memory.current ?? 0);
  rows.sort((a, b) => (a.daysUntilFull ?? Infinity) - (b.daysUntilFull ?? Infinity) || fullest(b) - fullest(a) || a.hostname.localeCompare(b.hostname));
  return { days: query.days, from: from.toISOString(), to: now.toISOString(), devicesConsidered: considered.length, truncated: devices.length > MAX_CAPACITY_DEVICES, rows: rows.slice(0, query.limit) };
}
