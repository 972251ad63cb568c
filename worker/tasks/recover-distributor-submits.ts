import type { Task } from 'graphile-worker';
import { env } from '@/lib/env';
import { recoverInterruptedSubmits } from '@/lib/distributor/recover-interrupted-submits';

/** Every 5 minutes: orders left `submitting` by a process that died mid-submit. */
export const recoverDistributorSubmitsTask: Task = async (_payload, helpers) => {
  const n = await recoverInterruptedSubmits(env().DISTRIBUTOR_SUBMIT_STALE_MINUTES);
  if (n) helpers.logger.info(`distributor: ${n} interrupted submit(s) moved to reconcile`);
};
