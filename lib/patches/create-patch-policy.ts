import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import type { CreatePatchPolicyInput, TPatchPolicy } from '@/lib/patches/policy-schemas';
import { assertPolicyWindow, toPatchPolicyDto } from '@/lib/patches/patch-policy-scope';

export async function createPatchPolicy(ctx: ActorContext, input: CreatePatchPolicyInput): Promise<TPatchPolicy> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'patch policies');
  const policy = await db.$transaction(async (tx) => {
    await assertWindowTargets(tx, ctx, owner, input.targets);
    if (input.maintenanceWindowId) await assertPolicyWindow(tx, ctx, owner, input.maintenanceWindowId);
    const created = await tx.patchPolicy.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        enabled: input.enabled,
        targetOrgIds: input.targets.orgIds,
        targetSiteIds: input.targets.siteIds,
        targetGroupIds: input.targets.groupIds,
        targetDeviceIds: input.targets.deviceIds,
        sources: input.sources,
        autoApprove: input.autoApprove,
        rebootBehavior: input.rebootBehavior,
        maintenanceWindowId: input.maintenanceWindowId ?? null,
        createdBy: ctx.userId,
      },
    });
    await writeAudit(
      ctx,
      { action: 'patch_policy.create', targetType: 'patch_policy', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, enabled: created.enabled } },
      tx,
    );
    return created;
  });
  return toPatchPolicyDto(policy);
}
