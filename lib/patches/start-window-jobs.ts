// The worker's sweep: jobs waiting for a maintenance window are dispatched once an occurrence
// that allows patching is active on their device (or, for a job pinned to a window, an
// occurrence of that window). Rows are locked (skip locked), so two
// workers never dispatch the same job.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { dispatchPatchJob } from '@/lib/patches/dispatch-patch-job';
import { jobWindowOpenSql } from '@/lib/patches/patch-windows';

export async function startWindowJobs(limit = 200): Promise<number> {
  return db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
      select j.id::text as id from patch_jobs j join devices d on d.id = j.device_id
      where j.status = 'scheduled' and j.schedule = 'next_window' and ${jobWindowOpenSql()}
      order by j.created_at limit ${limit} for update of j skip locked`);
    for (const { id } of due) await dispatchPatchJob(tx, await tx.patchJob.findUniqueOrThrow({ where: { id } }));
    return due.length;
  });
}
