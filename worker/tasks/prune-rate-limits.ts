import type { Task } from 'graphile-worker';
import { pruneRateLimitEvents } from '@/lib/rate-limit/consume-rate-limit';
import { pruneKnownLoginAddresses } from '@/lib/auth/login-throttle';

/** Hourly: rate-limit events older than the longest window are no longer needed, nor sign-in
 * addresses unused for longer than the login throttle remembers them. */
export const pruneRateLimits: Task = async (_payload, helpers) => {
  const removed = await pruneRateLimitEvents(86_400);
  const addresses = await pruneKnownLoginAddresses();
  helpers.logger.debug(`pruned ${removed} rate-limit events and ${addresses} known sign-in addresses`);
};
