// GET /patches/jobs: install and rollback jobs in scope, newest first.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { jobWhere } from '@/lib/patches/patch-scope';
import { toJobDtos } from '@/lib/patches/to-job-dto';
import type { ZListJobsQuery } from '@/lib/patches/schemas';

export async function listPatchJobs(ctx: ActorContext, query: z.output<typeof ZListJobsQuery>) {
  const where: Prisma.PatchJobWhereInput = {
    AND: [
      jobWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.deviceId ? { deviceId: query.deviceId } : {},
      query.kind ? { kind: query.kind } : {},
      // running is queued with the command claimed: filter on queued, the DTO tells them apart.
      query.status ? { status: query.status === 'running' ? 'queued' : query.status } : {},
    ],
  };
  const [rows, total] = await Promise.all([db.patchJob.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }), db.patchJob.count({ where })]);
  return pageResult(await toJobDtos(rows), query, total);
}
