import type { Task } from 'graphile-worker';
import { recomputeAllScores } from '@/lib/security/recompute-security-scores';

/** Daily: every reported device's security score is recomputed and stored for the day. */
export const securityDailyScoresTask: Task = async (_payload, helpers) => {
  const devices = await recomputeAllScores();
  helpers.logger.debug(`security scores recomputed for ${devices} devices`);
};
