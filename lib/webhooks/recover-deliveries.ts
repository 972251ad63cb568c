// The safety net for deliveries whose job vanished: a worker killed mid-attempt (its lease
// expires; graphile-worker would keep the job locked for hours), a job that exhausted
// graphile-worker's own attempts on database errors, a crash between commit and enqueue of a
// resumed webhook. Any pending or retrying delivery of an active webhook that is overdue, holds
// no live lease and has no runnable job (its own, or a fan-out job of several deliveries) is
// queued again, in a job of its own, for the attempt it is waiting for.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { DELIVER_WEBHOOK_TASK, DELIVER_WEBHOOKS_TASK, DELIVERY_JOB_MAX_ATTEMPTS } from '@/lib/webhooks/delivery-jobs';

const OVERDUE_SECONDS = 60;
const BATCH = 1_000;

/** `asOf` moves the clock the sweep judges by (tests time-travel with it instead of sleeping). */
export async function recoverLostDeliveries(opts: { asOf?: Date } = {}): Promise<number> {
  const asOf = opts.asOf ?? new Date();
  const rows = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
    with batched as (
      -- Deliveries a fan-out job (unkeyed, several deliveries) will still attempt: read once per
      -- sweep, so the check below is one hash lookup per delivery, however long the backlog.
      select distinct e.id::uuid as id
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      cross join lateral json_array_elements_text(j.payload -> 'deliveryIds') as e(id)
      where t.identifier = ${DELIVER_WEBHOOKS_TASK} and j.locked_at is null and j.attempts < j.max_attempts
    ), lost as (
      select d.id, d.attempt from webhook_deliveries d
      join webhooks w on w.id = d.webhook_id and w.status = 'active'
      join organizations o on o.id = d.org_id and o.deleted_at is null
      where d.status in ('pending', 'retrying')
        and (d.claimed_until is null or d.claimed_until < ${asOf}::timestamptz)
        and coalesce(d.next_attempt_at, d.last_attempt_at, d.created_at) < ${asOf}::timestamptz - make_interval(secs => ${OVERDUE_SECONDS})
        and not exists (
          select 1 from graphile_worker.jobs j
          where j.key = 'webhook_delivery:' || d.id::text and j.locked_at is null and j.attempts < j.max_attempts
        )
        and not exists (select 1 from batched b where b.id = d.id)
      order by d.created_at
      limit ${BATCH}
    ), released as (
      -- The lease is over by this sweep's clock: let the new job claim the attempt.
      update webhook_deliveries set claimed_until = null where id in (select id from lost)
    ), queued as (
      -- A job still locked by a dead worker keeps its row; add_job gives the key to a new job.
      select graphile_worker.add_job(
        identifier => ${DELIVER_WEBHOOK_TASK},
        payload => json_build_object('deliveryId', id, 'attempt', attempt),
        job_key => 'webhook_delivery:' || id::text,
        max_attempts => ${DELIVERY_JOB_MAX_ATTEMPTS}::int
      ) from lost
    )
    select count(*)::int as n from queued`);
  return rows[0]?.n ?? 0;
}
