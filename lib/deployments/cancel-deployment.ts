// POST /deployments/:id/cancel: rows not yet dispatched are cancelled, commands not yet delivered
// are withdrawn (with their script execution or patch job); delivered ones finish and report.
import type { Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { DeploymentKind } from '@/lib/generated/prisma/client';
import type { TDeployment } from '@/lib/deployments/schemas';
import { changeDeploymentState } from '@/lib/deployments/change-deployment-state';

export function cancelDeployment(ctx: ActorContext, id: string, kind?: DeploymentKind): Promise<TDeployment> {
  return changeDeploymentState(ctx, id, 'cancel', () => ({ pauseReason: null, completedAt: new Date() }), { kind, after: (tx) => cancelOpenRows(tx, id) });
}

async function cancelOpenRows(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const now = new Date();
  const waiting = await tx.deploymentDevice.updateMany({ where: { deploymentId: id, status: { in: ['pending', 'waiting'] } }, data: { status: 'cancelled', completedAt: now } });
  const withdrawn = await tx.$queryRaw<{ command_id: string }[]>`
    update device_commands c set status = 'cancelled', completed_at = now(), dedupe_key = null
    from deployment_devices dd
    where dd.deployment_id = ${id}::uuid and dd.status = 'queued' and c.id = dd.command_id and c.status = 'pending'
    returning c.id::text as command_id`;
  const commandIds = withdrawn.map((w) => w.command_id);
  if (commandIds.length) {
    await tx.deploymentDevice.updateMany({ where: { deploymentId: id, commandId: { in: commandIds } }, data: { status: 'cancelled', completedAt: now } });
    await tx.scriptExecution.updateMany({ where: { commandId: { in: commandIds }, status: 'pending' }, data: { status: 'cancelled', completedAt: now, secretsSealed: null } });
    const jobs = await tx.patchJob.findMany({ where: { commandId: { in: commandIds }, status: { in: ['queued', 'scheduled'] } }, select: { id: true } });
    if (jobs.length) {
      const jobIds = jobs.map((j) => j.id);
      await tx.patchJob.updateMany({ where: { id: { in: jobIds } }, data: { status: 'cancelled', completedAt: now, error: 'The deployment was cancelled' } });
      // The patches the job was about to install are available again.
      await tx.devicePatch.updateMany({ where: { lastJobId: { in: jobIds }, status: 'installing' }, data: { status: 'available' } });
    }
  }
  return { cancelledDevices: waiting.count + commandIds.length };
}
