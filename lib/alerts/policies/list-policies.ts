import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { configWhere } from '@/lib/alerts/config-scope';
import type { ZListPoliciesQuery } from '@/lib/alerts/policies/schemas';
import { toPolicyDto } from '@/lib/alerts/policies/to-policy-dto';

export async function listPolicies(ctx: ScopedContext, q: z.output<typeof ZListPoliciesQuery>) {
  const where: Prisma.AlertPolicyWhereInput = { AND: [configWhere(ctx), ...(q.orgId ? [{ orgId: q.orgId }] : [])] };
  const [rows, total] = await Promise.all([
    db.alertPolicy.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.alertPolicy.count({ where }),
  ]);
  return pageResult(rows.map(toPolicyDto), q, total);
}
