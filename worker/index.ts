// The background worker process: graphile-worker running the project's task list.
import { run, Logger } from 'graphile-worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { disconnectDb } from '@/lib/db';
import { crontab, taskList } from './task-list';

const workerLogger = new Logger((scope) => (level, message, meta) => {
  const fn = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
  logger[fn]({ ...scope, ...meta }, message);
});

async function main() {
  const runner = await run({
    connectionString: env().DATABASE_URL,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 10),
    pollInterval: Number(process.env.WORKER_POLL_INTERVAL_MS ?? 1000),
    taskList,
    crontab,
    logger: workerLogger,
    noHandleSignals: false,
  });
  logger.info('worker started');
  await runner.promise;
  await disconnectDb();
}

main().catch((error) => {
  logger.fatal({ err: error }, 'worker crashed');
  process.exit(1);
});
