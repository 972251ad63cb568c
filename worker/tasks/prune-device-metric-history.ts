import type { Task } from 'graphile-worker';
import { env } from '@/lib/env';
import { pruneMetricHistory } from '@/lib/devices/prune-metric-history';

/** Hourly: drop device metric buckets older than METRIC_HISTORY_DAYS (an hour's worth per run). */
export const pruneDeviceMetricHistoryTask: Task = async (_payload, helpers) => {
  const n = await pruneMetricHistory(env().METRIC_HISTORY_DAYS);
  if (n) helpers.logger.info(`device metric history: ${n} buckets pruned`);
};
