import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { reviewWhere } from '@/lib/access-reviews/review-scope';
import { toAccessReviewSummaryDto, type ReviewCounts } from '@/lib/access-reviews/to-access-review-dto';
import { ZListAccessReviewsQuery } from '@/lib/access-reviews/schemas';

export async function listAccessReviews(ctx: ActorContext, query: z.output<typeof ZListAccessReviewsQuery>) {
  const where: Prisma.AccessReviewWhereInput = {
    AND: [reviewWhere(ctx), query.status ? { status: query.status } : {}, query.partnerId && ctx.scope === 'system' ? { partnerId: query.partnerId } : {}],
  };
  const [rows, total] = await Promise.all([
    db.accessReview.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.accessReview.count({ where }),
  ]);
  const groups = rows.length
    ? await db.accessReviewItem.groupBy({ by: ['reviewId', 'decision'], where: { reviewId: { in: rows.map((r) => r.id) } }, _count: { _all: true } })
    : [];
  const counts = new Map<string, ReviewCounts>(rows.map((r) => [r.id, { total: 0, undecided: 0, keep: 0, revoke: 0 }]));
  for (const g of groups) {
    const c = counts.get(g.reviewId)!;
    c.total += g._count._all;
    if (g.decision === null) c.undecided += g._count._all;
    else c[g.decision] += g._count._all;
  }
  return pageResult(rows.map((r) => toAccessReviewSummaryDto(r, counts.get(r.id)!)), query, total);
}
