// POST /deployments/:id/devices/:deviceId/retry: a failed, expired or cancelled row goes back to
// pending in the current batch; a finished deployment runs again.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { TDeploymentDevice } from '@/lib/deployments/schemas';
import { assertDeploymentWritable } from '@/lib/deployments/deployment-scope';
import { lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition } from '@/lib/deployments/transitions';
import { wakeDeployment } from '@/lib/deployments/change-deployment-state';
import { toDeploymentDeviceDto } from '@/lib/deployments/to-deployment-device-dto';

const RETRYABLE = ['failed', 'expired', 'cancelled'] as const;

export async function retryDeploymentDevice(ctx: ActorContext, id: string, deviceId: string): Promise<TDeploymentDevice> {
  return db.$transaction(async (tx) => {
    const deployment = await lockDeployment(tx, ctx, id);
    assertDeploymentWritable(ctx, deployment);
    const next = assertDeploymentTransition(deployment.status, 'retry');
    const row = await tx.deploymentDevice.findFirst({ where: { AND: [{ deploymentId: id, deviceId }, tenantWhere(ctx)] } });
    if (!row) throw notFound('Deployment device');
    if (!(RETRYABLE as readonly string[]).includes(row.status)) {
      throw conflict(`A ${row.status} device cannot be retried (only failed, expired or cancelled ones)`, 'DEPLOYMENT_STATE', { status: deployment.status, action: 'retry', deviceStatus: row.status });
    }
    const batch = Math.max(deployment.currentBatch, 1);
    const updated = await tx.deploymentDevice.update({
      where: { id: row.id },
      data: { status: 'pending', batch, commandId: null, error: null, output: null, completedAt: null, startedAt: null },
    });
    if (next !== deployment.status) {
      await tx.deployment.update({ where: { id }, data: { status: 'running', completedAt: null, currentBatch: batch, resumedAt: new Date() } });
    }
    if (next === 'running') await wakeDeployment(tx, id);
    await writeAudit(
      ctx,
      { action: 'deployment.retry_device', targetType: 'deployment', targetId: id, partnerId: deployment.partnerId, orgId: deployment.orgId, details: { deviceId, from: row.status, previousCommandId: row.commandId, deploymentStatus: next } },
      tx,
    );
    return toDeploymentDeviceDto(updated);
  });
}
