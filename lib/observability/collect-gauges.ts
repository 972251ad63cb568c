import { db, dbPool } from '@/lib/db';
import type { Gauge } from '@/lib/observability/metrics';

export async function collectGauges(): Promise<Gauge[]> {
  const pool = dbPool();
  const gauges: Gauge[] = [
    {
      name: 'db_pool_connections',
      help: 'Database pool connections by state.',
      samples: [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    },
  ];
  try {
    const rows = await db.$queryRaw<{ task: string; ready: number; failed: number }[]>`
      select t.identifier as task,
             count(*) filter (where j.attempts < j.max_attempts and j.run_at <= now())::int as ready,
             count(*) filter (where j.attempts >= j.max_attempts)::int as failed
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      group by t.identifier`;
    gauges.push({
      name: 'job_queue_depth',
      help: 'Background jobs waiting to run (ready) or dead (failed), by task.',
      samples: rows.flatMap((r) => [
        { labels: { task: r.task, state: 'ready' }, value: r.ready },
        { labels: { task: r.task, state: 'failed' }, value: r.failed },
      ]),
    });
  } catch {
    // The worker has not installed its schema yet: no queue to report.
  }
  return gauges;
}
