// POST /software/deployments: a software deployment created, initialized and started in one
// transaction (startNow, default), or left as a draft.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import type { CreateSoftwareDeploymentInput, TDeployment } from '@/lib/deployments/schemas';
import { validatePayload } from '@/lib/deployments/validate-payload';
import { rolloutColumns, scheduleColumns, targetColumns } from '@/lib/deployments/create-deployment';
import { initializeIn } from '@/lib/deployments/initialize-deployment';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';
import { wakeDeployment } from '@/lib/deployments/change-deployment-state';
import { assertFilterTargets } from '@/lib/deployments/filter-targets';

export async function createSoftwareDeployment(ctx: ActorContext, input: CreateSoftwareDeploymentInput): Promise<TDeployment> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'deployments');
  return db.$transaction(
    async (tx) => {
      await assertWindowTargets(tx, ctx, owner, input.targets);
      await assertFilterTargets(tx, ctx, owner, input.targets.filterIds);
      const payload = { packageId: input.packageId, versionId: input.versionId };
      const resolved = await validatePayload(tx, ctx, 'software', payload);
      const label = resolved.kind === 'software' ? `${resolved.pkg.name} ${resolved.version.version}` : 'Software';
      const created = await tx.deployment.create({
        data: {
          partnerId: owner.partnerId,
          orgId: owner.orgId,
          name: input.name ?? label.slice(0, 255),
          kind: 'software',
          payload: payload as Prisma.InputJsonValue,
          ...targetColumns(input.targets),
          ...rolloutColumns(input.rollout),
          ...scheduleColumns(input.schedule),
          createdBy: ctx.userId,
        },
      });
      await writeAudit(ctx, { action: 'deployment.create', targetType: 'deployment', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, kind: 'software', startNow: input.startNow } }, tx);
      if (!input.startNow) return deploymentDto(ctx, tx, created);
      await initializeIn(tx, ctx, created.id);
      const now = new Date();
      const started = await tx.deployment.update({ where: { id: created.id }, data: { status: 'running', startedAt: now, currentBatch: 1, batchStartedAt: now } });
      await wakeDeployment(tx, created.id);
      await writeAudit(ctx, { action: 'deployment.start', targetType: 'deployment', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { from: 'ready', to: 'running' } }, tx);
      return deploymentDto(ctx, tx, started);
    },
    { timeout: 60_000 },
  );
}
