import type { Task } from 'graphile-worker';
import { env } from '@/lib/env';
import { pruneMonitorResults } from '@/lib/monitors/run-due-monitors';

/** Daily: drop monitor results older than MONITOR_RESULTS_RETENTION_DAYS. */
export const pruneMonitorResultsTask: Task = async (_payload, helpers) => {
  const n = await pruneMonitorResults(env().MONITOR_RESULTS_RETENTION_DAYS);
  if (n) helpers.logger.info(`monitor results: ${n} pruned`);
};
