import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { reviewWhere } from '@/lib/access-reviews/review-scope';

export async function getAccessReviewOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db) {
  const review = await client.accessReview.findFirst({
    where: { AND: [{ id }, reviewWhere(ctx)] },
    include: { items: { orderBy: [{ email: 'asc' }, { id: 'asc' }] } },
  });
  if (!review) throw notFound('Access review');
  return review;
}
