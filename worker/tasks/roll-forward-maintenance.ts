import type { Task } from 'graphile-worker';
import { rollForwardOccurrences } from '@/lib/maintenance/roll-forward-occurrences';

/** Hourly: recurring maintenance windows keep their next 30 days of occurrences materialized. */
export const rollForwardMaintenanceTask: Task = async (_payload, helpers) => {
  const r = await rollForwardOccurrences();
  if (r.occurrences) helpers.logger.info(`maintenance: ${r.windows} windows rolled forward, ${r.occurrences} occurrences added`);
};
