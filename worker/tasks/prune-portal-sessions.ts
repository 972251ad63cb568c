import type { Task } from 'graphile-worker';
import { prunePortalSessions } from '@/lib/portal/session/prune-portal-sessions';

/** Daily: portal sessions ended over 30 days ago and expired invite/reset links are deleted. */
export const prunePortalSessionsTask: Task = async (_payload, helpers) => {
  const removed = await prunePortalSessions(30);
  helpers.logger.debug(`pruned ${removed.sessions} portal sessions and ${removed.tokens} expired links`);
};
