import type { Task } from 'graphile-worker';
import { startWindowJobs } from '@/lib/patches/start-window-jobs';

// Every minute: patch jobs whose device's maintenance window has opened go to the agent.
export const startPatchJobsTask: Task = async (_payload, helpers) => {
  const started = await startWindowJobs();
  if (started) helpers.logger.info(`patch jobs dispatched in their window: ${started}`);
};
