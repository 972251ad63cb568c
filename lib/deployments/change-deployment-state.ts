// The manual transitions of a running rollout (start, pause, resume): lock, check the table,
// write, audit, and wake the worker when the deployment (again) runs.
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Deployment, DeploymentKind, Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import type { TDeployment } from '@/lib/deployments/schemas';
import { assertDeploymentWritable } from '@/lib/deployments/deployment-scope';
import { ADVANCE_TASK, advanceJobKey, lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition, type DeploymentAction } from '@/lib/deployments/transitions';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';

export async function changeDeploymentState(
  ctx: ActorContext,
  id: string,
  action: DeploymentAction,
  data: (current: Deployment) => Prisma.DeploymentUncheckedUpdateInput,
  opts: { kind?: DeploymentKind; after?: (tx: Tx, d: Deployment) => Promise<Record<string, unknown>> } = {},
): Promise<TDeployment> {
  return db.$transaction(async (tx) => {
    const current = await lockDeployment(tx, ctx, id, opts.kind);
    assertDeploymentWritable(ctx, current);
    const next = assertDeploymentTransition(current.status, action);
    const updated = await tx.deployment.update({ where: { id }, data: { ...data(current), status: next as Deployment['status'] } });
    const details = opts.after ? await opts.after(tx, updated) : {};
    if (updated.status === 'running') await wakeDeployment(tx, id);
    await writeAudit(ctx, { action: `deployment.${action}`, targetType: 'deployment', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { from: current.status, to: updated.status, ...details } }, tx);
    return deploymentDto(ctx, tx, updated);
  });
}

/** Runs advance_deployments for this deployment now (one queued job per deployment at most). */
export async function wakeDeployment(tx: Tx, id: string, runAt?: Date): Promise<void> {
  await enqueueJob(tx, ADVANCE_TASK, { deploymentId: id }, { jobKey: advanceJobKey(id), runAt });
}
