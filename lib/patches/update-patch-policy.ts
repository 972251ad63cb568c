import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import type { TPatchPolicy, UpdatePatchPolicyInput } from '@/lib/patches/policy-schemas';
import { assertPolicyWindow, assertPolicyWritable, getPatchPolicyOrThrow, toPatchPolicyDto } from '@/lib/patches/patch-policy-scope';

/** Edits a policy; the next run of the worker applies the new rules. */
export async function updatePatchPolicy(ctx: ActorContext, id: string, input: UpdatePatchPolicyInput): Promise<TPatchPolicy> {
  const policy = await db.$transaction(async (tx) => {
    const current = await getPatchPolicyOrThrow(ctx, id, tx);
    assertPolicyWritable(ctx, current);
    const data: Prisma.PatchPolicyUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.sources !== undefined ? { sources: input.sources } : {}),
      ...(input.autoApprove !== undefined ? { autoApprove: input.autoApprove } : {}),
      ...(input.rebootBehavior !== undefined ? { rebootBehavior: input.rebootBehavior } : {}),
    };
    if (input.targets) {
      await assertWindowTargets(tx, ctx, current, input.targets);
      Object.assign(data, { targetOrgIds: input.targets.orgIds, targetSiteIds: input.targets.siteIds, targetGroupIds: input.targets.groupIds, targetDeviceIds: input.targets.deviceIds });
    }
    if (input.maintenanceWindowId !== undefined) {
      if (input.maintenanceWindowId) await assertPolicyWindow(tx, ctx, current, input.maintenanceWindowId);
      data.maintenanceWindow = input.maintenanceWindowId ? { connect: { id: input.maintenanceWindowId } } : { disconnect: true };
    }
    const updated = await tx.patchPolicy.update({ where: { id }, data });
    await writeAudit(
      ctx,
      { action: 'patch_policy.update', targetType: 'patch_policy', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input) } },
      tx,
    );
    return updated;
  });
  return toPatchPolicyDto(policy);
}
