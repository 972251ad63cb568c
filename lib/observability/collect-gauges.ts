// Gauges read at scrape time: this process's database pool, and the job queue as PostgreSQL holds
// it (the same figures from every process that reports them; aggregate with max()).
import { Gauge, type Registry } from 'prom-client';
import { db, dbPool } from '@/lib/db';

const QUEUE_TIMEOUT_MS = 3_000;

/** Job states reported per task by job_queue_depth. */
export const QUEUE_STATES = ['ready', 'scheduled', 'locked', 'failed'] as const;

interface QueueRow {
  task: string;
  ready: number;
  scheduled: number;
  locked: number;
  failed: number;
}

/**
 * Jobs per task identifier, from graphile-worker's tables: `locked` are running now (a lock older
 * than graphile-worker's 4-hour expiry no longer counts), `failed` have used every attempt and
 * stay until deleted, `ready` could run now, `scheduled` wait for their run_at (a later start or
 * a retry's backoff). Every task graphile-worker knows is listed, with zeros when idle.
 */
export async function queueDepth(): Promise<QueueRow[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db.$queryRaw<QueueRow[]>`
        select task,
               count(id) filter (where not live and attempts < max_attempts and run_at <= now())::int as ready,
               count(id) filter (where not live and attempts < max_attempts and run_at > now())::int as scheduled,
               count(id) filter (where live)::int as locked,
               count(id) filter (where not live and attempts >= max_attempts)::int as failed
        from (
          select t.identifier as task, j.id, j.attempts, j.max_attempts, j.run_at,
                 coalesce(j.locked_at > now() - interval '4 hours', false) as live
          from graphile_worker._private_tasks t
          left join graphile_worker._private_jobs j on j.task_id = t.id
        ) jobs
        group by task
        order by task`,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('job queue query timed out')), QUEUE_TIMEOUT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Adds db_pool_connections and job_queue_depth to a registry (once). */
export function registerDatabaseGauges(registry: Registry): void {
  if (registry.getSingleMetric('job_queue_depth')) return;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = dbPool();
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs by task and state: ready to run, scheduled for later, locked (running), failed (no attempts left).',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      let rows: QueueRow[];
      try {
        rows = await queueDepth();
      } catch {
        // The database is unreachable or graphile-worker has not installed its schema yet: no
        // figures rather than a failed scrape (the process's own metrics still matter then).
        return;
      }
      for (const row of rows) for (const state of QUEUE_STATES) this.set({ task: row.task, state }, row[state]);
    },
  });
}
