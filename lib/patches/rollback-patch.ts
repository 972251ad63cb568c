// POST /patches/:id/rollback: reinstall the version each device had before the patch, where
// the package manager still offers it (apt: --allow-downgrades from a configured source). One
// rollback job per device where the patch is installed; the agent's report fires patch.rollback.
// Patches of sources the agent cannot roll back (all but linux) are refused before anything is queued.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { PatchJob } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { devicePatchWhere } from '@/lib/patches/patch-scope';
import { getPatchOrThrow } from '@/lib/patches/get-patch';
import { INSTALLABLE_SOURCES } from '@/lib/patches/patch-managers';
import { AppError } from '@/lib/http/errors';
import { dispatchPatchJob } from '@/lib/patches/dispatch-patch-job';
import { OPEN_JOB_STATUSES } from '@/lib/patches/create-patch-jobs';
import { toJobDtos } from '@/lib/patches/to-job-dto';
import type { ZCreateJobResponse, ZRollbackBody } from '@/lib/patches/schemas';

export async function rollbackPatch(ctx: ActorContext, patchId: string, body: z.output<typeof ZRollbackBody>) {
  const created: PatchJob[] = [];
  const out: Omit<z.infer<typeof ZCreateJobResponse>, 'jobs'> = { skipped: [], failed: [] };
  await db.$transaction(async (tx) => {
    const patch = await getPatchOrThrow(ctx, patchId, tx);
    if (!INSTALLABLE_SOURCES.includes(patch.source)) {
      throw new AppError('ROLLBACK_NOT_SUPPORTED', 422, `Patches of source ${patch.source} cannot be rolled back: the agent rolls back linux packages only`, { source: patch.source });
    }
    const rows = await tx.devicePatch.findMany({ where: { ...devicePatchWhere(ctx), patchId, ...(body.deviceIds ? { deviceId: { in: body.deviceIds } } : { status: 'installed' }) } });
    for (const id of body.deviceIds ?? []) if (!rows.some((r) => r.deviceId === id)) out.failed.push({ deviceId: id, code: 'NOT_FOUND', message: 'No such device with this patch in scope' });
    const devices = await tx.device.findMany({ where: { id: { in: rows.map((r) => r.deviceId) } }, select: { id: true, status: true } });
    const open = await tx.patchJob.findMany({ where: { deviceId: { in: rows.map((r) => r.deviceId) }, status: { in: [...OPEN_JOB_STATUSES] } }, select: { deviceId: true } });
    for (const r of rows) {
      const device = devices.find((d) => d.id === r.deviceId);
      if (r.status !== 'installed' || !r.installedVersion) out.skipped.push({ deviceId: r.deviceId, reason: 'NOTHING_TO_ROLL_BACK' });
      else if (!device || !acceptsCommands(device)) out.skipped.push({ deviceId: r.deviceId, reason: 'DEVICE_INACTIVE' });
      else if (open.some((j) => j.deviceId === r.deviceId)) out.skipped.push({ deviceId: r.deviceId, reason: 'ALREADY_PENDING' });
      else {
        const job = await tx.patchJob.create({ data: { partnerId: r.partnerId, orgId: r.orgId, deviceId: r.deviceId, kind: 'rollback', schedule: 'now', status: 'scheduled', patchIds: [patchId], rebootBehavior: body.rebootBehavior, createdBy: ctx.userId } });
        created.push(await dispatchPatchJob(tx, job));
      }
    }
  });
  return { jobs: await toJobDtos(created), ...out };
}
