// GET /patches/approvals: organizations' decisions on patches in scope, newest decision first.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { approvalWhere } from '@/lib/patches/patch-scope';
import { approvalStatusWhere, toApprovalDto } from '@/lib/patches/to-patch-dto';
import type { ZListApprovalsQuery } from '@/lib/patches/schemas';

export async function listApprovals(ctx: ActorContext, query: z.output<typeof ZListApprovalsQuery>) {
  const where: Prisma.PatchApprovalWhereInput = {
    AND: [approvalWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, query.patchId ? { patchId: query.patchId } : {}, query.status ? approvalStatusWhere(query.status) : {}],
  };
  const [rows, total] = await Promise.all([
    db.patchApproval.findMany({ where, include: { patch: true }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.patchApproval.count({ where }),
  ]);
  const now = new Date();
  return pageResult(
    rows.map((a) => ({ id: a.id, patchId: a.patchId, ...toApprovalDto(a, now), patch: { name: a.patch.name, version: a.patch.version, title: a.patch.title, severity: a.patch.severity, source: a.patch.source } })),
    query,
    total,
  );
}
