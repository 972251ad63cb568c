// Reading stored device metrics for reports and analytics. Callers pass device ids they have
// already scoped to the caller; these functions only read. The storage behind them (today the
// 5-minute `device_metric_buckets`) may change; the shapes returned here are the contract.
import { db } from '@/lib/db';

export type MetricResolution = '5m' | '1h' | '1d';

const BIN: Record<MetricResolution, string> = { '5m': '5 minutes', '1h': '1 hour', '1d': '1 day' };
/** Length of one stored bucket, in seconds: availability counts buckets with a heartbeat. */
export const STORED_BUCKET_SECONDS = 300;

export interface MetricPoint {
  deviceId: string;
  at: Date;
  samples: number;
  cpuAvg: number | null;
  cpuMax: number | null;
  memoryAvg: number | null;
  memoryMax: number | null;
  diskAvg: number | null;
  diskMax: number | null;
}

export interface DeviceMetricSummary {
  deviceId: string;
  samples: number;
  cpuAvg: number | null;
  cpuMax: number | null;
  memoryAvg: number | null;
  memoryMax: number | null;
  diskAvg: number | null;
  diskMax: number | null;
  /** Share of the range's 5-minute intervals with at least one heartbeat, 0–100. */
  availabilityPercent: number;
}

interface SeriesRow {
  device_id: string;
  at: Date;
  samples: number;
  cpu_avg: number | null;
  cpu_max: number | null;
  memory_avg: number | null;
  memory_max: number | null;
  disk_avg: number | null;
  disk_max: number | null;
}

/** Per device, points of `resolution` (UTC bins) over [from, to), oldest first. */
export async function readMetricSeries(deviceIds: string[], from: Date, to: Date, resolution: MetricResolution): Promise<MetricPoint[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db.$queryRaw<SeriesRow[]>`
    select device_id::text as device_id, date_bin(${BIN[resolution]}::interval, bucket, timestamptz '1970-01-01 00:00:00+00') as at,
      sum(samples)::int as samples,
      round((sum(cpu_sum) / nullif(sum(cpu_count), 0))::numeric, 2)::float8 as cpu_avg, round(max(cpu_max)::numeric, 2)::float8 as cpu_max,
      round((sum(memory_sum) / nullif(sum(memory_count), 0))::numeric, 2)::float8 as memory_avg, round(max(memory_max)::numeric, 2)::float8 as memory_max,
      round((sum(disk_sum) / nullif(sum(disk_count), 0))::numeric, 2)::float8 as disk_avg, round(max(disk_max)::numeric, 2)::float8 as disk_max
    from device_metric_buckets
    where device_id = any(${deviceIds}::uuid[]) and bucket >= ${from} and bucket < ${to}
    group by 1, 2
    order by 1, 2`;
  return rows.map((r) => ({
    deviceId: r.device_id,
    at: r.at,
    samples: r.samples,
    cpuAvg: r.cpu_avg,
    cpuMax: r.cpu_max,
    memoryAvg: r.memory_avg,
    memoryMax: r.memory_max,
    diskAvg: r.disk_avg,
    diskMax: r.disk_max,
  }));
}

interface SummaryRow extends Omit<SeriesRow, 'at'> {
  buckets: number;
}

/** One row per device with any data in [from, to): averages, maxima and availability. */
export async function readMetricSummary(deviceIds: string[], from: Date, to: Date): Promise<DeviceMetricSummary[]> {
  if (deviceIds.length === 0) return [];
  const expected = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / (STORED_BUCKET_SECONDS * 1000)));
  const rows = await db.$queryRaw<SummaryRow[]>`
    select device_id::text as device_id, sum(samples)::int as samples, count(*)::int as buckets,
      round((sum(cpu_sum) / nullif(sum(cpu_count), 0))::numeric, 2)::float8 as cpu_avg, round(max(cpu_max)::numeric, 2)::float8 as cpu_max,
      round((sum(memory_sum) / nullif(sum(memory_count), 0))::numeric, 2)::float8 as memory_avg, round(max(memory_max)::numeric, 2)::float8 as memory_max,
      round((sum(disk_sum) / nullif(sum(disk_count), 0))::numeric, 2)::float8 as disk_avg, round(max(disk_max)::numeric, 2)::float8 as disk_max
    from device_metric_buckets
    where device_id = any(${deviceIds}::uuid[]) and bucket >= ${from} and bucket < ${to}
    group by 1
    order by 1`;
  return rows.map((r) => ({
    deviceId: r.device_id,
    samples: r.samples,
    cpuAvg: r.cpu_avg,
    cpuMax: r.cpu_max,
    memoryAvg: r.memory_avg,
    memoryMax: r.memory_max,
    diskAvg: r.disk_avg,
    diskMax: r.disk_max,
    availabilityPercent: Math.min(100, Math.round((r.buckets / expected) * 10000) / 100),
  }));
}
