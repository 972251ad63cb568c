// The run_automation job. Three phases, each its own transaction under the run's row lock:
// plan (conditions per device, one step row per action and device, `automation.started`),
// one transaction per step (the action's effect and the step's outcome commit together), and
// finish (`automation.completed` or `automation.failed`). A job re-run after a crash finds the
// run's state in the database and goes on with the steps still pending: each action happens once.
// A run_script step is `running` until the agent's result settles it (settle-script-steps.ts);
// the job stops before the next action while one is, and the result queues the job again.
import { db, type Tx } from '@/lib/db';
import type { Automation, AutomationRun, AutomationRunStep, Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { emitEvent } from '@/lib/events/emit-event';
import { executeScript } from '@/lib/scripts/executions/execute-script';
import { acceptsCommands, commandRow, insertCommands } from '@/lib/devices/create-device-command';
import { addStaticMembers } from '@/lib/device-groups/add-group-devices';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import { externalPsaConnectionId, requestPsaTicket } from '@/lib/psa/psa-ticket-requests';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { sendWebhookRequest } from '@/lib/webhooks/send-webhook-request';
import { USER_AGENT } from '@/lib/webhooks/attempt-delivery';
import { writeAudit } from '@/lib/audit/write-audit';
import { lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition } from '@/lib/deployments/transitions';
import { wakeDeployment } from '@/lib/deployments/change-deployment-state';
import { actingAs } from '@/lib/automations/acting-as';
import { PER_DEVICE_ACTIONS, type TAction, type TConditions } from '@/lib/automations/schemas';
import { notifyChannel } from '@/lib/automations/notify-channel';

type Outcome = { status: 'succeeded' | 'skipped' | 'running'; result: Record<string, unknown>; error?: string; executionId?: string };

/** A webhook action holds its step's transaction open while it waits: kept short. */
const WEBHOOK_TIMEOUT_MS = 10_000;

async function lockRun(tx: Tx, runId: string): Promise<(AutomationRun & { automation: Automation }) | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`select id from automation_runs where id = ${runId}::uuid for update`;
  if (!rows.length) return null;
  return tx.automationRun.findUnique({ where: { id: runId }, include: { automation: true } });
}

function eventData(run: AutomationRun & { automation: Automation }, extra: Record<string, unknown> = {}) {
  return { automationId: run.automationId, runId: run.id, name: run.automation.name, source: run.source, ...extra };
}

/** Devices among the run's that meet the conditions (all of them for POST /run). */
async function eligibleDevices(tx: Tx, run: AutomationRun, conditions: TConditions): Promise<string[]> {
  if (!run.deviceIds.length) return [];
  const apply = run.source !== 'run';
  const rows = await tx.device.findMany({
    where: {
      id: { in: run.deviceIds },
      orgId: run.orgId,
      ...(apply && conditions.osTypes.length ? { osType: { in: conditions.osTypes } } : {}),
      ...(apply && conditions.statuses.length ? { status: { in: conditions.statuses } } : {}),
      ...(apply && conditions.siteIds.length ? { siteId: { in: conditions.siteIds } } : {}),
      ...(apply && conditions.tags.length ? { tags: { hasSome: conditions.tags } } : {}),
    },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => r.id);
}

async function plan(runId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run) return false;
    if (run.status !== 'pending') return run.status === 'running';
    const actions = run.automation.actions as TAction[];
    const devices = await eligibleDevices(tx, run, run.automation.conditions as TConditions);
    const steps: Prisma.AutomationRunStepCreateManyInput[] = actions.flatMap((action, actionIndex): Prisma.AutomationRunStepCreateManyInput[] =>
      PER_DEVICE_ACTIONS.has(action.type) ? devices.map((deviceId) => ({ runId, actionIndex, actionType: action.type, deviceId })) : [{ runId, actionIndex, actionType: action.type, deviceId: null }],
    );
    await tx.automationRunStep.createMany({ data: steps });
    await tx.automationRun.update({ where: { id: runId }, data: { status: 'running', startedAt: new Date() } });
    await emitEvent(tx, { type: 'automation.started', partnerId: run.partnerId, orgId: run.orgId, data: eventData(run, { deviceIds: devices, steps: steps.length }) });
    return true;
  });
}

async function perform(tx: Tx, run: AutomationRun & { automation: Automation }, step: AutomationRunStep, action: TAction): Promise<Outcome> {
  const ctx = actingAs(run.automation, run.id);
  switch (action.type) {
    case 'run_script': {
      const out = await executeScript(ctx, action.scriptId, { deviceIds: [step.deviceId!], parameters: action.parameters, variables: {}, secretVariables: {} }, tx);
      const execution = out.executions[0];
      // Queued: the step waits for the agent's result (or the time-out) to settle it.
      if (execution) return { status: 'running', result: { executionId: execution.id, commandId: execution.commandId }, executionId: execution.id };
      if (out.skipped[0]) return { status: 'skipped', result: {}, error: `Not run: ${out.skipped[0].reason}` };
      throw new AppError('SCRIPT_NOT_QUEUED', 409, out.failed[0]?.message ?? 'The script could not be queued');
    }
    case 'device_command': {
      const device = await tx.device.findFirst({ where: { id: step.deviceId!, orgId: run.orgId } });
      if (!device) throw new AppError('NOT_FOUND', 404, 'Device not found');
      if (!acceptsCommands(device)) return { status: 'skipped', result: {}, error: `The device is ${device.status}: it takes no commands` };
      const [created] = await insertCommands(tx, [commandRow(device, action.command, 'automation', run.automation.createdBy)]);
      if (!created) return { status: 'skipped', result: {}, error: `A ${action.command.type} command is already pending` };
      return { status: 'succeeded', result: { commandId: created.id } };
    }
    case 'add_to_group': {
      const group = await tx.deviceGroup.findFirst({ where: { id: action.groupId, orgId: run.orgId } });
      if (!group) throw new AppError('NOT_FOUND', 404, 'The group no longer exists');
      if (group.type !== 'static') throw new AppError('GROUP_NOT_STATIC', 409, 'Devices can be added to static groups only');
      const out = await addStaticMembers(tx, ctx, group, [step.deviceId!]);
      if (out.added.length) return { status: 'succeeded', result: { groupId: group.id, added: true } };
      if (out.skipped[0]) return { status: 'skipped', result: { groupId: group.id, added: false }, error: out.skipped[0].reason };
      throw new AppError(out.failed[0]?.code ?? 'FAILED', 409, out.failed[0]?.message ?? 'Not added');
    }
    case 'create_ticket': {
      // External service management: the ticket is opened in the partner's PSA by a job.
      const psaConnectionId = await externalPsaConnectionId(tx, run.partnerId);
      if (psaConnectionId) {
        const event = (run.event ?? {}) as { type?: string; data?: { alertId?: unknown } };
        const named = typeof event.type === 'string' && event.type.startsWith('alert.') && typeof event.data?.alertId === 'string' ? event.data.alertId : null;
        // A manually fired run may name any id: only an alert of the run's organization counts.
        const alertId = named && /^[0-9a-f-]{36}$/i.test(named) ? ((await tx.alert.findFirst({ where: { id: named, orgId: run.orgId }, select: { id: true } }))?.id ?? null) : null;
        const { request, created } = await requestPsaTicket(tx, { partnerId: run.partnerId, connectionId: psaConnectionId, orgId: run.orgId, alertId, sourceKey: alertId ? `alert:${alertId}` : `step:${step.id}`, origin: 'automation', subject: action.subject, description: action.description });
        return { status: created ? 'succeeded' : 'skipped', result: { psaTicketRequestId: request.id, alertId }, ...(created ? {} : { error: 'A PSA ticket already tracks this alert' }) };
      }
      const deviceId = run.deviceIds.length === 1 ? run.deviceIds[0] : null;
      const ticket = await insertTicket(tx, ctx, { partnerId: run.partnerId, orgId: run.orgId, deviceId, subject: action.subject, description: action.description, priority: action.priority, source: 'automation', createdById: null }, { notify: false });
      return { status: 'succeeded', result: { ticketId: ticket.id, number: ticket.number } };
    }
    case 'start_deployment': {
      // POST /deployments/:id/start inside the step's transaction, so the start and the step's
      // outcome commit together.
      const current = await lockDeployment(tx, ctx, action.deploymentId);
      const next = assertDeploymentTransition(current.status, 'start');
      const now = new Date();
      await tx.deployment.update({ where: { id: current.id }, data: { status: next as 'running', startedAt: now, currentBatch: 1, batchStartedAt: now, pauseReason: null } });
      await wakeDeployment(tx, current.id);
      await writeAudit(ctx, { action: 'deployment.start', targetType: 'deployment', targetId: current.id, partnerId: current.partnerId, orgId: current.orgId, details: { from: current.status, to: next, automationRunId: run.id } }, tx);
      return { status: 'succeeded', result: { deploymentId: current.id } };
    }
    case 'call_webhook': {
      // Checked again at call time: the name may resolve elsewhere now. The pinned address is
      // the one connected to, so no second lookup can lead the request somewhere else.
      const check = await checkWebhookUrl(action.url);
      if (!check.ok) throw new AppError('UNSAFE_URL', 409, `The webhook URL is refused: ${check.reason}`);
      const body = JSON.stringify({ automationId: run.automationId, runId: run.id, name: run.automation.name, source: run.source, event: run.event ?? null, deviceIds: run.deviceIds });
      const res = await sendWebhookRequest({ url: check.url, pinned: check.pinned, headers: { ...action.headers, 'content-type': 'application/json', 'user-agent': USER_AGENT }, body, timeoutMs: WEBHOOK_TIMEOUT_MS });
      if (res.error) throw new AppError('WEBHOOK_UNREACHABLE', 502, res.error);
      if (res.status === null || res.status < 200 || res.status >= 300) throw new AppError('WEBHOOK_REJECTED', 502, `The webhook answered ${res.status}`);
      return { status: 'succeeded', result: { status: res.status, durationMs: res.durationMs } };
    }
    case 'notify_channel':
      return notifyChannel(tx, run, action);
  }
}

async function runStep(runId: string, stepId: string): Promise<void> {
  try {
    await db.$transaction(
      async (tx) => {
        const run = await lockRun(tx, runId);
        if (!run || run.status !== 'running') return;
        const step = await tx.automationRunStep.findUnique({ where: { id: stepId } });
        if (!step || step.status !== 'pending') return;
        const action = (run.automation.actions as TAction[])[step.actionIndex];
        const out: Outcome = action ? await perform(tx, run, step, action) : { status: 'skipped', result: {}, error: 'The action was removed from the automation' };
        await tx.automationRunStep.update({
          where: { id: stepId },
          data: { status: out.status, result: out.result as Prisma.InputJsonValue, error: out.error ?? null, executionId: out.executionId ?? null, finishedAt: out.status === 'running' ? null : new Date() },
        });
      },
      { timeout: WEBHOOK_TIMEOUT_MS + 20_000 },
    );
  } catch (e) {
    // The action's transaction rolled back: nothing it did stays. Only refusals the domain
    // raised settle the step as failed; anything else (the database gone) retries the job.
    if (!(e instanceof AppError)) throw e;
    await db.automationRunStep.updateMany({ where: { id: stepId, status: 'pending' }, data: { status: 'failed', error: `${e.code}: ${e.message}`.slice(0, 2000), finishedAt: new Date() } });
  }
}

async function finish(runId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!run || run.status !== 'running') return;
    const counts = await tx.automationRunStep.groupBy({ by: ['status'], where: { runId }, _count: { _all: true } });
    const n = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
    if (n('pending') > 0 || n('running') > 0) return;
    const failed = n('failed');
    const status = failed > 0 ? 'failed' : 'completed';
    await tx.automationRun.update({ where: { id: runId }, data: { status, finishedAt: new Date(), reason: failed > 0 ? `${failed} step(s) failed` : null } });
    await emitEvent(tx, {
      type: status === 'failed' ? 'automation.failed' : 'automation.completed',
      partnerId: run.partnerId,
      orgId: run.orgId,
      data: eventData(run, { status, succeeded: n('succeeded'), failed, skipped: n('skipped') }),
    });
  });
}

async function waitingBefore(runId: string, actionIndex: number): Promise<boolean> {
  return (await db.automationRunStep.count({ where: { runId, status: 'running', actionIndex: { lt: actionIndex } } })) > 0;
}

export async function executeAutomationRun(runId: string): Promise<void> {
  if (!(await plan(runId))) return;
  const pending = await db.automationRunStep.findMany({ where: { runId, status: 'pending' }, orderBy: [{ actionIndex: 'asc' }, { deviceId: 'asc' }], select: { id: true, actionIndex: true } });
  for (const step of pending) {
    // Actions run in order: one waits until every script of the actions before it has its result.
    // The job ends here; the last result to arrive queues it again.
    if (await waitingBefore(runId, step.actionIndex)) return;
    await runStep(runId, step.id);
  }
  await finish(runId);
}
