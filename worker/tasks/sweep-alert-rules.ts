import type { Task } from 'graphile-worker';
import { sweepAlertRules } from '@/lib/alerts/evaluation/sweep-alert-rules';

/** Every minute: offline rules raise and auto-resolve their alerts. */
export const sweepAlertRulesTask: Task = async (_payload, helpers) => {
  const r = await sweepAlertRules();
  if (r.raised || r.resolved) helpers.logger.info(`alert sweep: ${r.raised} raised, ${r.resolved} resolved`);
};
