// GET /filters: the saved filters the caller sees, by name.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListFiltersQuery } from '@/lib/filters/schemas';
import { savedFilterWhere } from '@/lib/filters/filter-scope';
import { toFilterDto } from '@/lib/filters/to-filter-dto';

export async function listFilters(ctx: ActorContext, q: ListFiltersQuery) {
  const where: Prisma.SavedFilterWhereInput = {
    AND: [
      savedFilterWhere(ctx),
      q.visibility ? { visibility: q.visibility } : {},
      q.mine ? { ownerId: ctx.userId } : {},
      q.orgId ? { orgId: q.orgId } : {},
      q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.savedFilter.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.savedFilter.count({ where }),
  ]);
  return pageResult(rows.map(toFilterDto), q, total);
}
