import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { METRIC_5M_RANGE_MAX_DAYS, defaultMetricInterval, type MetricInterval, type ZDeviceMetrics, type ZDeviceMetricsQuery } from '@/lib/devices/schemas';
import { metricRetention, type MetricRetention } from '@/lib/metric-history/maintain-metric-history';
import { queryMetricBins } from '@/lib/metric-history/query-metric-bins';
import { DAY_MS, HOUR_MS } from '@/lib/metric-history/time-bins';

const STEP_MS: Record<MetricInterval, number> = { '5m': 300_000, '1h': HOUR_MS, '1d': DAY_MS };
const COARSER: Record<MetricInterval, MetricInterval | null> = { '5m': '1h', '1h': '1d', '1d': null };
const SETTING: Record<MetricInterval, string> = { '5m': 'METRIC_HISTORY_DAYS', '1h': 'METRIC_HOURLY_DAYS', '1d': 'METRIC_DAILY_DAYS' };
// Client and server clocks differ a little: a chart asking for "the last 90 days" must not miss
// the hourly tier by a few seconds.
const CLOCK_SLACK_MS = HOUR_MS;

const keptDays = (interval: MetricInterval, r: MetricRetention) => (interval === '5m' ? r.bucketDays : interval === '1h' ? r.hourlyDays : r.dailyDays);
const invalid = (field: string, message: string) => badRequest(`query.${field}: ${message}`, [{ path: `query.${field}`, message }]);

/**
 * The resolution a request is read at. Each tier holds `from` only within its retention: an
 * explicit interval beyond it is a 400, a default one moves to the next coarser tier.
 */
export function resolveMetricInterval(from: Date, to: Date, asked: MetricInterval | undefined, retention: MetricRetention, now = new Date()): MetricInterval {
  const rangeMs = to.getTime() - from.getTime();
  if (rangeMs > retention.dailyDays * DAY_MS + CLOCK_SLACK_MS) throw invalid('from', `range must be at most ${retention.dailyDays} days (METRIC_DAILY_DAYS)`);
  const holds = (interval: MetricInterval) => from.getTime() >= now.getTime() - keptDays(interval, retention) * DAY_MS - CLOCK_SLACK_MS;
  if (asked) {
    if (asked === '5m' && rangeMs > METRIC_5M_RANGE_MAX_DAYS * DAY_MS) throw invalid('interval', `5m points cover at most ${METRIC_5M_RANGE_MAX_DAYS} days: use 1h or 1d`);
    if (!holds(asked)) {
      throw invalid('interval', `${asked} points are kept for ${keptDays(asked, retention)} days (${SETTING[asked]}): use ${asked === '5m' ? '1h or 1d' : '1d'} for a range starting earlier`);
    }
    return asked;
  }
  let interval: MetricInterval = defaultMetricInterval(rangeMs);
  while (!holds(interval) && COARSER[interval]) interval = COARSER[interval]!;
  return interval;
}

/**
 * A device's stored metric history over [from, to) as `interval` points (UTC bins), each period
 * read from the coarsest tier that holds it (lib/metric-history). Averages weight every sample
 * equally (sum of sums / sum of counts).
 */
export async function getDeviceMetrics(ctx: ScopedContext, deviceId: string, query: z.output<typeof ZDeviceMetricsQuery>): Promise<z.infer<typeof ZDeviceMetrics>> {
  const interval = resolveMetricInterval(query.from, query.to, query.interval, metricRetention());
  // Scope in the where (404 outside it); history stays readable after decommissioning, like inventory.
  await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const bins = await queryMetricBins([deviceId], query.from, query.to, interval);
  const bucketsPerPoint = STEP_MS[interval] / STEP_MS['5m'];
  return {
    data: {
      deviceId,
      interval,
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      points: bins.map((b) => ({
        at: (b.at as Date).toISOString(),
        cpu: b.cpu,
        memory: b.memory,
        disk: b.disk,
        samples: b.samples,
        availabilityPercent: Math.min(100, Math.round((b.beatBuckets / bucketsPerPoint) * 10000) / 100),
      })),
    },
  };
}
