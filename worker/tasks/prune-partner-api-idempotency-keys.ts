import type { Task } from 'graphile-worker';
import { pruneIdempotencyKeys } from '@/lib/partner-api/prune-idempotency-keys';

/** Hourly: partner-API idempotency keys past their retention (24 h). */
export const prunePartnerApiIdempotencyKeysTask: Task = async (_payload, helpers) => {
  const removed = await pruneIdempotencyKeys();
  helpers.logger.debug(`pruned ${removed} partner-API idempotency keys`);
};
