import type { Task } from 'graphile-worker';
import { runDueMonitors } from '@/lib/monitors/run-due-monitors';

/** Every minute: run the checks of monitors that are due. */
export const runDueMonitorsTask: Task = async (_payload, helpers) => {
  const n = await runDueMonitors();
  if (n) helpers.logger.debug(`monitors: ${n} checked`);
};
