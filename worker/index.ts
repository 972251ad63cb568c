// The background worker process: graphile-worker running the project's task list, kept running
// across database outages (see runUntilStopped).
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { run, Logger, makeWorkerUtils, type Runner, type WorkerEvents } from 'graphile-worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { db, disconnectDb } from '@/lib/db';
import { isDatabaseUnavailable } from '@/lib/http/db-errors';
import { DELIVER_WEBHOOK_TASK, DELIVER_WEBHOOKS_TASK } from '@/lib/webhooks/delivery-jobs';
import { crontab, taskList } from './task-list';
import { workerApplicationName } from './application-name';
import { observeJobs, startMetricsServer, type WorkerHealth } from './metrics-server';

// graphile-worker reports every completed job at info level with the whole job row; that is
// debug detail. Failures stay visible (warning/error), with the job reduced to its identity.
// Two start-up warnings of graphile-worker's do not apply to the delivery runner, which runs more
// jobs at once (WEBHOOK_DELIVERY_CONCURRENCY, 32) than the job pool has connections and than one
// fetch takes: a delivery waits on its receiver holding no job-pool connection (its statements use
// the application's pool), and fetches of WORKER_LOCAL_QUEUE_SIZE jobs (each up to 20 deliveries)
// keep it fed. Said of that runner's concurrency they go to debug, so a normal start prints no
// warning; said of the other runner's (a WORKER_CONCURRENCY above the local queue) they stay.
const RUNNER_SIZING = /^(?:WARNING: having maxPoolSize \(\d+\) smaller than concurrency|Your job batch size \(\d+\) is smaller than your concurrency setting) \((\d+)\)/;
const isDeliveryRunnerSizing = (message: string) => {
  const concurrency = RUNNER_SIZING.exec(message)?.[1];
  return concurrency !== undefined && Number(concurrency) === env().WEBHOOK_DELIVERY_CONCURRENCY && Number(concurrency) !== env().WORKER_CONCURRENCY;
};
const workerLogger = new Logger((scope) => (rawLevel, message, meta) => {
  const level = rawLevel === 'warning' && isDeliveryRunnerSizing(message) ? 'debug' : rawLevel;
  // Every job's start and completion comes through here at debug: skipped before any work
  // unless debug is on (thousands a second under a webhook fan-out).
  if ((level === 'debug' || (meta as { job?: unknown } | undefined)?.job) && level !== 'error' && level !== 'warning' && !logger.isLevelEnabled('debug')) return;
  const job = (meta as { job?: { id?: string; task_identifier?: string; attempts?: number } } | undefined)?.job;
  const fields = { ...scope, ...meta, ...(job ? { job: { id: job.id, task: job.task_identifier, attempts: job.attempts } } : {}) };
  if (level === 'error') logger.error(fields, message);
  else if (level === 'warning') logger.warn(fields, message);
  else if (level === 'debug' || job) logger.debug(fields, message);
  else logger.info(fields, message);
});

// One pool for every runner of this process, with an error listener for its whole life.
// graphile-worker detaches its own listener from a pool when a runner it gave up is released,
// and an idle connection of that pool dropped by the next outage then raised an unhandled
// 'error' event that killed the process. A pool it was given, it neither ends nor leaves bare.
// Webhook deliveries have a runner of their own (WEBHOOK_DELIVERY_CONCURRENCY): a delivery
// mostly waits on its receiver, so many run at once without taking the slots of the heavier jobs
// (recomputations, policy evaluation, reports), which keep WORKER_CONCURRENCY. A runner fetches
// only the jobs of the tasks it is given.
const separateDeliveries = env().WEBHOOK_DELIVERY_CONCURRENCY > 0;
const { [DELIVER_WEBHOOK_TASK]: deliverWebhook, [DELIVER_WEBHOOKS_TASK]: deliverWebhooks, ...otherTasks } = taskList;
const RUNNERS = [
  { name: 'jobs', concurrency: env().WORKER_CONCURRENCY, taskList: separateDeliveries ? otherTasks : taskList, cron: { crontab } },
  // No schedule of its own (an empty list: an empty crontab would make it read ./crontab).
  ...(separateDeliveries ? [{ name: 'webhook deliveries', concurrency: env().WEBHOOK_DELIVERY_CONCURRENCY, taskList: { [DELIVER_WEBHOOK_TASK]: deliverWebhook, [DELIVER_WEBHOOKS_TASK]: deliverWebhooks }, cron: { parsedCronItems: [] } }] : []),
];

const jobPool = new pg.Pool({
  connectionString: env().DATABASE_URL,
  // Jobs do their own work on the application's pool (lib/db.ts); this one carries each runner's
  // listener, job fetches and batched completions. The delivery runner's jobs add no connection.
  max: Math.max(10, env().WORKER_CONCURRENCY + 2) + (separateDeliveries ? 4 : 0),
  application_name: workerApplicationName(),
});
const onConnectionLost = (err: Error) => {
  lastDatabaseTrouble = Date.now();
  logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'job queue connection lost');
};
jobPool.on('error', onConnectionLost);
// A connection lost while checked out is reported on its client; with this listener in place
// graphile-worker installs none of its own (nor prints a console warning that it did).
jobPool.on('connect', (client) => client.on('error', onConnectionLost));

function startRunner(events: WorkerEvents, spec: (typeof RUNNERS)[number]): Promise<Runner> {
  return run({
    pgPool: jobPool,
    concurrency: spec.concurrency,
    pollInterval: env().WORKER_POLL_INTERVAL_MS,
    taskList: spec.taskList,
    ...spec.cron,
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
        // Failures batched the same way: a failure write lost to an outage then stops the runner
        // (and the loop below restarts it) instead of leaving its job locked and unrecorded.
        failJobBatchDelay: env().WORKER_COMPLETE_BATCH_DELAY_MS,
      },
    },
  });
}

let stopping = false;
/** The running runners (the main one first), empty between starts. */
let runners: Runner[] = [];
const stopRunners = () => Promise.allSettled(runners.map((r) => r.stop()));
let runnerState: WorkerHealth['runner'] = 'starting';
/** Why the current runner ended by itself (events, or a database error that escaped it). */
let runnerFailure: unknown = null;
let abandonRunner: (() => void) | null = null;
/** When the runner last saw the database fail (a lost listener, a failed fetch or job write). */
let lastDatabaseTrouble = 0;
const DATABASE_TROUBLE_WINDOW_MS = 60_000;

// graphile-worker rewraps some connection errors, keeping only the original's message.
const CONNECTION_LOSS = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|terminating connection|not queryable|the database system is/;
const looksLikeConnectionLoss = (error: unknown) =>
  isDatabaseUnavailable(error) || CONNECTION_LOSS.test(error instanceof Error ? error.message : String(error));

function runnerFailed(error: unknown) {
  runnerFailure ??= error;
  if (looksLikeConnectionLoss(error)) lastDatabaseTrouble = Date.now();
  // After such a failure graphile-worker's own shutdown has been seen never to settle its
  // promise (and then to leave nothing keeping the process alive): it gets a few seconds.
  const abandon = abandonRunner;
  abandonRunner = null;
  if (abandon) setTimeout(abandon, 5_000);
}
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
 * Runs graphile-worker until a stop signal. graphile-worker 0.17 gives a runner up when the
 * database goes away under it: a batched job completion or failure that hits a lost connection
 * (its batch retry loop leaves on the first error; graphile/worker#636), a database down as it
 * starts, errors it leaves unhandled (below). Those are outages, not bugs: wait for the
 * database, give the jobs the stopped runner still had locked back to the queue
 * (`forceUnlockWorkers`: each either ran, and a webhook delivery's attempt counter makes the
 * rerun a no-op, or did not, and runs now), and start a fresh runner in this process. Anything
 * else, or a runner that keeps stopping, ends the process for its supervisor to restart.
 */
async function runUntilStopped(): Promise<void> {
  let starts = 0;
  let restartsAt: number[] = [];
  while (!stopping) {
    const poolIds: string[] = [];
    runnerFailure = null;
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:create', ({ workerPool }) => poolIds.push(workerPool.id));
    // The runner's promise resolves even when its pool gave up: the reason comes from here.
    events.on('pool:fatalError', ({ error }) => runnerFailed(error));
    events.on('worker:fatalError', ({ error }) => runnerFailed(error));
    events.on('pool:listen:error', () => (lastDatabaseTrouble = Date.now()));
    events.on('worker:getJob:error', () => (lastDatabaseTrouble = Date.now()));
    events.on('job:error', ({ error }) => looksLikeConnectionLoss(error) && (lastDatabaseTrouble = Date.now()));
    observeJobs(events);
    const abandoned = new Promise<void>((resolve) => (abandonRunner = resolve));
    const keepAlive = setInterval(() => undefined, 60_000);
    try {
      runnerState = 'starting';
      for (const spec of RUNNERS) runners.push(await startRunner(events, spec));
      if (stopping) await stopRunners(); // the signal came while they were starting
      runnerState = 'running';
      logger.info({ restarts: starts, runners: RUNNERS.map((r) => `${r.name} (${r.concurrency} at once)`) }, starts === 0 ? 'worker started' : 'worker job runner restarted');
      // Metric history partitions ahead and rollups caught up now rather than at the next hour
      // (one job however many replicas start: the key folds them).
      if (starts === 0) await runners[0].addJob('maintain_metric_history', {}, { jobKey: 'maintain_metric_history' });
      starts += 1;
      // Stopped (a signal) or failed: one runner ending ends the others. A stop waits for their
      // running jobs; after a failure their shutdown gets the same few seconds as the runner's.
      const ended = await Promise.race([Promise.race(runners.map((r) => r.promise)).then(() => 'ended' as const), abandoned.then(() => 'abandoned' as const)]);
      if (runners.length > 1) {
        const others = stopRunners().then(() => Promise.allSettled(runners.map((r) => r.promise)));
        if (stopping) await others;
        else await Promise.race([others, new Promise((r) => setTimeout(r, ended === 'abandoned' ? 0 : 5_000))]);
      }
    } catch (error) {
      runnerFailure ??= error;
      // A runner that failed to start leaves the ones started before it: they stop too.
      if (runners.length) await Promise.race([stopRunners(), new Promise((r) => setTimeout(r, 5_000))]);
    } finally {
      clearInterval(keepAlive);
      abandonRunner = null;
      runners = [];
    }
    if (stopping) return;
    // A runner that ends by itself around a database failure ended because of it (its own
    // shutdown then reports knock-on errors: a pool already ended, a queue already released).
    const failure = runnerFailure;
    const outage = looksLikeConnectionLoss(failure) || Date.now() - lastDatabaseTrouble < DATABASE_TROUBLE_WINDOW_MS || !(await databaseReachable());
    if (!outage) throw failure ?? new Error('the job runner stopped by itself');
    // Restarting in place is for outages; a runner that keeps dying is left to the supervisor.
    restartsAt = [...restartsAt.filter((t) => Date.now() - t < 5 * 60_000), Date.now()];
    if (restartsAt.length > 10) throw new Error(`the job runner stopped ${restartsAt.length} times in 5 minutes`, { cause: failure });
    logger.warn({ err: failure }, 'the database went away; the job runner restarts when it is back');
    runnerState = 'waiting for the database';
    await waitForDatabase();
    if (stopping || poolIds.length === 0) continue;
    const utils = makeWorkerUtils({ pgPool: jobPool, logger: workerLogger });
    try {
      await (await utils).forceUnlockWorkers(poolIds);
    } catch (error) {
      // Locks left behind expire on their own (graphile-worker: 4 hours; webhook deliveries are
      // picked up sooner by their recovery sweep).
      logger.warn({ err: error }, "could not release the stopped runner's job locks");
    } finally {
      await (await utils.catch(() => null))?.release();
    }
  }
}

// Ctrl-C in a terminal signals the whole process group, and `npm start` then forwards its own
// SIGTERM: a repeat this soon is the same request to stop, not an operator insisting.
const REPEATED_SIGNAL_MS = 2_000;
let firstStopSignalAt = 0;

function onSignal(signal: NodeJS.Signals) {
  if (stopping) {
    if (Date.now() - firstStopSignalAt < REPEATED_SIGNAL_MS) return;
    logger.warn({ signal }, 'second stop signal: exiting without waiting for running jobs');
    process.exit(1);
  }
  stopping = true;
  firstStopSignalAt = Date.now();
  logger.info({ signal }, 'worker stopping');
  wake();
  void Promise.all(runners.map((r) => r.stop())).catch((error: unknown) => logger.error({ err: error }, 'worker stop failed'));
}
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

// graphile-worker 0.17 leaves some promises rejected with nobody listening when the connection
// drops: an unbatched job completion or failure (the job then stays locked, its outcome
// unrecorded), its local queue returning jobs after release. During an outage that is expected:
// the runner is stopped, and the loop above starts a fresh one and unlocks its jobs once the
// database is back. Any other unhandled rejection is a bug: end the process and let its
// supervisor restart it.
process.on('unhandledRejection', (reason) => {
  void (async () => {
    const recentTrouble = Date.now() - lastDatabaseTrouble < DATABASE_TROUBLE_WINDOW_MS;
    if (looksLikeConnectionLoss(reason) || recentTrouble || !(await databaseReachable())) {
      logger.warn({ err: reason }, 'a database error escaped the job runner; restarting the runner');
      runnerFailed(reason);
      void stopRunners();
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    logger.flush();
    process.exit(1);
  })();
});

/** The metrics and health listener, when WORKER_METRICS_PORT is set; a taken port ends the process. */
async function listenForMetrics() {
  const port = env().WORKER_METRICS_PORT;
  if (!port) return null;
  const server = await startMetricsServer({ port, host: env().HOST, health: () => ({ stopping, runner: runnerState }) });
  logger.info({ port, host: env().HOST }, `worker metrics listening on ${env().HOST}:${port}`);
  return server;
}

listenForMetrics()
  .then(async (metricsServer) => {
    await runUntilStopped();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await jobPool.end().catch(() => undefined);
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
