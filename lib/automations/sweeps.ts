// The periodic halves of triggers. match_automation_events pairs recent events with the
// enabled event and alert automations of their organization (one set-based query), checks each
// pair against the trigger's filter and starts a run per match; the (automation, event) unique
// key makes a pair start at most one run, whichever worker and however often it looks.
// run_due_automations starts the schedule automations whose next_run_at has passed and moves
// next_run_at on, under SKIP LOCKED so several workers share the work.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { Automation } from '@/lib/generated/prisma/client';
import { nextCronRun } from '@/lib/automations/cron';
import { orgTimeZone } from '@/lib/automations/manage-automations';
import { createRun, eventMatchesTrigger, resolveTargets } from '@/lib/automations/start-run';
import type { TTargets, TTrigger } from '@/lib/automations/schemas';

/** How far back the matcher looks: events older than this (the worker down longer) are not matched. */
export const MATCH_WINDOW_MINUTES = 30;
const BATCH = 1000;

interface Candidate {
  automation_id: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/**
 * Pages through the window by (created_at, event id, automation id), so events that do not
 * pass a filter never hide later ones; each call looks at the whole window again (pairs that
 * already started a run are left out by the query).
 */
export async function matchAutomationEvents(): Promise<number> {
  let started = 0;
  let after: { at: Date; eventId: string; automationId: string } | null = null;
  for (;;) {
    const rows: Candidate[] = await db.$queryRaw<Candidate[]>`
      select a.id::text as automation_id, e.id::text as event_id, e.type, e.data, e.created_at
      from automations a
      join events e on e.org_id = a.org_id and e.type = a.event_type
        and e.created_at >= a.created_at and e.created_at > now() - make_interval(mins => ${MATCH_WINDOW_MINUTES})
      where a.enabled and a.event_type is not null
        and not exists (select 1 from automation_runs r where r.automation_id = a.id and r.event_id = e.id)
        ${after ? Prisma.sql`and (e.created_at, e.id, a.id) > (${after.at}, ${after.eventId}::uuid, ${after.automationId}::uuid)` : Prisma.empty}
      order by e.created_at, e.id, a.id
      limit ${BATCH}`;
    if (!rows.length) return started;
    const automations = new Map<string, Automation>(
      (await db.automation.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.automation_id))] } } })).map((a) => [a.id, a]),
    );
    for (const row of rows) {
      const a = automations.get(row.automation_id);
      if (!a) continue;
      const event = { id: row.event_id, type: row.type, data: row.data ?? {} };
      if (!eventMatchesTrigger(a.trigger as TTrigger, event)) continue;
      const created = await db.$transaction(async (tx) => {
        const deviceId = typeof event.data.deviceId === 'string' && /^[0-9a-f-]{36}$/i.test(event.data.deviceId) ? event.data.deviceId : null;
        const deviceIds = deviceId ? await resolveTargets(tx, a.orgId, { deviceIds: [deviceId], groupIds: [] }) : [];
        return createRun(tx, a, { source: a.triggerType as 'event' | 'alert', event, deviceIds });
      });
      if (created) started++;
    }
    if (rows.length < BATCH) return started;
    const last = rows[rows.length - 1];
    after = { at: last.created_at, eventId: last.event_id, automationId: last.automation_id };
  }
}

export async function runDueAutomations(now = new Date()): Promise<number> {
  let started = 0;
  for (;;) {
    const done = await db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        select id::text from automations
        where enabled and trigger_type = 'schedule' and next_run_at <= ${now}
        order by next_run_at limit 1 for update skip locked`;
      if (!due.length) return true;
      const a = await tx.automation.findUniqueOrThrow({ where: { id: due[0].id } });
      const trigger = a.trigger as TTrigger;
      const deviceIds = await resolveTargets(tx, a.orgId, a.targets as TTargets);
      await createRun(tx, a, { source: 'schedule', deviceIds });
      const next = trigger.type === 'schedule' ? nextCronRun(trigger.cron, now, await orgTimeZone(tx, a.orgId)) : null;
      await tx.automation.update({ where: { id: a.id }, data: { nextRunAt: next } });
      started++;
      return false;
    });
    if (done) return started;
  }
}
