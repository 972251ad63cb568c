// Which stored tier answers which part of a time range. Rolled-up periods (before a tier's
// watermark) are read from the coarsest tier the resolution allows, whole periods only; the
// rest, and the range's partial edges, from the finer tiers. The tiers hold the same sums, so the
// answer is the same whichever tier a period comes from, at a fraction of the rows.
import { DAY_MS, HOUR_MS, ceilTo, earlier, floorTo } from '@/lib/metric-history/time-bins';

export type MetricResolution = '5m' | '1h' | '1d';
export type TimeRange = [Date, Date];

export interface TierRanges {
  buckets: TimeRange[];
  hourly: TimeRange[];
  daily: TimeRange[];
}

const nonEmpty = (ranges: TimeRange[]) => ranges.filter(([a, b]) => a.getTime() < b.getTime());

/**
 * Splits [from, to) between the tiers for points of `resolution` (`coarsest`: the widest tier
 * whose rows fit in one point), given the rollup watermarks.
 */
export function planTierRanges(from: Date, to: Date, coarsest: MetricResolution, marks: { hourly: Date | null; daily: Date | null }): TierRanges {
  if (coarsest === '5m' || !marks.hourly) return { buckets: [[from, to]], hourly: [], daily: [] };
  const hourStart = ceilTo(from, HOUR_MS);
  const hourEnd = earlier(floorTo(to, HOUR_MS), marks.hourly);
  if (hourStart.getTime() >= hourEnd.getTime()) return { buckets: [[from, to]], hourly: [], daily: [] };
  const buckets = nonEmpty([[from, hourStart], [hourEnd, to]]);
  if (coarsest === '1h' || !marks.daily) return { buckets, hourly: [[hourStart, hourEnd]], daily: [] };
  const dayStart = ceilTo(from, DAY_MS);
  const dayEnd = earlier(earlier(floorTo(to, DAY_MS), marks.daily), hourEnd);
  if (dayStart.getTime() >= dayEnd.getTime()) return { buckets, hourly: [[hourStart, hourEnd]], daily: [] };
  return { buckets, hourly: nonEmpty([[hourStart, dayStart], [dayEnd, hourEnd]]), daily: [[dayStart, dayEnd]] };
}
