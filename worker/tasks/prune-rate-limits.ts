import type { Task } from 'graphile-worker';
import { pruneRateLimitEvents } from '@/lib/rate-limit/consume-rate-limit';

/** Hourly: rate-limit events older than the longest window are no longer needed. */
export const pruneRateLimits: Task = async (_payload, helpers) => {
  const removed = await pruneRateLimitEvents(86_400);
  helpers.logger.debug(`pruned ${removed} rate-limit events`);
};
