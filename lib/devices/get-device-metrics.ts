import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import type { MetricInterval, ZDeviceMetrics, ZDeviceMetricsQuery } from '@/lib/devices/schemas';

const BIN: Record<MetricInterval, string> = { '5m': '5 minutes', '1h': '1 hour', '1d': '1 day' };

interface Row {
  at: Date;
  samples: number;
  cpu_avg: number | null;
  cpu_max: number | null;
  memory_avg: number | null;
  memory_max: number | null;
  disk_avg: number | null;
  disk_max: number | null;
}

/**
 * A device's stored metric history: the 5-minute buckets that start in [from, to), grouped into
 * `interval` points (UTC bins). Averages weight every sample equally (sum of sums / sum of counts).
 */
export async function getDeviceMetrics(ctx: ScopedContext, deviceId: string, query: z.output<typeof ZDeviceMetricsQuery>): Promise<z.infer<typeof ZDeviceMetrics>> {
  // Scope in the where (404 outside it); history stays readable after decommissioning, like inventory.
  await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const rows = await db.$queryRaw<Row[]>`
    select date_bin(${BIN[query.interval]}::interval, bucket, timestamptz '1970-01-01 00:00:00+00') as at,
      sum(samples)::int as samples,
      round((sum(cpu_sum) / nullif(sum(cpu_count), 0))::numeric, 2)::float8 as cpu_avg, round(max(cpu_max)::numeric, 2)::float8 as cpu_max,
      round((sum(memory_sum) / nullif(sum(memory_count), 0))::numeric, 2)::float8 as memory_avg, round(max(memory_max)::numeric, 2)::float8 as memory_max,
      round((sum(disk_sum) / nullif(sum(disk_count), 0))::numeric, 2)::float8 as disk_avg, round(max(disk_max)::numeric, 2)::float8 as disk_max
    from device_metric_buckets
    where device_id = ${deviceId}::uuid and bucket >= ${query.from} and bucket < ${query.to}
    group by 1
    order by 1`;
  return {
    data: {
      deviceId,
      interval: query.interval,
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      points: rows.map((r) => ({
        at: r.at.toISOString(),
        cpu: { avg: r.cpu_avg, max: r.cpu_max },
        memory: { avg: r.memory_avg, max: r.memory_max },
        disk: { avg: r.disk_avg, max: r.disk_max },
        samples: r.samples,
      })),
    },
  };
}
