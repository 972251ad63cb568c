// Writes the outcome of one attempt. Every statement is conditioned on the attempt number the
// worker claimed, so a worker that lost its lease cannot overwrite a newer attempt; each is one
// round trip (CTEs) to keep the delivery pipeline cheap, and the common outcome (delivered) is
// written for a whole batch of attempts at once.
//
// These statements commit without waiting for the WAL flush (synchronous_commit off, for this
// transaction only): graphile-worker completes the job afterwards with a synchronous commit,
// which flushes the WAL up to and including this one. A database crash can therefore only lose
// an outcome whose job also re-runs: at worst a duplicate delivery, never a lost one.
import { dbPool } from '@/lib/db';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { hotQuery, retryOnDeadlock } from '@/lib/webhooks/hot-query';
import { env } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { DELIVER_WEBHOOK_TASK, DELIVERY_JOB_MAX_ATTEMPTS } from '@/lib/webhooks/delivery-jobs';

/** A CTE that turns off the WAL-flush wait for the current statement's transaction. */
export const ASYNC_COMMIT = Prisma.sql`cfg as (select set_config('synchronous_commit', 'off', true) as v)`;

export interface AttemptResult {
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  errorMessage: string | null;
}

interface Claim {
  id: string;
  attempt: number;
}

interface DeliveredOutcome {
  claim: Claim;
  result: AttemptResult;
}

// $1 delivery ids, $2 the attempts claimed, $3..$5 status, body and duration of each. Delivery
// rows are locked in id order and the webhooks' counters move once per webhook and batch (by
// the number of its deliveries), in webhook id order: concurrent batches of several workers
// cannot deadlock, and a busy webhook's row is written once per batch, not once per delivery.
// Rows are found by primary key (id = any($1)); the status compared as text keeps the planner
// off the (status, next_attempt_at) index (see claim-delivery.ts).
const DELIVERED_BATCH_SQL = `
  with cfg as (select set_config('synchronous_commit', 'off', true) as v),
  req as (select * from unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::int[]) as r(id, attempt, status, body, duration)),
  locked as (
    select d.id from webhook_deliveries d join req on req.id = d.id and req.attempt = d.attempt
    where d.id = any($1::uuid[]) and d.status::text in ('pending', 'retrying') order by d.id for no key update of d
  ), d as (
    update webhook_deliveries d set status = 'delivered', delivered_at = now(), last_attempt_at = now(), response_status = req.status,
      response_body = req.body, duration_ms = req.duration, error_message = null, next_attempt_at = null, claimed_until = null
    from locked l join req on req.id = l.id
    where d.id = any($1::uuid[]) and d.id = l.id and d.attempt = req.attempt and d.status::text in ('pending', 'retrying') and (select v from cfg) is not null
    returning d.id, d.webhook_id
  ), per_hook as (
    select h.id, n.n from (select webhook_id, count(*)::int as n from d group by webhook_id) n
    join webhooks h on h.id = n.webhook_id order by h.id for no key update of h
  ), w as (
    update webhooks set success_count = success_count + p.n, consecutive_failures = 0, last_success_at = now(), last_delivery_at = now()
    from per_hook p where webhooks.id = p.id
  )
  select id from d`;

const deliveredBatch = coalesceCalls<DeliveredOutcome, boolean>(
  async (outcomes) => {
    const { rows } = await retryOnDeadlock(() =>
      dbPool().query<{ id: string }>({
        name: 'webhook-delivered-batch',
        text: DELIVERED_BATCH_SQL,
        values: [
          outcomes.map((o) => o.claim.id),
          outcomes.map((o) => o.claim.attempt),
          outcomes.map((o) => o.result.responseStatus),
          outcomes.map((o) => o.result.responseBody),
          outcomes.map((o) => o.result.durationMs),
        ],
      }),
    );
    const recorded = new Set(rows.map((r) => r.id));
    return outcomes.map((o) => recorded.has(o.claim.id));
  },
  { maxBatch: 200, maxInFlight: 2, key: (o) => o.claim.id },
);

/** A delivered attempt; the attempts a worker finishes at the same moment share one statement. */
export function recordDelivered(claim: Claim, r: AttemptResult): Promise<boolean> {
  return deliveredBatch({ claim, result: r });
}

/** Schedules the next attempt `delayMs` after this one was recorded: the record's nextAttemptAt
 * and the job's run_at are the same instant, computed by the database in one statement. */
export async function recordRetry(claim: Claim, r: AttemptResult, delayMs: number): Promise<boolean> {
  const rows = await hotQuery<{ n: number }>(Prisma.sql`
    with ${ASYNC_COMMIT}, t as (
      select date_trunc('milliseconds', now()) as at,
             date_trunc('milliseconds', now()) + make_interval(secs => ${delayMs}::double precision / 1000) as next_at
    ), d as (
      update webhook_deliveries set status = 'retrying', last_attempt_at = (select at from t), next_attempt_at = (select next_at from t), response_status = ${r.responseStatus},
        response_body = ${r.responseBody}, duration_ms = ${r.durationMs}, error_message = ${r.errorMessage}, claimed_until = null
      where id = ${claim.id}::uuid and attempt = ${claim.attempt} and status in ('pending', 'retrying') and (select v from cfg) is not null
      returning id, webhook_id, attempt
    ), w as (
      update webhooks set last_delivery_at = now() where id in (select webhook_id from d)
    ), j as (
      select graphile_worker.add_job(
        identifier => ${DELIVER_WEBHOOK_TASK},
        payload => json_build_object('deliveryId', d.id, 'attempt', d.attempt),
        run_at => (select next_at from t),
        job_key => 'webhook_delivery:' || d.id::text,
        max_attempts => ${DELIVERY_JOB_MAX_ATTEMPTS}::int
      ) from d
    )
    select count(*)::int as n from j`);
  return (rows[0]?.n ?? 0) > 0;
}

/** Final failure. `deadLetter`: retries were exhausted, so the delivery also enters the
 * dead-letter queue; an unsafe URL fails without one (re-driving it would fail the same way). */
export async function recordFailed(claim: Claim, r: AttemptResult, opts: { deadLetter: boolean }): Promise<boolean> {
  const threshold = env().WEBHOOK_AUTO_FAIL_AFTER;
  const rows = await hotQuery<{ n: number }>(Prisma.sql`
    with ${ASYNC_COMMIT}, d as (
      update webhook_deliveries set status = 'failed', last_attempt_at = now(), next_attempt_at = null, response_status = ${r.responseStatus},
        response_body = ${r.responseBody}, duration_ms = ${r.durationMs}, error_message = ${r.errorMessage}, claimed_until = null
      where id = ${claim.id}::uuid and attempt = ${claim.attempt} and status in ('pending', 'retrying') and (select v from cfg) is not null
      returning id, webhook_id, partner_id, org_id, event, event_id, attempt
    ), w as (
      -- Too many failures in a row marks the webhook failed (stored: error) until someone re-activates it.
      update webhooks set failure_count = failure_count + 1, consecutive_failures = consecutive_failures + 1, last_delivery_at = now(),
        status = case when ${threshold}::int > 0 and consecutive_failures + 1 >= ${threshold}::int and status = 'active'
                      then 'error'::"WebhookStatus" else status end
      where id in (select webhook_id from d)
    ), dl as (
      insert into webhook_dead_letters (id, delivery_id, webhook_id, partner_id, org_id, event, event_id, attempts, last_error, last_response_status)
      select gen_random_uuid(), d.id, d.webhook_id, d.partner_id, d.org_id, d.event, d.event_id, d.attempt, ${r.errorMessage}, ${r.responseStatus}
      from d where ${opts.deadLetter}::boolean
      on conflict (delivery_id) do nothing
    )
    select count(*)::int as n from d`);
  return (rows[0]?.n ?? 0) > 0;
}
