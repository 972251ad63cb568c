// POST /patches/jobs: install approved patches on devices, now or in each device's next
// maintenance window (a worker task dispatches those when an occurrence opens). One job per
// device; a device with an open job, nothing approved, or (for next_window) no window ahead is
// skipped with the reason. The reference agent installs Linux packages only: a device that is not
// Linux is skipped (UNSUPPORTED_OS), and so is one whose approved patches are all of sources it
// cannot install, e.g. brew (UNSUPPORTED_SOURCE); such patches never go into a job.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { INSTALLABLE_SOURCES } from '@/lib/patches/patch-managers';
import { dispatchPatchJob } from '@/lib/patches/dispatch-patch-job';
import { lockDevicesForPatchJobs } from '@/lib/patches/lock-device-jobs';
import { devicesWithUpcomingWindow } from '@/lib/patches/patch-windows';
import { resolveTargetDevices } from '@/lib/patches/resolve-target-devices';
import { toJobDtos } from '@/lib/patches/to-job-dto';
import type { ZCreateJobBody, ZCreateJobResponse } from '@/lib/patches/schemas';
import type { PatchJob } from '@/lib/generated/prisma/client';

export const OPEN_JOB_STATUSES = ['scheduled', 'queued', 'running'] as const;

export async function createPatchJobs(ctx: ActorContext, body: z.output<typeof ZCreateJobBody>) {
  const created: PatchJob[] = [];
  const out: Omit<z.infer<typeof ZCreateJobResponse>, 'jobs'> = { skipped: [], failed: [] };
  await db.$transaction(async (tx) => {
    const { devices, failed } = await resolveTargetDevices(tx, ctx, body);
    out.failed = failed;
    const ids = devices.map((d) => d.id);
    await lockDevicesForPatchJobs(tx, ids);
    const [open, candidates, windows] = await Promise.all([
      tx.patchJob.findMany({ where: { deviceId: { in: ids }, status: { in: [...OPEN_JOB_STATUSES] } }, select: { deviceId: true } }),
      tx.devicePatch.findMany({ where: { deviceId: { in: ids }, status: { in: ['available', 'failed'] }, ...(body.patchIds ? { patchId: { in: body.patchIds } } : {}) }, include: { patch: { select: { source: true } } } }),
      body.schedule === 'next_window' ? devicesWithUpcomingWindow(tx, ids) : Promise.resolve(null),
    ]);
    const approvals = await tx.patchApproval.findMany({ where: { patchId: { in: [...new Set(candidates.map((c) => c.patchId))] }, orgId: { in: [...new Set(devices.map((d) => d.orgId))] } } });
    const now = new Date();
    for (const d of devices) {
      const approvedAny = candidates.filter((c) => c.deviceId === d.id && approvals.some((a) => a.orgId === d.orgId && a.patchId === c.patchId && effectiveState(a, now).status === 'approved'));
      const approved = approvedAny.filter((c) => INSTALLABLE_SOURCES.includes(c.patch.source));
      if (d.osType !== 'linux') out.skipped.push({ deviceId: d.id, reason: 'UNSUPPORTED_OS' });
      else if (!acceptsCommands(d)) out.skipped.push({ deviceId: d.id, reason: 'DEVICE_INACTIVE' });
      else if (open.some((j) => j.deviceId === d.id)) out.skipped.push({ deviceId: d.id, reason: 'ALREADY_PENDING' });
      else if (approved.length === 0) out.skipped.push({ deviceId: d.id, reason: approvedAny.length ? 'UNSUPPORTED_SOURCE' : 'NOTHING_APPROVED' });
      else if (windows && !windows.has(d.id)) out.skipped.push({ deviceId: d.id, reason: 'NO_MAINTENANCE_WINDOW' });
      else {
        const job = await tx.patchJob.create({
          data: { partnerId: d.partnerId, orgId: d.orgId, deviceId: d.id, kind: 'install', schedule: body.schedule, status: 'scheduled', patchIds: approved.map((c) => c.patchId), rebootBehavior: body.rebootBehavior, createdBy: ctx.userId },
        });
        created.push(body.schedule === 'now' ? await dispatchPatchJob(tx, job) : job);
      }
    }
  });
  return { jobs: await toJobDtos(created), ...out };
}
