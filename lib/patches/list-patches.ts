// GET /patches: patches found on devices in scope, most severe first.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { approvalWhere, patchWhere } from '@/lib/patches/patch-scope';
import { approvalStatusWhere, decoratePatches } from '@/lib/patches/to-patch-dto';
import type { ZListPatchesQuery } from '@/lib/patches/schemas';

export async function listPatches(ctx: ActorContext, query: z.output<typeof ZListPatchesQuery>) {
  const narrow = { ...(query.orgId ? { orgId: query.orgId } : {}), ...(query.deviceId ? { deviceId: query.deviceId } : {}) };
  const search = query.search?.trim();
  const where: Prisma.PatchWhereInput = {
    AND: [
      patchWhere(ctx, { ...narrow, status: { not: 'superseded' } }),
      query.source ? { source: { in: query.source } } : {},
      query.severity ? { severity: { in: query.severity } } : {},
      search
        ? { OR: [{ name: { contains: search, mode: 'insensitive' } }, { title: { contains: search, mode: 'insensitive' } }, { cveIds: { has: search.toUpperCase() } }] }
        : {},
      query.status ? { approvals: { some: { AND: [approvalWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, approvalStatusWhere(query.status)] } } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.patch.findMany({ where, orderBy: [{ severity: 'asc' }, { name: 'asc' }, { version: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.patch.count({ where }),
  ]);
  return pageResult(await decoratePatches(ctx, rows, narrow), query, total);
}
