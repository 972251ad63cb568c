import type { Task } from 'graphile-worker';
import { prunePendingRegistrations } from '@/lib/registration/prune-pending-registrations';

/** Hourly: registrations whose emailed link expired are deleted. */
export const prunePendingRegistrationsTask: Task = async (_payload, helpers) => {
  const removed = await prunePendingRegistrations();
  helpers.logger.debug(`pruned ${removed} expired pending registrations`);
};
