// Runs queued graphile-worker jobs in-process, so tests drive background work (and time,
// by moving run_at) deterministically instead of sleeping.
import { runOnce, Logger } from 'graphile-worker';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { taskList } from '@/worker/task-list';

const silent = new Logger(() => () => undefined);

/** Runs every job that is due now (repeatedly, until none is left). */
export async function runDueJobs(): Promise<void> {
  await runOnce({ connectionString: env().DATABASE_URL, taskList, logger: silent });
}

/** Makes every scheduled job of the given tasks due now (time travel for retries and sweeps). */
export async function makeJobsDue(tasks?: string[]): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    with moved as (
      update graphile_worker._private_jobs j set run_at = now()
      from graphile_worker._private_tasks t
      where t.id = j.task_id and j.locked_at is null and j.run_at > now()
        and (${tasks ?? null}::text[] is null or t.identifier = any(${tasks ?? null}::text[]))
      returning 1)
    select count(*)::int as n from moved`;
  return rows[0]?.n ?? 0;
}

export async function pendingJobCount(task?: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where (${task ?? null}::text is null or t.identifier = ${task ?? null})`;
  return rows[0]?.n ?? 0;
}
