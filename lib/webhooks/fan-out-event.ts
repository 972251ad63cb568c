// The event bus write: one statement records the event (or a batch of events) and, for an event
// of an organization, creates a pending delivery (attempt 0) for every active webhook of that
// organization subscribed to its type, and queues their first attempts (one add_jobs call, a job
// per FAN_OUT_JOB_SIZE deliveries). No webhooks, no rows: one cheap lookup on webhooks(org_id, status).
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { DELIVER_WEBHOOKS_TASK, DELIVERY_JOB_MAX_ATTEMPTS, FAN_OUT_JOB_SIZE } from '@/lib/webhooks/delivery-jobs';

export interface RecordedEvent {
  id: string;
  createdAt: Date;
  deliveries: number;
}

// Fans the events of a CTE `ev` (id, type, org_id, created_at, data) out: a pending delivery
// (attempt 0) for every active webhook of the event's organization, or of its whole partner,
// subscribed to its type, and
// one add_jobs call for all of them. The statement's final select must read `queued` (one row
// per delivery; a SELECT-only CTE runs only when read). Constants are inlined: they are the
// module's own.
export const FAN_OUT_CTES = `
  hooks as (
    select w.id, w.partner_id, w.org_id, ev.id as event_id, ev.type, ev.created_at, ev.data from ev
    join webhooks w on w.org_id = ev.org_id and w.status = 'active' and w.events @> array[ev.type]::text[]
    join organizations o on o.id = w.org_id and o.deleted_at is null
    union all
    -- Partner-wide webhooks (plugin subscriptions, org_id null) of the event's partner: one
    -- probe of their partial index per event (a lateral subquery kept apart by "offset 0", so
    -- the probe is always driven by the event's partner), empty for partners without plugins.
    select w.id, w.partner_id, ev.org_id, ev.id as event_id, ev.type, ev.created_at, ev.data from ev
    join organizations o on o.id = ev.org_id and o.deleted_at is null
    cross join lateral (
      select pw.id, pw.partner_id from webhooks pw
      where pw.org_id is null and pw.partner_id = o.partner_id and pw.status = 'active' and pw.events @> array[ev.type]::text[]
      offset 0
    ) w
  ), created as (
    insert into webhook_deliveries (webhook_id, partner_id, org_id, status, event, event_id, payload, attempt)
    select h.id, h.partner_id, h.org_id, 'pending', h.type, h.event_id::text,
      -- The payload of doc 2; the timestamp in the same form as Date.toISOString().
      jsonb_build_object('id', h.event_id, 'type', h.type::text,
        'timestamp', to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'orgId', h.org_id, 'data', h.data),
      0
    from hooks h
    returning id
  ), fan_out_jobs as (
    -- The first attempts in jobs of FAN_OUT_JOB_SIZE deliveries (see delivery-jobs.ts).
    select graphile_worker.add_jobs(array_agg((
      '${DELIVER_WEBHOOKS_TASK}', json_build_object('deliveryIds', c.ids, 'attempt', 0), null, null,
      ${DELIVERY_JOB_MAX_ATTEMPTS}::int, null, null, null
    )::graphile_worker.job_spec))
    from (
      select array_agg(n.id) as ids from (select id, (row_number() over () - 1) / ${FAN_OUT_JOB_SIZE} as chunk from created) n group by n.chunk
    ) c having count(*) > 0
  ), queued as (
    -- One row per delivery; reading it queues the jobs (a one-time filter, run before the scan).
    select id from created where (select count(*) from fan_out_jobs) >= 0
  )`;

export interface EventInput {
  type: string;
  partnerId: string | null;
  orgId: string | null;
  data: Record<string, unknown>;
}

export async function recordAndFanOutEvent(tx: Tx, input: EventInput): Promise<RecordedEvent> {
  const rows = await tx.$queryRaw<{ id: string; created_at: Date; n: number }[]>(Prisma.sql`
    with ev as (
      insert into events (id, type, partner_id, org_id, data)
      values (gen_random_uuid(), ${input.type}, ${input.partnerId}::uuid, ${input.orgId}::uuid, ${JSON.stringify(input.data ?? {})}::jsonb)
      returning id, type, org_id, created_at, data
    ), ${Prisma.raw(FAN_OUT_CTES)}
    select ev.id::text as id, ev.created_at, (select count(*)::int from queued) as n from ev`);
  return { id: rows[0].id, createdAt: rows[0].created_at, deliveries: rows[0].n };
}

/**
 * Many events in ONE statement (a sweep's device.offline for a batch of devices): the same
 * rows and deliveries as recordAndFanOutEvent for each, without a round trip per event.
 * Answers how many deliveries were queued.
 */
export async function recordAndFanOutEvents(tx: Tx, events: EventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const list = JSON.stringify(events.map((e) => ({ type: e.type, partnerId: e.partnerId, orgId: e.orgId, data: e.data ?? {} })));
  const rows = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    with ev as (
      insert into events (id, type, partner_id, org_id, data)
      select gen_random_uuid(), t.type, t."partnerId", t."orgId", t.data
      from jsonb_to_recordset(${list}::jsonb) as t(type text, "partnerId" uuid, "orgId" uuid, data jsonb)
      returning id, type, org_id, created_at, data
    ), ${Prisma.raw(FAN_OUT_CTES)}
    select (select count(*)::int from queued) as n`);
  return rows[0].n;
}
