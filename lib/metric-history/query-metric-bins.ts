// The one query over the metric history tiers: the rows of each tier planTierRanges assigns it,
// unified (a 5-minute row is one bucket with a heartbeat), then merged into points of the asked
// resolution or into one summary per device. Averages weight every sample equally (sum of sums /
// sum of counts) whichever tier a period comes from.
import { Prisma } from '@/lib/generated/prisma/client';
import { db, dbPool } from '@/lib/db';
import { readWatermarks } from '@/lib/metric-history/roll-up';
import { planTierRanges, type MetricResolution, type TimeRange } from '@/lib/metric-history/tier-ranges';

const BIN: Record<MetricResolution, string> = { '5m': '5 minutes', '1h': '1 hour', '1d': '1 day' };
const TABLE = { buckets: 'device_metric_buckets', hourly: 'device_metric_hourly', daily: 'device_metric_daily' } as const;

export interface MetricBin {
  deviceId: string;
  /** Start of the point; null in a summary. */
  at: Date | null;
  samples: number;
  /** 5-minute buckets with at least one heartbeat. */
  beatBuckets: number;
  cpu: MetricStats;
  memory: MetricStats;
  disk: MetricStats;
}

export interface MetricStats {
  avg: number | null;
  min: number | null;
  max: number | null;
}

interface Row {
  device_id: string;
  at: Date | null;
  samples: number;
  beats: number;
  [stat: string]: number | string | Date | null;
}

function tierRows(tier: keyof typeof TABLE, deviceIds: string[], ranges: TimeRange[]): Prisma.Sql[] {
  if (ranges.length === 0) return [];
  const beats = tier === 'buckets' ? Prisma.sql`1` : Prisma.sql`beat_buckets`;
  const within = Prisma.join(ranges.map(([a, b]) => Prisma.sql`(bucket >= ${a} and bucket < ${b})`), ' or ');
  return [Prisma.sql`select device_id, bucket, samples, ${beats} as beats,
      cpu_count, cpu_sum, cpu_min, cpu_max, memory_count, memory_sum, memory_min, memory_max, disk_count, disk_sum, disk_min, disk_max
    from ${Prisma.raw(TABLE[tier])} where device_id = any(${deviceIds}::uuid[]) and (${within})`];
}

const stat = (m: string) =>
  Prisma.raw(`round((sum(${m}_sum) / nullif(sum(${m}_count), 0))::numeric, 2)::float8 as ${m}_avg,
    round(min(${m}_min)::numeric, 2)::float8 as ${m}_min, round(max(${m}_max)::numeric, 2)::float8 as ${m}_max`);

const stats = (r: Row, m: string): MetricStats => ({ avg: r[`${m}_avg`] as number | null, min: r[`${m}_min`] as number | null, max: r[`${m}_max`] as number | null });

/**
 * Points of `resolution` per device over [from, to) (UTC bins, oldest first), or with
 * `resolution: 'summary'` one row per device over the whole range. Devices without data are absent.
 */
export async function queryMetricBins(deviceIds: string[], from: Date, to: Date, resolution: MetricResolution | 'summary'): Promise<MetricBin[]> {
  if (deviceIds.length === 0 || from.getTime() >= to.getTime()) return [];
  const plan = planTierRanges(from, to, resolution === 'summary' ? '1d' : resolution, await readWatermarks(dbPool()));
  const sources = [...tierRows('buckets', deviceIds, plan.buckets), ...tierRows('hourly', deviceIds, plan.hourly), ...tierRows('daily', deviceIds, plan.daily)];
  const at = resolution === 'summary' ? Prisma.sql`null::timestamptz` : Prisma.sql`date_bin(${BIN[resolution]}::interval, bucket, timestamptz '1970-01-01 00:00:00+00')`;
  const rows = await db.$queryRaw<Row[]>`
    select device_id::text as device_id, ${at} as at, sum(samples)::int as samples, sum(beats)::int as beats,
      ${stat('cpu')}, ${stat('memory')}, ${stat('disk')}
    from (${Prisma.join(sources, ' union all ')}) s
    group by 1, 2
    order by 1, 2`;
  return rows.map((r) => ({
    deviceId: r.device_id,
    at: r.at,
    samples: r.samples,
    beatBuckets: r.beats,
    cpu: stats(r, 'cpu'),
    memory: stats(r, 'memory'),
    disk: stats(r, 'disk'),
  }));
}
