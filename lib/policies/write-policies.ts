// POST, PUT, PATCH, deactivate and DELETE of policies. Every change is audited and wakes the
// evaluation of the devices the policy applied to before and applies to after.
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import type { CreatePolicyInput, ReplacePolicyInput, TPolicy, UpdatePolicyInput } from '@/lib/policies/schemas';
import { assertAssignmentTargets, assertSettingReferences, storeAssignments } from '@/lib/policies/assignments';
import { assertPolicyWritable, lockPolicy } from '@/lib/policies/policy-scope';
import { toPolicyDto } from '@/lib/policies/to-policy-dto';
import { invalidateRuleCache } from '@/lib/alerts/evaluation/rule-cache';
import { policyDeviceIds } from '@/lib/policies/evaluate-policies';
import { enqueuePolicyEvaluation } from '@/lib/policies/evaluation-queue';

/**
 * Which alert rules policies name changes how those rules apply (lib/policies/policy-alert-rules.ts):
 * this process's metric rule cache is cleared at once, other processes catch up within its TTL.
 */
async function namingRules<T>(write: Promise<T>): Promise<T> {
  const out = await write;
  invalidateRuleCache();
  return out;
}

export async function createPolicy(ctx: ActorContext, input: CreatePolicyInput): Promise<TPolicy> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'policies');
  return namingRules(db.$transaction(async (tx) => {
    await assertAssignmentTargets(tx, ctx, owner, input.assignments);
    await assertSettingReferences(tx, ctx, owner, input.settings);
    const created = await tx.policy.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        active: input.active,
        settings: input.settings as Prisma.InputJsonValue,
        checks: input.checks as Prisma.InputJsonValue,
        deactivatedAt: input.active ? null : new Date(),
        createdBy: ctx.userId,
      },
    });
    await storeAssignments(tx, created, input.assignments);
    if (created.active) await enqueuePolicyEvaluation(tx, { policyId: created.id });
    await writeAudit(ctx, { action: 'policy.create', targetType: 'policy', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, checks: input.checks.length, assignments: input.assignments.length } }, tx);
    return toPolicyDto(tx, created);
  }));
}

/** PUT replaces every field (omitted ones take their defaults); PATCH changes only those given. */
export async function replacePolicy(ctx: ActorContext, id: string, input: ReplacePolicyInput): Promise<TPolicy> {
  return changePolicy(ctx, id, 'policy.replace', { ...input, description: input.description ?? null });
}

export async function updatePolicy(ctx: ActorContext, id: string, input: UpdatePolicyInput): Promise<TPolicy> {
  return changePolicy(ctx, id, 'policy.update', input);
}

export async function deactivatePolicy(ctx: ActorContext, id: string): Promise<TPolicy> {
  return changePolicy(ctx, id, 'policy.deactivate', { active: false });
}

async function changePolicy(ctx: ActorContext, id: string, action: string, input: UpdatePolicyInput): Promise<TPolicy> {
  return namingRules(db.$transaction(async (tx) => {
    const current = await lockPolicy(tx, ctx, id);
    assertPolicyWritable(ctx, current);
    if (input.assignments) await assertAssignmentTargets(tx, ctx, current, input.assignments);
    if (input.settings) await assertSettingReferences(tx, ctx, current, input.settings);
    const before = await policyDeviceIds(tx, id);
    const activeChange = input.active !== undefined && input.active !== current.active;
    const data: Prisma.PolicyUncheckedUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.settings !== undefined ? { settings: input.settings as Prisma.InputJsonValue } : {}),
      ...(input.checks !== undefined ? { checks: input.checks as Prisma.InputJsonValue } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(activeChange ? { deactivatedAt: input.active ? null : new Date() } : {}),
    };
    const updated = await tx.policy.update({ where: { id }, data });
    if (input.assignments) await storeAssignments(tx, updated, input.assignments);
    if (input.checks) await dropRemovedChecks(tx, id, input.checks.map((c) => c.id));
    if (!updated.active && activeChange) await cancelPendingChecks(tx, before);
    await enqueuePolicyEvaluation(tx, { policyId: id, deviceIds: before });
    await writeAudit(ctx, { action, targetType: 'policy', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { fields: Object.keys(input), active: updated.active } }, tx);
    return toPolicyDto(tx, updated);
  }));
}

/** Current results of checks no longer in the policy go (their history stays). */
async function dropRemovedChecks(tx: Tx, policyId: string, keep: string[]): Promise<void> {
  await tx.devicePolicyResult.deleteMany({ where: { policyId, checkId: { notIn: keep } } });
}

/** A deactivated policy sends nothing more: pending policy_check commands are re-planned by the evaluation. */
async function cancelPendingChecks(tx: Tx, deviceIds: string[]): Promise<void> {
  if (!deviceIds.length) return;
  await tx.deviceCommand.updateMany({ where: { deviceId: { in: deviceIds }, type: 'policy_check', status: 'pending' }, data: { status: 'cancelled', dedupeKey: null, completedAt: new Date() } });
}

export async function deletePolicy(ctx: ActorContext, id: string): Promise<void> {
  await namingRules(db.$transaction(async (tx) => {
    const current = await lockPolicy(tx, ctx, id);
    assertPolicyWritable(ctx, current);
    const before = await policyDeviceIds(tx, id);
    await tx.policy.delete({ where: { id } });
    await enqueuePolicyEvaluation(tx, { deviceIds: before });
    await writeAudit(ctx, { action: 'policy.delete', targetType: 'policy', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name } }, tx);
  }));
}
