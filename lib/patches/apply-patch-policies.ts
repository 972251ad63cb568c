// The hourly auto-approval of enabled patch policies: a patch available on a targeted device,
// from a covered source, whose severity's rule approves it and that was first seen at least
// `afterDays` ago is approved for the device's organization, as POST /patches/:id/approve does
// (patch.approved fires), with the policy recorded as the approver. Only pending approvals
// change: a person's decline or deferral is never overridden. Then the approved patches still
// available on the policy's devices get install jobs (lib/patches/create-policy-jobs.ts).
// Running again changes nothing.
import { db } from '@/lib/db';
import type { PatchPolicy } from '@/lib/generated/prisma/client';
import { emitEvents } from '@/lib/events/emit-event';
import { policyDeviceWhere, readAutoApprove } from '@/lib/patches/patch-policy-scope';
import { createPolicyJobs } from '@/lib/patches/create-policy-jobs';
import { PATCH_SEVERITIES } from '@/lib/patches/schemas';

const POLICY_BATCH = 50;
const PAIR_BATCH = 500;
const DAY_MS = 86_400_000;

/** Applies one policy; returns how many organization approvals and install jobs it created. */
export async function applyPatchPolicy(policy: PatchPolicy, now = new Date()): Promise<{ approved: number; jobs: number }> {
  const approved = await approveDuePatches(policy, now);
  const jobs = await createPolicyJobs(policy, now);
  await db.patchPolicy.update({ where: { id: policy.id }, data: { lastAppliedAt: now } });
  return { approved, jobs: jobs.length };
}

async function approveDuePatches(policy: PatchPolicy, now: Date): Promise<number> {
  const rules = readAutoApprove(policy.autoApprove);
  const bySeverity = PATCH_SEVERITIES.filter((s) => rules[s].approve).map((s) => ({ patch: { severity: s }, detectedAt: { lte: new Date(now.getTime() - rules[s].afterDays * DAY_MS) } }));
  if (!bySeverity.length || !policy.sources.length) return 0;
  const devices = await db.device.findMany({ where: policyDeviceWhere(policy), select: { id: true } });
  let approved = 0;
  for (let i = 0; i < devices.length; i += PAIR_BATCH) {
    const deviceIds = devices.slice(i, i + PAIR_BATCH).map((d) => d.id);
    const pairs = await db.devicePatch.findMany({
      where: { deviceId: { in: deviceIds }, partnerId: policy.partnerId, status: 'available', patch: { source: { in: policy.sources } }, OR: bySeverity },
      select: { orgId: true, partnerId: true, patchId: true },
      distinct: ['orgId', 'patchId'],
    });
    for (let j = 0; j < pairs.length; j += PAIR_BATCH) approved += await approvePairs(policy, pairs.slice(j, j + PAIR_BATCH), now);
  }
  return approved;
}

async function approvePairs(policy: PatchPolicy, pairs: { orgId: string; partnerId: string; patchId: string }[], now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.patchApproval.createMany({ data: pairs, skipDuplicates: true });
    const pending = await tx.patchApproval.findMany({
      where: { status: 'pending', OR: pairs.map((p) => ({ orgId: p.orgId, patchId: p.patchId })) },
      include: { patch: true },
    });
    const changed: typeof pending = [];
    for (const row of pending) {
      // Conditional on still pending: a person's decision made meanwhile wins.
      const res = await tx.patchApproval.updateMany({
        where: { id: row.id, status: 'pending' },
        data: { status: 'approved', deferUntil: null, note: `Approved by patch policy "${policy.name}"`, decidedBy: null, decidedByPolicyId: policy.id, decidedAt: now },
      });
      if (res.count) changed.push(row);
    }
    await emitEvents(
      tx,
      changed.map((a) => ({
        type: 'patch.approved' as const,
        partnerId: a.partnerId,
        orgId: a.orgId,
        data: { patchId: a.patchId, source: a.patch.source, name: a.patch.name, version: a.patch.version, severity: a.patch.severity, cveIds: a.patch.cveIds, approvedBy: null, policyId: policy.id },
      })),
    );
    return changed.length;
  });
}

/** Every enabled policy, in batches. */
export async function applyPatchPolicies(now = new Date()): Promise<{ policies: number; approved: number; jobs: number }> {
  let cursor: string | undefined;
  let policies = 0;
  let approved = 0;
  let jobs = 0;
  for (;;) {
    const batch = await db.patchPolicy.findMany({ where: { enabled: true, ...(cursor ? { id: { gt: cursor } } : {}) }, orderBy: { id: 'asc' }, take: POLICY_BATCH });
    if (!batch.length) break;
    for (const policy of batch) {
      const done = await applyPatchPolicy(policy, now);
      approved += done.approved;
      jobs += done.jobs;
      policies += 1;
    }
    cursor = batch[batch.length - 1].id;
  }
  return { policies, approved, jobs };
}
