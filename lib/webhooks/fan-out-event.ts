// The event bus write: one statement records the event and, for an event of an organization,
// creates a pending delivery (attempt 0) for every active webhook of that organization
// subscribed to its type, and queues their jobs (one add_jobs call). No webhooks, no rows: one
// cheap lookup on webhooks(org_id, status).
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { DELIVER_WEBHOOK_TASK, DELIVERY_JOB_MAX_ATTEMPTS } from '@/lib/webhooks/delivery-jobs';

export interface RecordedEvent {
  id: string;
  createdAt: Date;
  deliveries: number;
}

export async function recordAndFanOutEvent(
  tx: Tx,
  input: { type: string; partnerId: string | null; orgId: string | null; data: Record<string, unknown> },
): Promise<RecordedEvent> {
  const data = JSON.stringify(input.data ?? {});
  const rows = await tx.$queryRaw<{ id: string; created_at: Date; n: number }[]>(Prisma.sql`
    with ev as (
      insert into events (id, type, partner_id, org_id, data)
      values (gen_random_uuid(), ${input.type}, ${input.partnerId}::uuid, ${input.orgId}::uuid, ${data}::jsonb)
      returning id, created_at
    ), hooks as (
      select w.id, w.partner_id, w.org_id from webhooks w
      join organizations o on o.id = w.org_id and o.deleted_at is null
      where w.org_id = ${input.orgId}::uuid and w.status = 'active' and w.events @> array[${input.type}]::text[]
    ), created as (
      insert into webhook_deliveries (webhook_id, partner_id, org_id, status, event, event_id, payload, attempt)
      select h.id, h.partner_id, h.org_id, 'pending', ${input.type}, ev.id::text,
        -- The payload of doc 2; the timestamp in the same form as Date.toISOString().
        jsonb_build_object('id', ev.id, 'type', ${input.type}::text,
          'timestamp', to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'orgId', h.org_id, 'data', ${data}::jsonb),
        0
      from hooks h cross join ev
      returning id
    ), queued as (
      select graphile_worker.add_jobs(array_agg((
        ${DELIVER_WEBHOOK_TASK}, json_build_object('deliveryId', id, 'attempt', 0), null, null,
        ${DELIVERY_JOB_MAX_ATTEMPTS}::int, 'webhook_delivery:' || id::text, null, null
      )::graphile_worker.job_spec)) from created having count(*) > 0
    )
    select ev.id::text as id, ev.created_at, (select count(*)::int from queued) as n from ev`);
  return { id: rows[0].id, createdAt: rows[0].created_at, deliveries: rows[0].n };
}
