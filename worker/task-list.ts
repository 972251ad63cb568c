// Every task the worker runs, by identifier. Jobs are enqueued by name from lib/ (enqueueJob).
import type { TaskList } from 'graphile-worker';
import { pruneRateLimits } from './tasks/prune-rate-limits';
import { pruneSessions } from './tasks/prune-sessions';
import { sendEmailTask } from './tasks/send-email';
import { deliverWebhookTask } from './tasks/deliver-webhook';
import { recoverWebhookDeliveriesTask } from './tasks/recover-webhook-deliveries';
import { pruneWebhookDeliveriesTask } from './tasks/prune-webhook-deliveries';
import { accountingReconcileSweepTask } from './tasks/accounting-reconcile-sweep';

export const taskList: TaskList = {
  prune_rate_limits: pruneRateLimits,
  prune_sessions: pruneSessions,
  send_email: sendEmailTask,
  deliver_webhook: deliverWebhookTask,
  recover_webhook_deliveries: recoverWebhookDeliveriesTask,
  prune_webhook_deliveries: pruneWebhookDeliveriesTask,
  accounting_reconcile_sweep: accountingReconcileSweepTask,
};

export const crontab = [
  '0 * * * * prune_rate_limits',
  '30 3 * * * prune_sessions',
  '* * * * * recover_webhook_deliveries',
  '45 3 * * * prune_webhook_deliveries',
  '15 * * * * accounting_reconcile_sweep {trigger:"schedule"}',
].join('\n');
