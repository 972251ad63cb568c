import type { Task } from 'graphile-worker';
import { pruneExpiredSessions } from '@/lib/auth/prune-expired-sessions';

/** Daily: sessions that expired or were revoked more than 30 days ago are deleted. */
export const pruneSessions: Task = async (_payload, helpers) => {
  const removed = await pruneExpiredSessions(30);
  helpers.logger.debug(`pruned ${removed} sessions`);
};
