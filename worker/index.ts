// The background worker process: graphile-worker running the project's task list, kept running
// across database outages (see runUntilStopped).
import { EventEmitter } from 'node:events';
import { run, Logger, makeWorkerUtils, type Runner, type WorkerEvents } from 'graphile-worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { db, disconnectDb } from '@/lib/db';
import { isDatabaseUnavailable } from '@/lib/http/db-errors';
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

function startRunner(events: WorkerEvents): Promise<Runner> {
  return run({
    connectionString: env().DATABASE_URL,
    concurrency: env().WORKER_CONCURRENCY,
    pollInterval: env().WORKER_POLL_INTERVAL_MS,
    taskList,
    crontab,
    logger: workerLogger,
    events,
    // Signals are handled below: a stop must not be mistaken for an outage and restarted.
    noHandleSignals: true,
    // Batching trades a little latency for far fewer job-queue statements under load: one query
    // locks several jobs, and completions within the delay are written together.
    preset: {
      worker: {
        ...(env().WORKER_LOCAL_QUEUE_SIZE > 1 ? { localQueue: { size: env().WORKER_LOCAL_QUEUE_SIZE } } : {}),
        completeJobBatchDelay: env().WORKER_COMPLETE_BATCH_DELAY_MS,
      },
    },
  });
}

let stopping = false;
let runner: Runner | null = null;
let wake: () => void = () => undefined;
const pause = (ms: number) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  wake = () => (clearTimeout(timer), resolve());
});

async function databaseReachable(): Promise<boolean> {
  try {
    await db.$queryRaw`select 1`;
    return true;
  } catch {
    return false;
  }
}

/** Polls (capped backoff) until the database answers, or the worker is asked to stop. */
async function waitForDatabase(): Promise<void> {
  const since = Date.now();
  for (let delay = 250; !stopping && !(await databaseReachable()); delay = Math.min(delay * 2, 5_000)) await pause(delay);
  if (!stopping) logger.info({ downMs: Date.now() - since }, 'database reachable again');
}

/**
 * Runs graphile-worker until a stop signal. graphile-worker 0.17 gives up on its own when a
 * batched job completion or failure hits a lost connection (its batch retry loop leaves on the
 * first error; graphile/worker#636) and when the database is down as it starts. Both are
 * outages, not bugs: wait for the database, give the jobs the dead runner still had locked back
 * to the queue (`forceUnlockWorkers`: those jobs either ran, and a webhook delivery's attempt
 * counter makes the rerun a no-op, or did not, and run now), and start a fresh runner in this
 * process. Anything else still ends the process, for its supervisor to restart.
 */
async function runUntilStopped(): Promise<void> {
  let starts = 0;
  while (!stopping) {
    const poolIds: string[] = [];
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:create', ({ workerPool }) => poolIds.push(workerPool.id));
    try {
      runner = await startRunner(events);
      if (stopping) await runner.stop(); // the signal came while it was starting
      logger.info({ restarts: starts }, starts === 0 ? 'worker started' : 'worker job runner restarted');
      starts += 1;
      await runner.promise;
      return; // stopped on request
    } catch (error) {
      if (stopping) return;
      if (!isDatabaseUnavailable(error) && (await databaseReachable())) throw error;
      logger.warn({ err: error }, 'the database went away; the job runner restarts when it is back');
    } finally {
      runner = null;
    }
    await waitForDatabase();
    if (stopping || poolIds.length === 0) continue;
    const utils = await makeWorkerUtils({ connectionString: env().DATABASE_URL, logger: workerLogger });
    try {
      await utils.forceUnlockWorkers(poolIds);
    } catch (error) {
      // Locks left behind expire on their own (graphile-worker: 4 hours; webhook deliveries are
      // picked up sooner by their recovery sweep).
      logger.warn({ err: error }, 'could not release the stopped runner\'s job locks');
    } finally {
      await utils.release();
    }
  }
}

function onSignal(signal: NodeJS.Signals) {
  if (stopping) {
    logger.warn({ signal }, 'second stop signal: exiting without waiting for running jobs');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  wake();
  void runner?.stop().catch((error: unknown) => logger.error({ err: error }, 'worker stop failed'));
}
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

runUntilStopped()
  .then(async () => {
    await disconnectDb();
    logger.info('worker stopped');
    logger.flush();
    process.exit(0);
  })
  .catch((error: unknown) => {
    logger.fatal({ err: error }, 'worker crashed');
    logger.flush();
    process.exit(1);
  });
