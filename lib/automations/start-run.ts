// Creating a run: the loop guard, the run row and its worker job, in the caller's transaction.
// POST /automations/:id/trigger fires the automation as its trigger would (event checked
// against the trigger, conditions applied later by the job); POST /automations/:id/run runs the
// actions now on the devices given, without trigger or conditions.
import { db, type DbOrTx, type Tx } from '@/lib/db';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import type { Automation, Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { automationWhere, getAutomationOrThrow } from '@/lib/automations/automation-scope';
import { matchesEventFilter } from '@/lib/automations/event-filter';
import { RUN_INCLUDE, toRunDto } from '@/lib/automations/to-automation-dto';
import {
  LOOP_GUARD_MAX_RUNS,
  LOOP_GUARD_WINDOW_MINUTES,
  PER_DEVICE_ACTIONS,
  type ListRunsQuery,
  type RunAutomationInput,
  type TAction,
  type TAutomationRun,
  type TTargets,
  type TTrigger,
  type TriggerAutomationInput,
} from '@/lib/automations/schemas';

export const RUN_TASK = 'run_automation';

export interface RunEvent {
  id: string | null;
  type: string;
  data: Record<string, unknown>;
}

export interface NewRun {
  source: 'schedule' | 'event' | 'alert' | 'manual' | 'run';
  event?: RunEvent | null;
  deviceIds: string[];
  requestedBy?: string | null;
}

/** Whether an event satisfies an event or alert trigger. */
export function eventMatchesTrigger(trigger: TTrigger, event: { type: string; data: Record<string, unknown> }): boolean {
  if (trigger.type === 'event') return event.type === trigger.eventType && matchesEventFilter(trigger.filter, event.data);
  if (trigger.type === 'alert') {
    if (event.type !== 'alert.triggered') return false;
    if (trigger.ruleId && event.data.ruleId !== trigger.ruleId) return false;
    return trigger.severities.length === 0 || trigger.severities.includes(event.data.severity as never);
  }
  return false;
}

/** An event a run of this automation caused: the automation's own events name it. */
function causedBySelf(a: Automation, event: RunEvent | null | undefined): boolean {
  return !!event && event.data.automationId === a.id;
}

/**
 * Records a run under the automation's row lock (so concurrent starts count each other in the
 * loop guard) and queues its job; a run the guard stops is stored `suppressed` with the reason.
 * Answers null when the event already started a run of this automation.
 */
export async function createRun(tx: Tx, a: Automation, input: NewRun): Promise<string | null> {
  await tx.$queryRaw`select id from automations where id = ${a.id}::uuid for update`;
  if (input.event?.id) {
    const seen = await tx.automationRun.findFirst({ where: { automationId: a.id, eventId: input.event.id }, select: { id: true } });
    if (seen) return null;
  }
  let reason: string | null = null;
  if (causedBySelf(a, input.event)) reason = 'Loop guard: the event was produced by a run of this automation';
  else {
    const since = new Date(Date.now() - LOOP_GUARD_WINDOW_MINUTES * 60_000);
    // Counted per device when the run has devices: a reconnection storm of a thousand devices
    // is a thousand legitimate runs, while one device re-triggering the automation is a loop.
    const devices = [...new Set(input.deviceIds)];
    const recent = await tx.automationRun.count({ where: { automationId: a.id, createdAt: { gte: since }, status: { not: 'suppressed' }, ...(devices.length ? { deviceIds: { hasSome: devices } } : {}) } });
    if (recent >= LOOP_GUARD_MAX_RUNS) reason = `Loop guard: ${recent} runs within ${LOOP_GUARD_WINDOW_MINUTES} minutes${devices.length ? ' on these devices' : ''} (limit ${LOOP_GUARD_MAX_RUNS})`;
  }
  const now = new Date();
  const run = await tx.automationRun.create({
    data: {
      automationId: a.id,
      partnerId: a.partnerId,
      orgId: a.orgId,
      source: input.source,
      status: reason ? 'suppressed' : 'pending',
      eventId: input.event?.id ?? null,
      event: input.event ? ({ id: input.event.id, type: input.event.type, data: input.event.data } as Prisma.InputJsonValue) : undefined,
      deviceIds: [...new Set(input.deviceIds)],
      reason,
      requestedBy: input.requestedBy ?? null,
      finishedAt: reason ? now : null,
    },
  });
  await tx.automation.update({ where: { id: a.id }, data: { lastRunAt: now } });
  if (!reason) await enqueueJob(tx, RUN_TASK, { runId: run.id }, { jobKey: `automation_run:${run.id}`, maxAttempts: 10 });
  return run.id;
}

/** Devices of the organization among the ids, groups and sites given. */
export async function resolveTargets(client: DbOrTx, orgId: string, t: Pick<TTargets, 'deviceIds' | 'groupIds'> & { siteIds?: string[] }): Promise<string[]> {
  const or: Prisma.DeviceWhereInput[] = [];
  if (t.deviceIds.length) or.push({ id: { in: t.deviceIds } });
  if (t.groupIds.length) or.push({ memberships: { some: { groupId: { in: t.groupIds } } } });
  if (t.siteIds?.length) or.push({ siteId: { in: t.siteIds } });
  if (!or.length) return [];
  const rows = await client.device.findMany({ where: { orgId, status: { notIn: ['decommissioned', 'uninstalled'] }, OR: or }, select: { id: true }, orderBy: { id: 'asc' } });
  return rows.map((r) => r.id);
}

async function eventDevice(client: DbOrTx, orgId: string, data: Record<string, unknown>): Promise<string[]> {
  const id = data.deviceId;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return [];
  const found = await client.device.findFirst({ where: { id, orgId }, select: { id: true } });
  return found ? [found.id] : [];
}

async function runDto(client: DbOrTx, id: string): Promise<TAutomationRun> {
  return toRunDto(await client.automationRun.findUniqueOrThrow({ where: { id }, include: RUN_INCLUDE }));
}

export async function triggerAutomation(ctx: ActorContext, id: string, input: TriggerAutomationInput): Promise<TAutomationRun> {
  return db.$transaction(async (tx) => {
    const a = await getAutomationOrThrow(ctx, id, tx);
    if (!a.enabled) throw conflict('The automation is disabled: enable it, or use POST /automations/:id/run', 'AUTOMATION_DISABLED');
    const trigger = a.trigger as TTrigger;
    let event: RunEvent | null = null;
    let deviceIds: string[];
    if (trigger.type === 'event' || trigger.type === 'alert') {
      if (!input.event) throw badRequest('An event or alert trigger fires on an event: give event.data', [{ path: 'body.event', message: 'Required' }]);
      const type = input.event.type ?? a.eventType!;
      event = { id: null, type, data: input.event.data };
      if (!eventMatchesTrigger(trigger, event)) throw conflict('The event does not match the trigger (its type or filter)', 'EVENT_NOT_MATCHED');
      deviceIds = await eventDevice(tx, a.orgId, event.data);
    } else {
      if (input.event) throw badRequest('Only event and alert triggers take an event', [{ path: 'body.event', message: 'Not allowed for this trigger' }]);
      deviceIds = await resolveTargets(tx, a.orgId, a.targets as TTargets);
    }
    const runId = (await createRun(tx, a, { source: trigger.type, event, deviceIds, requestedBy: ctx.userId }))!;
    await writeAudit(ctx, { action: 'automation.trigger', targetType: 'automation', targetId: a.id, partnerId: a.partnerId, orgId: a.orgId, details: { runId, devices: deviceIds.length } }, tx);
    return runDto(tx, runId);
  });
}

export async function runAutomationNow(ctx: ActorContext, id: string, input: RunAutomationInput): Promise<TAutomationRun> {
  return db.$transaction(async (tx) => {
    const a = await getAutomationOrThrow(ctx, id, tx);
    const wanted = new Set(input.deviceIds);
    const found = await tx.device.findMany({ where: { id: { in: [...wanted] }, orgId: a.orgId }, select: { id: true } });
    if (found.length !== wanted.size) throw badRequest('Device not found in the automation’s organization', [{ path: 'body.deviceIds', message: 'Not found' }], 'REF_NOT_FOUND');
    const groups = await tx.deviceGroup.count({ where: { id: { in: input.groupIds }, orgId: a.orgId } });
    if (groups !== new Set(input.groupIds).size) throw badRequest('Group not found in the automation’s organization', [{ path: 'body.groupIds', message: 'Not found' }], 'REF_NOT_FOUND');
    const deviceIds = await resolveTargets(tx, a.orgId, input);
    const perDevice = (a.actions as TAction[]).some((x) => PER_DEVICE_ACTIONS.has(x.type));
    if (perDevice && deviceIds.length === 0) throw badRequest('The actions act on devices: give deviceIds or groupIds with at least one device', [{ path: 'body.deviceIds', message: 'No devices' }], 'NO_TARGETS');
    const runId = (await createRun(tx, a, { source: 'run', deviceIds, requestedBy: ctx.userId }))!;
    await writeAudit(ctx, { action: 'automation.run', targetType: 'automation', targetId: a.id, partnerId: a.partnerId, orgId: a.orgId, details: { runId, devices: deviceIds.length } }, tx);
    return runDto(tx, runId);
  });
}

export async function listAutomationRuns(ctx: ScopedContext, id: string, query: ListRunsQuery) {
  await getAutomationOrThrow(ctx, id);
  const where: Prisma.AutomationRunWhereInput = { automationId: id, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db.automationRun.findMany({ where, include: RUN_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.automationRun.count({ where }),
  ]);
  return pageResult(rows.map(toRunDto), query, total);
}

export async function getAutomationRun(ctx: ScopedContext, runId: string): Promise<TAutomationRun> {
  const run = await db.automationRun.findFirst({ where: { id: runId, automation: automationWhere(ctx) }, include: RUN_INCLUDE });
  if (!run) throw notFound('Automation run');
  return toRunDto(run);
}
