// Reading stored device metrics for reports and analytics. Callers pass device ids they have
// already scoped to the caller; these functions only read. Behind them is the tiered store
// (5-minute buckets, hourly and daily rollups, see query-metric-bins.ts): each period is read
// from the coarsest tier that holds it and fits the resolution. The shapes returned here are
// the contract.
import { queryMetricBins } from '@/lib/metric-history/query-metric-bins';
import type { MetricResolution } from '@/lib/metric-history/tier-ranges';

export type { MetricResolution } from '@/lib/metric-history/tier-ranges';

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

/** Per device, points of `resolution` (UTC bins) over [from, to), oldest first. */
export async function readMetricSeries(deviceIds: string[], from: Date, to: Date, resolution: MetricResolution): Promise<MetricPoint[]> {
  const bins = await queryMetricBins(deviceIds, from, to, resolution);
  return bins.map((b) => ({
    deviceId: b.deviceId,
    at: b.at as Date,
    samples: b.samples,
    cpuAvg: b.cpu.avg,
    cpuMax: b.cpu.max,
    memoryAvg: b.memory.avg,
    memoryMax: b.memory.max,
    diskAvg: b.disk.avg,
    diskMax: b.disk.max,
  }));
}

/** One row per device with any data in [from, to): averages, maxima and availability. */
export async function readMetricSummary(deviceIds: string[], from: Date, to: Date): Promise<DeviceMetricSummary[]> {
  const expected = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / (STORED_BUCKET_SECONDS * 1000)));
  const bins = await queryMetricBins(deviceIds, from, to, 'summary');
  return bins.map((b) => ({
    deviceId: b.deviceId,
    samples: b.samples,
    cpuAvg: b.cpu.avg,
    cpuMax: b.cpu.max,
    memoryAvg: b.memory.avg,
    memoryMax: b.memory.max,
    diskAvg: b.disk.avg,
    diskMax: b.disk.max,
    availabilityPercent: Math.min(100, Math.round((b.beatBuckets / expected) * 10000) / 100),
  }));
}
