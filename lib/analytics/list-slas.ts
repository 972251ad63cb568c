// GET /analytics/sla: definitions of the caller's organizations plus partner-wide ones, by name.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListSlaQuery } from '@/lib/analytics/schemas';
import { slaDto, slaWhere } from '@/lib/analytics/sla-scope';

export async function listSlas(ctx: ScopedContext, query: ListSlaQuery) {
  const where: Prisma.SlaDefinitionWhereInput = {
    AND: [slaWhere(ctx), query.targetKind ? { targetKind: query.targetKind } : {}, query.orgId ? { OR: [{ orgId: query.orgId }, { orgId: null }] } : {}],
  };
  const [rows, total] = await Promise.all([db.slaDefinition.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.slaDefinition.count({ where })]);
  return pageResult(rows.map(slaDto), query, total);
}
