// The background worker process: graphile-worker running the project's task list.
import { run, Logger } from 'graphile-worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { disconnectDb } from '@/lib/db';
import { crontab, taskList } from './task-list';

// graphile-worker reports every completed job at info level with the whole job row; that is
// debug detail. Failures stay visible (warning/error), with the job reduced to its identity.
const workerLogger = new Logger((scope) => (level, message, meta) => {
  const job = (meta as { job?: { id?: string; task_identifier?: string; attempts?: number } } | undefined)?.job;
  const fields = { ...scope, ...meta, ...(job ? { job: { id: job.id, task: job.task_identifier, attempts: job.attempts } } : {}) };
  if (level === 'error') logger.error(fields, message);
  else if (level === 'warning') logger.warn(fields, message);
  else if (level === 'debug' || job) logger.debug(fields, message);
  else logger.info(fields, message);
});

async function main() {
  const runner = await run({
    connectionString: env().DATABASE_URL,
    concurrency: env().WORKER_CONCURRENCY,
    pollInterval: env().WORKER_POLL_INTERVAL_MS,
    taskList,
    crontab,
    logger: workerLogger,
    noHandleSignals: false,
    // Batching trades a little latency for far fewer job-queue statements under load: one query
    // locks several jobs, and completions within the delay are written together.
    preset: {
      worker: {
        ...(env().WORKER_LOCAL_QUEUE_SIZE > 1 ? { localQueue: { size: env().WORKER_LOCAL_QUEUE_SIZE } } : {}),
        completeJobBatchDelay: env().WORKER_COMPLETE_BATCH_DELAY_MS,
      },
    },
  });
  logger.info('worker started');
  await runner.promise;
  await disconnectDb();
}

main().catch((error) => {
  logger.fatal({ err: error }, 'worker crashed');
  process.exit(1);
});
