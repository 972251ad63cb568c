// The hourly upkeep of the metric history: partitions ahead, rollups of completed periods, then
// retention by dropping partitions. A tier's partitions are dropped only once the next tier has
// rolled them up, so a stalled rollup delays retention instead of losing history.
import type pg from 'pg';
import { env } from '@/lib/env';
import { dropMetricPartitionsBefore, ensureMetricPartitions } from '@/lib/metric-history/partitions';
import { rollUpMetricHistory, type RollupResult } from '@/lib/metric-history/roll-up';
import { DAY_MS, addMs, earlier } from '@/lib/metric-history/time-bins';

export interface MetricRetention {
  bucketDays: number;
  hourlyDays: number;
  dailyDays: number;
}

export const metricRetention = (): MetricRetention => ({
  bucketDays: env().METRIC_HISTORY_DAYS,
  hourlyDays: env().METRIC_HOURLY_DAYS,
  dailyDays: env().METRIC_DAILY_DAYS,
});

export interface MaintenanceResult extends RollupResult {
  created: string[];
  dropped: string[];
}

const NEVER = new Date(-8.64e15);

export async function maintainMetricHistory(pool: pg.Pool, now = new Date(), retention = metricRetention()): Promise<MaintenanceResult> {
  const created = await ensureMetricPartitions(pool, now, retention.bucketDays + 1);
  const rollup = await rollUpMetricHistory(pool, now);
  const ago = (days: number) => addMs(now, -days * DAY_MS);
  const dropped = [
    ...(await dropMetricPartitionsBefore(pool, 'device_metric_buckets', earlier(ago(retention.bucketDays), rollup.hourlyThrough ?? NEVER))),
    ...(await dropMetricPartitionsBefore(pool, 'device_metric_hourly', earlier(ago(retention.hourlyDays), rollup.dailyThrough ?? NEVER))),
    ...(await dropMetricPartitionsBefore(pool, 'device_metric_daily', ago(retention.dailyDays))),
    // SNMP values are kept as long as device metrics, tier by tier.
    ...(await dropMetricPartitionsBefore(pool, 'snmp_metric_buckets', earlier(ago(retention.bucketDays), rollup.snmpHourlyThrough ?? NEVER))),
    ...(await dropMetricPartitionsBefore(pool, 'snmp_metric_hourly', earlier(ago(retention.hourlyDays), rollup.snmpDailyThrough ?? NEVER))),
    ...(await dropMetricPartitionsBefore(pool, 'snmp_metric_daily', ago(retention.dailyDays))),
  ];
  return { ...rollup, created, dropped };
}
