// Claims one attempt of a delivery: bumps the attempt count and takes a lease, in one
// statement, only when the delivery still waits for exactly this attempt, nobody holds a live
// lease, and its webhook is active (a paused webhook holds its deliveries until resumed) and
// its organization not deleted.
import { hotQuery } from '@/lib/webhooks/hot-query';
import { Prisma } from '@/lib/generated/prisma/client';
import { ASYNC_COMMIT } from '@/lib/webhooks/record-attempt';

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

export async function claimDelivery(deliveryId: string, expectedAttempt: number): Promise<ClaimedDelivery | null> {
  // Committed without waiting for the WAL flush, like the outcome (see record-attempt.ts): if
  // the database loses it, the job that made it runs again.
  const rows = await hotQuery<ClaimedDelivery>(Prisma.sql`
    with ${ASYNC_COMMIT}
    update webhook_deliveries d
    set attempt = d.attempt + 1, next_attempt_at = null,
        claimed_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})
    from webhooks w, organizations o
    where d.id = ${deliveryId}::uuid and d.attempt = ${expectedAttempt} and d.status in ('pending', 'retrying')
      and (d.claimed_until is null or d.claimed_until < now())
      and w.id = d.webhook_id and w.status = 'active' and o.id = d.org_id and o.deleted_at is null and (select v from cfg) is not null
    returning d.id, d.attempt, d.webhook_id as "webhookId", d.org_id as "orgId", d.event, d.event_id as "eventId", d.payload,
      w.url_sealed as "urlSealed", w.secret_sealed as "secretSealed", w.headers, w.retry_policy as "retryPolicy"`);
  return rows[0] ?? null;
}
