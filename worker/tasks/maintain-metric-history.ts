import type { Task } from 'graphile-worker';
import { dbPool } from '@/lib/db';
import { maintainMetricHistory } from '@/lib/metric-history/maintain-metric-history';

/** Hourly: metric history partitions ahead, rollups of completed hours and days, expired partitions dropped. */
export const maintainMetricHistoryTask: Task = async (_payload, helpers) => {
  const r = await maintainMetricHistory(dbPool());
  if (r.created.length || r.dropped.length || r.hourlyRows || r.dailyRows) {
    helpers.logger.info(`metric history: ${r.created.length} partitions created, ${r.hourlyRows} hourly and ${r.dailyRows} daily rows rolled up, dropped ${r.dropped.join(', ') || 'none'}`);
  }
};
