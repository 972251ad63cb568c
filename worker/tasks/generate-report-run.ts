import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runReport } from '@/lib/reports/run-report';

const ZPayload = z.object({ runId: z.string().uuid() });

/** Generates one report run; a thrown error is retried by graphile-worker with backoff. */
export const generateReportRunTask: Task = async (payload, helpers) => {
  const { runId } = ZPayload.parse(payload);
  await runReport(runId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
};
