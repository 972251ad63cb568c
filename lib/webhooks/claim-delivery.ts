// Claims one attempt of a delivery: bumps the attempt count and takes a lease, only when the
// delivery still waits for exactly this attempt, nobody holds a live lease, and its webhook is
// active (a paused webhook holds its deliveries until resumed) and its organization not deleted.
//
// The attempts a worker starts at the same moment share ONE statement (coalesceCalls): under
// load a worker runs up to WORKER_CONCURRENCY attempts at once, and a claim each was a round
// trip, a parse and a plan each. A delivery appears at most once per batch, so a duplicated job
// waits for the next batch and finds the attempt count moved on. Rows are locked in id order,
// so two workers' batches cannot deadlock on each other.
import { dbPool } from '@/lib/db';
import { coalesceCalls } from '@/lib/batching/coalesce-calls';
import { retryOnDeadlock } from '@/lib/webhooks/hot-query';

// Longer than the 30 s delivery deadline plus bookkeeping: a lease still live means a worker
// is (or may be) mid-attempt; an expired one is left to the recovery sweep.
export const DELIVERY_LEASE_SECONDS = 90;

export interface ClaimedDelivery {
  id: string;
  attempt: number;
  webhookId: string;
  orgId: string;
  event: string;
  eventId: string;
  payload: unknown;
  urlSealed: string;
  secretSealed: string | null;
  headers: unknown;
  retryPolicy: unknown;
}

interface ClaimRequest {
  deliveryId: string;
  expectedAttempt: number;
}

// Committed without waiting for the WAL flush, like the outcome (see record-attempt.ts): if the
// database loses it, the job that made it runs again. $1 delivery ids, $2 the attempt each
// waits for. The rows are found by primary key (id = any($1)); the status is compared as text
// so that the (status, next_attempt_at) index is never chosen instead: pending rows look rare
// to the planner, and under a backlog that index scan read every waiting row for each batch.
const CLAIM_BATCH_SQL = `
  with cfg as (select set_config('synchronous_commit', 'off', true) as v),
  req as (select r.id, r.attempt from unnest($1::uuid[], $2::int[]) as r(id, attempt)),
  locked as (
    select d.id, d.attempt from webhook_deliveries d join req on req.id = d.id and req.attempt = d.attempt
    where d.id = any($1::uuid[]) and d.status::text in ('pending', 'retrying') and (d.claimed_until is null or d.claimed_until < now())
    order by d.id
    for no key update of d
  ), claimed as (
    -- The webhook and organization are read per row (scalar subqueries, never joined): joined,
    -- the planner reached the rows through the organization's index instead of by id.
    update webhook_deliveries d
    set attempt = d.attempt + 1, next_attempt_at = null,
        claimed_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
    from locked l
    where d.id = l.id and d.attempt = l.attempt and d.status::text in ('pending', 'retrying')
      and (d.claimed_until is null or d.claimed_until < now())
      and (select w.status = 'active' from webhooks w where w.id = d.webhook_id)
      and (select o.deleted_at is null from organizations o where o.id = d.org_id)
      and (select v from cfg) is not null
    returning d.id, d.attempt, d.webhook_id, d.org_id, d.event, d.event_id, d.payload
  )
  select c.id, c.attempt, c.webhook_id as "webhookId", c.org_id as "orgId", c.event, c.event_id as "eventId", c.payload,
    w.url_sealed as "urlSealed", w.secret_sealed as "secretSealed", w.headers, w.retry_policy as "retryPolicy"
  from claimed c join webhooks w on w.id = c.webhook_id`;

const claimBatch = coalesceCalls<ClaimRequest, ClaimedDelivery | null>(
  async (requests) => {
    const { rows } = await retryOnDeadlock(() =>
      dbPool().query<ClaimedDelivery>({
        name: 'webhook-claim-batch',
        text: CLAIM_BATCH_SQL,
        values: [requests.map((r) => r.deliveryId), requests.map((r) => r.expectedAttempt)],
      }),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return requests.map((r) => byId.get(r.deliveryId) ?? null);
  },
  { maxBatch: 200, maxInFlight: 2, key: (r) => r.deliveryId },
);

export function claimDelivery(deliveryId: string, expectedAttempt: number): Promise<ClaimedDelivery | null> {
  return claimBatch({ deliveryId, expectedAttempt });
}
