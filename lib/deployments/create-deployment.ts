// POST /deployments: a draft with its payload and targets checked against the caller's scope.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import type { CreateDeploymentInput, TDeployment } from '@/lib/deployments/schemas';
import { validatePayload } from '@/lib/deployments/validate-payload';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';
import { assertFilterTargets } from '@/lib/deployments/filter-targets';

export async function createDeployment(ctx: ActorContext, input: CreateDeploymentInput): Promise<TDeployment> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'deployments');
  return db.$transaction(async (tx) => {
    await assertWindowTargets(tx, ctx, owner, input.targets);
    await assertFilterTargets(tx, ctx, owner, input.targets.filterIds);
    await validatePayload(tx, ctx, input.kind, input.payload);
    const created = await tx.deployment.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        kind: input.kind,
        payload: input.payload as Prisma.InputJsonValue,
        ...targetColumns(input.targets),
        ...rolloutColumns(input.rollout),
        ...scheduleColumns(input.schedule),
        createdBy: ctx.userId,
      },
    });
    await writeAudit(ctx, { action: 'deployment.create', targetType: 'deployment', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, kind: created.kind } }, tx);
    return deploymentDto(ctx, tx, created);
  });
}

export const targetColumns = (t: CreateDeploymentInput['targets']) => ({ targetOrgIds: t.orgIds, targetSiteIds: t.siteIds, targetGroupIds: t.groupIds, targetDeviceIds: t.deviceIds, targetFilterIds: t.filterIds });
export const rolloutColumns = (r: CreateDeploymentInput['rollout']) => ({
  strategy: r.strategy,
  batchSize: r.batchSize,
  batchPercent: r.batchPercent,
  failureThresholdPercent: r.failureThresholdPercent,
  batchIntervalMinutes: r.batchIntervalMinutes,
});
export const scheduleColumns = (s: CreateDeploymentInput['schedule']) => ({ maintenanceWindowOnly: s.maintenanceWindowOnly, deadline: s.deadline ? new Date(s.deadline) : null });
