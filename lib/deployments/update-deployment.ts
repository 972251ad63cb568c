// PATCH /deployments/:id: draft or ready only; an edit of a ready deployment drops its device
// rows and returns it to draft (the targets or payload they were resolved from may change).
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import type { TDeployment, UpdateDeploymentInput } from '@/lib/deployments/schemas';
import { assertDeploymentWritable } from '@/lib/deployments/deployment-scope';
import { lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition } from '@/lib/deployments/transitions';
import { validatePayload } from '@/lib/deployments/validate-payload';
import { rolloutColumns, scheduleColumns, targetColumns } from '@/lib/deployments/create-deployment';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';
import { assertFilterTargets } from '@/lib/deployments/filter-targets';

export async function updateDeployment(ctx: ActorContext, id: string, input: UpdateDeploymentInput): Promise<TDeployment> {
  return db.$transaction(async (tx) => {
    const current = await lockDeployment(tx, ctx, id);
    assertDeploymentWritable(ctx, current);
    const next = assertDeploymentTransition(current.status, 'update');
    if (input.targets) await assertWindowTargets(tx, ctx, current, input.targets);
    if (input.targets) await assertFilterTargets(tx, ctx, current, input.targets.filterIds);
    if (input.payload) await validatePayload(tx, ctx, current.kind, input.payload);
    const data: Prisma.DeploymentUncheckedUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.payload ? { payload: input.payload as Prisma.InputJsonValue } : {}),
      ...(input.targets ? targetColumns(input.targets) : {}),
      ...(input.rollout ? rolloutColumns(input.rollout) : {}),
      ...(input.schedule ? scheduleColumns(input.schedule) : {}),
      status: next as 'draft',
      totalBatches: 0,
    };
    if (current.status === 'ready') await tx.deploymentDevice.deleteMany({ where: { deploymentId: id } });
    const updated = await tx.deployment.update({ where: { id }, data });
    await writeAudit(ctx, { action: 'deployment.update', targetType: 'deployment', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input), from: current.status, to: updated.status } }, tx);
    return deploymentDto(ctx, tx, updated);
  });
}
