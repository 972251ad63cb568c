// Every task the worker runs, by identifier. Jobs are enqueued by name from lib/ (enqueueJob).
import type { TaskList } from 'graphile-worker';
import { pruneRateLimits } from './tasks/prune-rate-limits';
import { pruneSessions } from './tasks/prune-sessions';
import { sendEmailTask } from './tasks/send-email';
import { sweepDevicePresenceTask } from './tasks/sweep-device-presence';
import { finalizeOffboardingTask, sweepOffboardingTask } from './tasks/finalize-offboarding';
import { refreshDynamicGroupsTask } from './tasks/refresh-dynamic-groups';

export const taskList: TaskList = {
  prune_rate_limits: pruneRateLimits,
  prune_sessions: pruneSessions,
  send_email: sendEmailTask,
  sweep_device_presence: sweepDevicePresenceTask,
  finalize_offboarding: finalizeOffboardingTask,
  sweep_offboarding: sweepOffboardingTask,
  refresh_dynamic_groups: refreshDynamicGroupsTask,
};

export const crontab = [
  '0 * * * * prune_rate_limits',
  '30 3 * * * prune_sessions',
  '* * * * * sweep_device_presence',
  '*/15 * * * * sweep_offboarding',
  '*/5 * * * * refresh_dynamic_groups',
].join('\n');
