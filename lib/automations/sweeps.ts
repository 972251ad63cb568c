// The periodic halves of triggers. match_automation_events pairs recent events with the
// enabled event and alert automations of their organization (one set-based query), checks each
// pair against the trigger's filter and starts a run per match; the (automation, event) unique
// key makes a pair start at most one run, whichever worker and however often it looks.
// run_due_automations starts the schedule automations whose next_run_at has passed and moves
// next_run_at on, under SKIP LOCKED so several workers share the work.
import { db } from '@/lib/db';
import type { Automation } from '@/lib/generated/prisma/client';
import { nextCronRun } from '@/lib/automations/cron';
import { orgTimeZone } from '@/lib/automations/manage-automations';
import { createRun, eventMatchesTrigger, resolveTargets } from '@/lib/automations/start-run';
import type { TTargets, TTrigger } from '@/lib/automations/schemas';

/** How far back the matcher looks: events older than this (the worker down longer) are not matched. */
export const MATCH_WINDOW_MINUTES = 60;
const BATCH = 1000;

interface Candidate {
  automation_id: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
}

export async function matchAutomationEvents(): Promise<number> {
  const rows = await db.$queryRaw<Candidate[]>`
    select a.id::text as automation_id, e.id::text as event_id, e.type, e.data
    from automations a
    join events e on e.org_id = a.org_id and e.type = a.event_type
      and e.created_at >= a.created_at and e.created_at > now() - make_interval(mins => ${MATCH_WINDOW_MINUTES})
    where a.enabled and a.event_type is not null
      and not exists (select 1 from automation_runs r where r.automation_id = a.id and r.event_id = e.id)
    order by e.created_at, e.id
    limit ${BATCH}`;
  if (!rows.length) return 0;
  const automations = new Map<string, Automation>(
    (await db.automation.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.automation_id))] } } })).map((a) => [a.id, a]),
  );
  let started = 0;
  for (const row of rows) {
    const a = automations.get(row.automation_id);
    if (!a) continue;
    const event = { id: row.event_id, type: row.type, data: row.data ?? {} };
    if (!eventMatchesTrigger(a.trigger as TTrigger, event)) continue;
    const created = await db.$transaction(async (tx) => {
      const deviceId = typeof event.data.deviceId === 'string' ? event.data.deviceId : null;
      const deviceIds = deviceId ? await resolveTargets(tx, a.orgId, { deviceIds: [deviceId], groupIds: [] }).catch(() => []) : [];
      return createRun(tx, a, { source: a.triggerType as 'event' | 'alert', event, deviceIds });
    });
    if (created) started++;
  }
  return started;
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
