// The rollout engine (worker task advance_deployments: every minute, and at once on start,
// resume, retry and each device result). Per running deployment, under its row lock, so any
// number of workers can run it and a repeated run changes nothing:
//   1. rows follow their command: delivered → running; timed out or withdrawn → failed;
//   2. past the deadline, rows not yet dispatched → expired;
//   3. pending/waiting rows of the current batch are dispatched, or wait for a maintenance window;
//   4. every row terminal → completed (none failed or expired) or failed;
//   5. failure rate over the threshold after a full batch → paused (failure_threshold);
//   6. current batch all terminal and batchIntervalMinutes passed → next batch (back to 3).
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Deployment } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { nextDeploymentState } from '@/lib/deployments/transitions';
import { validatePayload, type ResolvedPayload } from '@/lib/deployments/validate-payload';
import { deviceGates } from '@/lib/deployments/maintenance-gates';
import { dispatchDeploymentDevice } from '@/lib/deployments/dispatch-deployment-device';
import { wakeDeployment } from '@/lib/deployments/change-deployment-state';

/** Advances one deployment, or every running one; returns how many were looked at. */
export async function advanceDeployments(deploymentId?: string): Promise<number> {
  const ids = deploymentId ? [deploymentId] : (await db.deployment.findMany({ where: { status: 'running' }, select: { id: true }, orderBy: { startedAt: 'asc' } })).map((d) => d.id);
  for (const id of ids) await db.$transaction((tx) => advanceDeployment(tx, id), { timeout: 120_000 });
  return ids.length;
}

async function advanceDeployment(tx: Tx, id: string): Promise<void> {
  await tx.$queryRaw`select 1 from deployments where id = ${id}::uuid for update`;
  let d = await tx.deployment.findUnique({ where: { id } });
  if (!d || d.status !== 'running') return;
  await followCommands(tx, id);
  if (d.deadline && d.deadline <= new Date()) {
    await tx.deploymentDevice.updateMany({ where: { deploymentId: id, status: { in: ['pending', 'waiting'] } }, data: { status: 'expired', error: 'The deadline passed before the device could be reached', completedAt: new Date() } });
  }
  let payload: ResolvedPayload | null | undefined;
  for (;;) {
    const open = await tx.deploymentDevice.findMany({ where: { deploymentId: id, batch: { lte: d.currentBatch }, status: { in: ['pending', 'waiting'] } }, orderBy: [{ batch: 'asc' }, { hostname: 'asc' }] });
    if (open.length) {
      if (payload === undefined) payload = await resolvePayload(tx, d);
      await dispatchRows(tx, d, open, payload);
    }
    const stats = await batchStats(tx, d);
    if (stats.allTerminal) {
      const next = stats.failedOrExpired > 0 ? 'fail' : 'complete';
      await tx.deployment.update({ where: { id }, data: { status: nextDeploymentState('running', next) as 'completed' | 'failed', completedAt: new Date() } });
      return;
    }
    const fullBatchDone = d.currentBatch > 1 || stats.currentBatchTerminal;
    if (fullBatchDone && stats.finished > 0 && stats.failedOrExpired * 100 > d.failureThresholdPercent * stats.finished && stats.failedSinceResume) {
      await tx.deployment.update({ where: { id }, data: { status: nextDeploymentState('running', 'threshold_pause') as 'paused', pauseReason: 'failure_threshold' } });
      return;
    }
    if (!stats.currentBatchTerminal || d.currentBatch >= d.totalBatches) return;
    const due = new Date((stats.batchFinishedAt ?? new Date()).getTime() + d.batchIntervalMinutes * 60_000);
    if (due > new Date()) {
      await wakeDeployment(tx, id, due);
      return;
    }
    d = await tx.deployment.update({ where: { id }, data: { currentBatch: d.currentBatch + 1, batchStartedAt: new Date() } });
  }
}

/** Rows follow their command's delivery, and the sweep's timeouts (no result will come). */
async function followCommands(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`
    update deployment_devices dd set status = 'running', started_at = coalesce(c.sent_at, dd.started_at), updated_at = now()
    from device_commands c where dd.deployment_id = ${id}::uuid and dd.status = 'queued' and c.id = dd.command_id and c.status = 'sent'`;
  await tx.$executeRaw`
    update deployment_devices dd set status = 'failed', completed_at = now(), updated_at = now(),
      error = case c.status when 'timed_out' then 'No result from the agent before the command timed out' else 'The command was cancelled' end
    from device_commands c where dd.deployment_id = ${id}::uuid and dd.status in ('queued', 'running') and c.id = dd.command_id and c.status in ('timed_out', 'cancelled')`;
  await tx.$executeRaw`
    update deployment_devices dd set status = 'failed', completed_at = now(), updated_at = now(), error = 'The command no longer exists (device removed)'
    where dd.deployment_id = ${id}::uuid and dd.status in ('queued', 'running') and dd.command_id is not null
      and not exists (select 1 from device_commands c where c.id = dd.command_id)`;
}

/** The payload as it is now; a catalog version or script deleted since start fails the rows. */
async function resolvePayload(tx: Tx, d: Deployment): Promise<ResolvedPayload | null> {
  const ctx = { scope: d.orgId ? 'organization' : 'partner', partnerId: d.partnerId, orgId: d.orgId, orgAccess: 'all', orgIds: d.orgId ? [d.orgId] : [] } as const;
  try {
    return await validatePayload(tx, ctx as unknown as ActorContext, d.kind, d.payload);
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return null;
    throw e;
  }
}

async function dispatchRows(tx: Tx, d: Deployment, rows: Awaited<ReturnType<Tx['deploymentDevice']['findMany']>>, payload: ResolvedPayload | null): Promise<void> {
  const gates = await deviceGates(tx, rows.map((r) => r.deviceId));
  const now = new Date();
  for (const row of rows) {
    const device = gates.get(row.deviceId);
    const fail = (status: 'failed' | 'skipped', error: string) => tx.deploymentDevice.update({ where: { id: row.id }, data: { status, error, completedAt: now } });
    if (!payload) await fail('failed', 'The payload is no longer available (deleted from the catalog or library)');
    else if (!device) await fail('failed', 'The device no longer exists');
    else if (device.status === 'uninstalled' || device.status === 'decommissioned') await fail('failed', `The device is ${device.status}: it takes no commands`);
    else if ((d.maintenanceWindowOnly && !device.inWindow) || device.suppressed) {
      const error = device.suppressed ? 'A maintenance window suppresses deployments on this device now' : 'Waiting for a maintenance window';
      if (row.status !== 'waiting' || row.error !== error) await tx.deploymentDevice.update({ where: { id: row.id }, data: { status: 'waiting', error } });
    } else {
      const out = await dispatchDeploymentDevice(tx, d, row, device, payload);
      if (out.status === 'queued') {
        await tx.deploymentDevice.update({ where: { id: row.id }, data: { status: 'queued', commandId: out.commandId, attempts: { increment: 1 }, error: null, startedAt: now } });
      } else if (out.status === 'waiting') {
        await tx.deploymentDevice.update({ where: { id: row.id }, data: { status: 'waiting', error: out.error } });
      } else await fail(out.status, out.error);
    }
  }
}

async function batchStats(tx: Tx, d: Deployment) {
  const rows = await tx.$queryRaw<{ all_open: number; batch_open: number; finished: number; bad: number; bad_since_resume: number; batch_finished_at: Date | null }[]>`
    select
      count(*) filter (where status not in ('succeeded', 'failed', 'skipped', 'expired', 'cancelled'))::int as all_open,
      count(*) filter (where batch <= ${d.currentBatch} and status not in ('succeeded', 'failed', 'skipped', 'expired', 'cancelled'))::int as batch_open,
      count(*) filter (where batch <= ${d.currentBatch} and status in ('succeeded', 'failed', 'expired'))::int as finished,
      count(*) filter (where batch <= ${d.currentBatch} and status in ('failed', 'expired'))::int as bad,
      count(*) filter (where batch <= ${d.currentBatch} and status in ('failed', 'expired') and (${d.resumedAt}::timestamptz is null or completed_at > ${d.resumedAt}::timestamptz))::int as bad_since_resume,
      max(completed_at) filter (where batch = ${d.currentBatch}) as batch_finished_at
    from deployment_devices where deployment_id = ${d.id}::uuid`;
  const r = rows[0];
  return {
    allTerminal: r.all_open === 0,
    currentBatchTerminal: r.batch_open === 0,
    finished: r.finished,
    failedOrExpired: r.bad,
    failedSinceResume: r.bad_since_resume > 0,
    batchFinishedAt: r.batch_finished_at,
  };
}
