// Installs of a patch policy: every approved patch of the policy's sources still available on a
// device the policy targets gets an install job, in the policy's maintenance window (the job is
// pinned to that window's next occurrence) or at once when the policy has none, with the
// policy's reboot behaviour. Patches already in a device's open install job are left to it, so
// running again (or in several workers at once) creates nothing new.
import { db } from '@/lib/db';
import type { PatchJob, PatchPolicy } from '@/lib/generated/prisma/client';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { OPEN_JOB_STATUSES } from '@/lib/patches/create-patch-jobs';
import { dispatchPatchJob } from '@/lib/patches/dispatch-patch-job';
import { lockDevicesForPatchJobs } from '@/lib/patches/lock-device-jobs';
import { policyDeviceWhere } from '@/lib/patches/patch-policy-scope';
import { INSTALLABLE_SOURCES } from '@/lib/patches/patch-managers';

const DEVICE_BATCH = 200;

/** Returns the jobs created. */
export async function createPolicyJobs(policy: PatchPolicy, now = new Date()): Promise<PatchJob[]> {
  // Only sources the reference agent installs become jobs (brew patches of a Linux device do not).
  const sources = policy.sources.filter((s) => INSTALLABLE_SOURCES.includes(s));
  if (!sources.length) return [];
  const devices = await db.device.findMany({
    where: { AND: [policyDeviceWhere(policy), { osType: 'linux', status: { notIn: ['uninstalled', 'decommissioned'] } }] },
    select: { id: true, partnerId: true, orgId: true },
    orderBy: { id: 'asc' },
  });
  const created: PatchJob[] = [];
  for (let i = 0; i < devices.length; i += DEVICE_BATCH) {
    const batch = devices.slice(i, i + DEVICE_BATCH);
    const ids = batch.map((d) => d.id);
    await db.$transaction(async (tx) => {
      await lockDevicesForPatchJobs(tx, ids);
      const candidates = await tx.devicePatch.findMany({ where: { deviceId: { in: ids }, status: 'available', patch: { source: { in: sources } } }, select: { deviceId: true, orgId: true, patchId: true } });
      if (!candidates.length) return;
      const [approvals, open] = await Promise.all([
        tx.patchApproval.findMany({ where: { patchId: { in: [...new Set(candidates.map((c) => c.patchId))] }, orgId: { in: [...new Set(candidates.map((c) => c.orgId))] }, status: { in: ['approved', 'deferred'] } } }),
        tx.patchJob.findMany({ where: { deviceId: { in: ids }, kind: 'install', status: { in: [...OPEN_JOB_STATUSES] } }, select: { deviceId: true, patchIds: true } }),
      ]);
      const approved = new Set(approvals.filter((a) => effectiveState(a, now).status === 'approved').map((a) => `${a.orgId}:${a.patchId}`));
      for (const d of batch) {
        const covered = new Set(open.filter((j) => j.deviceId === d.id).flatMap((j) => j.patchIds));
        const patchIds = candidates.filter((c) => c.deviceId === d.id && approved.has(`${c.orgId}:${c.patchId}`) && !covered.has(c.patchId)).map((c) => c.patchId);
        if (!patchIds.length) continue;
        const job = await tx.patchJob.create({
          data: {
            partnerId: d.partnerId,
            orgId: d.orgId,
            deviceId: d.id,
            kind: 'install',
            schedule: policy.maintenanceWindowId ? 'next_window' : 'now',
            maintenanceWindowId: policy.maintenanceWindowId,
            status: 'scheduled',
            patchIds,
            policyId: policy.id,
            rebootBehavior: policy.rebootBehavior,
          },
        });
        created.push(policy.maintenanceWindowId ? job : await dispatchPatchJob(tx, job));
      }
    });
  }
  return created;
}
