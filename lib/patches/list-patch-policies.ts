import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { TPatchPolicy, ZListPatchPoliciesQuery } from '@/lib/patches/policy-schemas';
import { getPatchPolicyOrThrow, patchPolicyWhere, toPatchPolicyDto } from '@/lib/patches/patch-policy-scope';

export async function listPatchPolicies(ctx: ActorContext, query: z.output<typeof ZListPatchPoliciesQuery>) {
  const where: Prisma.PatchPolicyWhereInput = {
    AND: [
      patchPolicyWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.enabled !== undefined ? { enabled: query.enabled } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.patchPolicy.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.patchPolicy.count({ where }),
  ]);
  return pageResult(rows.map(toPatchPolicyDto), query, total);
}

export async function getPatchPolicy(ctx: ActorContext, id: string): Promise<TPatchPolicy> {
  return toPatchPolicyDto(await getPatchPolicyOrThrow(ctx, id));
}
