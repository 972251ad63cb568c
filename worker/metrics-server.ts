// The worker's own metrics: job runs timed and counted by task (from graphile-worker's events),
// and an HTTP listener on WORKER_METRICS_PORT (unset: none) serving
//   GET /metrics  Prometheus text: Node's process and runtime metrics, job durations and
//                 failures by task, the job queue by task and state (read from PostgreSQL at
//                 each scrape), the database pool. Same rule as the web's GET /metrics: needs
//                 `Authorization: Bearer $METRICS_TOKEN`, 404 without a configured token.
//   GET /healthz  200 while the process serves (its event loop turns), with the job runner's
//                 state; 503 once it is stopping. For a liveness probe: an outage of the
//                 database is ridden out in process (worker/index.ts), not a reason to restart.
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { WorkerEvents } from 'graphile-worker';
import { metricsRegistry } from '@/lib/observability/metrics';
import { answerScrape } from '@/lib/observability/scrape';

/** Seconds: jobs range from a webhook delivery (milliseconds) to a billing sweep (minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

interface JobMetrics {
  duration: Histogram<'task' | 'outcome'>;
  failures: Counter<'task'>;
  failedPermanently: Counter<'task'>;
}

function jobMetrics(registry: Registry): JobMetrics {
  const existing = registry.getSingleMetric('job_duration_seconds') as JobMetrics['duration'] | undefined;
  if (existing) {
    return {
      duration: existing,
      failures: registry.getSingleMetric('job_failures_total') as JobMetrics['failures'],
      failedPermanently: registry.getSingleMetric('job_failed_permanently_total') as JobMetrics['failedPermanently'],
    };
  }
  return {
    duration: new Histogram({
      name: 'job_duration_seconds',
      help: 'Job run time in this worker, by task and outcome (success or error).',
      labelNames: ['task', 'outcome'] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    failures: new Counter({
      name: 'job_failures_total',
      help: 'Job attempts that failed in this worker (each retry counts), by task.',
      labelNames: ['task'] as const,
      registers: [registry],
    }),
    failedPermanently: new Counter({
      name: 'job_failed_permanently_total',
      help: 'Jobs whose last attempt failed in this worker (no retries left), by task.',
      labelNames: ['task'] as const,
      registers: [registry],
    }),
  };
}

/**
 * Times and counts the jobs of one runner (each runner of the process has its own events; the
 * series are shared). A job's time runs from `job:start` to its `job:success` or `job:error`.
 */
export function observeJobs(events: WorkerEvents, registry: Registry = metricsRegistry()): void {
  const m = jobMetrics(registry);
  const started = new Map<string, number>();
  const key = (workerId: string, jobId: string) => `${workerId}:${jobId}`;
  const finish = (workerId: string, job: { id: string; task_identifier: string }, outcome: 'success' | 'error') => {
    const k = key(workerId, job.id);
    const at = started.get(k);
    started.delete(k);
    if (at !== undefined) m.duration.observe({ task: job.task_identifier, outcome }, (performance.now() - at) / 1000);
  };
  events.on('job:start', ({ worker, job }) => started.set(key(worker.workerId, job.id), performance.now()));
  events.on('job:success', ({ worker, job }) => finish(worker.workerId, job, 'success'));
  events.on('job:error', ({ worker, job }) => {
    finish(worker.workerId, job, 'error');
    m.failures.inc({ task: job.task_identifier });
  });
  events.on('job:failed', ({ job }) => m.failedPermanently.inc({ task: job.task_identifier }));
}

export interface WorkerHealth {
  stopping: boolean;
  runner: 'starting' | 'running' | 'waiting for the database';
}

/** Starts the listener; resolves once it listens (rejects when the port is taken). */
export function startMetricsServer(opts: { port: number; host: string; health: () => WorkerHealth }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('method not allowed\n');
      return;
    }
    if (path === '/healthz') {
      const health = opts.health();
      res.writeHead(health.stopping ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: health.stopping ? 'stopping' : 'ok', runner: health.runner }));
      return;
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    answerScrape(req.headers.authorization).then(
      (answer) => res.writeHead(answer.status, answer.headers).end(req.method === 'HEAD' ? undefined : answer.body),
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  // A scrape is one short request: no keep-alive connection holds the process open at exit.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
