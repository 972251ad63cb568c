import type { Task } from 'graphile-worker';
import { enqueueDueReports } from '@/lib/reports/enqueue-due-reports';

/** Every minute: one run per scheduled report that has come due (lib/reports/enqueue-due-reports.ts). */
export const enqueueDueReportsTask: Task = async (_payload, helpers) => {
  const created = await enqueueDueReports();
  if (created) helpers.logger.info(`queued ${created} scheduled report run(s)`);
};
