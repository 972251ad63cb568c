import type { Task } from 'graphile-worker';
import { sweepAlertRules } from '@/lib/alerts/evaluation/sweep-alert-rules';
import { escalateAlerts } from '@/lib/alerts/notify/escalate-alerts';

/** Every minute: offline rules raise and auto-resolve their alerts; unacknowledged alerts escalate. */
export const sweepAlertRulesTask: Task = async (_payload, helpers) => {
  const r = await sweepAlertRules();
  const escalated = await escalateAlerts();
  if (r.raised || r.resolved || escalated) helpers.logger.info(`alert sweep: ${r.raised} raised, ${r.resolved} resolved, ${escalated} escalated`);
};
