// The delivery subscriber of the event bus: inside the emitting transaction, one statement
// creates a pending delivery (attempt 0) for every active webhook of the event's organization
// subscribed to its type, and queues a job for each. No webhooks, no rows: one cheap query
// on (org_id, status).
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { buildPayload } from '@/lib/webhooks/build-payload';
import { DELIVER_WEBHOOK_TASK, DELIVERY_JOB_MAX_ATTEMPTS } from '@/lib/webhooks/delivery-jobs';

export interface FanOutEvent {
  id: string;
  type: string;
  timestamp: string;
  orgId: string;
  data: Record<string, unknown>;
}

export async function fanOutEvent(tx: Tx, event: FanOutEvent): Promise<number> {
  const payload = JSON.stringify(buildPayload(event));
  const rows = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    with hooks as (
      select id, partner_id, org_id from webhooks
      where org_id = ${event.orgId}::uuid and status = 'active' and events @> array[${event.type}]::text[]
    ), created as (
      insert into webhook_deliveries (webhook_id, partner_id, org_id, status, event, event_id, payload, attempt)
      select h.id, h.partner_id, h.org_id, 'pending', ${event.type}, ${event.id}, ${payload}::jsonb, 0 from hooks h
      returning id
    ), queued as (
      select graphile_worker.add_job(
        identifier => ${DELIVER_WEBHOOK_TASK},
        payload => json_build_object('deliveryId', id, 'attempt', 0),
        job_key => 'webhook_delivery:' || id::text,
        max_attempts => ${DELIVERY_JOB_MAX_ATTEMPTS}::int
      ) from created
    )
    select count(*)::int as n from queued`);
  return rows[0]?.n ?? 0;
}
