// Hands a patch job to the device's agent: one patch_install (or patch_rollback) command with
// the exact versions and what to do about a reboot afterwards, the job queued and its device
// patches installing. A window with suppressReboots active on the device turns the reboot into
// `never` (the job records rebootDeferred).
import type { Tx } from '@/lib/db';
import type { PatchJob } from '@/lib/generated/prisma/client';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { rebootsSuppressed } from '@/lib/patches/patch-windows';

export async function dispatchPatchJob(tx: Tx, job: PatchJob): Promise<PatchJob> {
  const rows = await tx.devicePatch.findMany({ where: { deviceId: job.deviceId, patchId: { in: job.patchIds } }, include: { patch: true } });
  let packages: { patchId: string; name: string; version: string }[];
  if (job.kind === 'rollback') {
    packages = rows.filter((r) => r.status === 'installed' && r.installedVersion).map((r) => ({ patchId: r.patchId, name: r.patch.name, version: r.installedVersion! }));
  } else {
    // Approval is checked again at dispatch: a job waiting for its window installs only what is
    // still approved when the window opens.
    const approvals = await tx.patchApproval.findMany({ where: { orgId: job.orgId, patchId: { in: job.patchIds } } });
    const now = new Date();
    const approved = new Set(approvals.filter((a) => effectiveState(a, now).status === 'approved').map((a) => a.patchId));
    packages = rows.filter((r) => approved.has(r.patchId) && ['available', 'failed'].includes(r.status)).map((r) => ({ patchId: r.patchId, name: r.patch.name, version: r.patch.version }));
  }
  if (packages.length === 0) {
    return tx.patchJob.update({ where: { id: job.id }, data: { status: 'cancelled', completedAt: new Date(), error: 'Nothing left to install: the patches are no longer approved or available' } });
  }
  const wanted = job.rebootBehavior ?? 'never';
  const rebootDeferred = wanted !== 'never' && (await rebootsSuppressed(tx, job.deviceId));
  const reboot = rebootDeferred ? 'never' : wanted;
  const command = await tx.deviceCommand.create({
    data: { partnerId: job.partnerId, orgId: job.orgId, deviceId: job.deviceId, type: job.kind === 'rollback' ? 'patch_rollback' : 'patch_install', payload: { jobId: job.id, packages, reboot }, source: 'system', createdById: job.createdBy },
  });
  if (job.kind === 'install') {
    await tx.devicePatch.updateMany({ where: { deviceId: job.deviceId, patchId: { in: packages.map((p) => p.patchId) } }, data: { status: 'installing', lastJobId: job.id } });
  }
  return tx.patchJob.update({ where: { id: job.id }, data: { status: 'queued', commandId: command.id, startedAt: new Date(), patchIds: packages.map((p) => p.patchId), rebootDeferred } });
}
