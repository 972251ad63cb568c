// Enqueues a graphile-worker job through SQL, so it commits or rolls back with the transaction
// that caused it (a crash can neither lose the job nor run one for a change that never happened).
import type { DbOrTx } from '@/lib/db';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  queueName?: string;
  priority?: number;
}

export async function enqueueJob(client: DbOrTx, task: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    select (graphile_worker.add_job(
      identifier => ${task},
      payload => ${JSON.stringify(payload ?? {})}::json,
      queue_name => ${opts.queueName ?? null},
      run_at => ${opts.runAt ?? null}::timestamptz,
      max_attempts => ${opts.maxAttempts ?? null}::int,
      job_key => ${opts.jobKey ?? null},
      priority => ${opts.priority ?? null}::int,
      job_key_mode => ${opts.jobKeyMode ?? null}
    )).id::text as id`;
  return rows[0].id;
}
