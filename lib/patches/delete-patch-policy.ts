import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertPolicyWritable, getPatchPolicyOrThrow } from '@/lib/patches/patch-policy-scope';

/** Deletes the policy; approvals it already recorded stay. */
export async function deletePatchPolicy(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const policy = await getPatchPolicyOrThrow(ctx, id, tx);
    assertPolicyWritable(ctx, policy);
    await tx.patchPolicy.delete({ where: { id } });
    await writeAudit(ctx, { action: 'patch_policy.delete', targetType: 'patch_policy', targetId: id, partnerId: policy.partnerId, orgId: policy.orgId, details: { name: policy.name } }, tx);
  });
}
