import type { Task } from 'graphile-worker';
import { runDueDiscoveryScans, sweepDiscoveryJobs } from '@/lib/discovery/jobs';

/** Every minute: close scans whose command ended without a result, then queue scheduled scans that are due. */
export const runDiscoverySchedulesTask: Task = async (_payload, helpers) => {
  const closed = await sweepDiscoveryJobs();
  const queued = await runDueDiscoveryScans();
  if (closed || queued) helpers.logger.debug(`discovery: ${closed} jobs closed, ${queued} scans queued`);
};
