// DELETE /deployments/:id: not while it can still dispatch (running, paused): cancel first.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertDeploymentWritable } from '@/lib/deployments/deployment-scope';
import { lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition } from '@/lib/deployments/transitions';

export async function deleteDeployment(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockDeployment(tx, ctx, id);
    assertDeploymentWritable(ctx, current);
    assertDeploymentTransition(current.status, 'delete');
    await tx.deployment.delete({ where: { id } });
    await writeAudit(ctx, { action: 'deployment.delete', targetType: 'deployment', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name, status: current.status } }, tx);
  });
}
