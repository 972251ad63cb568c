// PATCH /access-reviews/:id/items/:itemId: keep or revoke one user's access, recording who
// decided. Revoking needs the same authority as removing the user; nobody revokes themselves.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { conflict, forbidden, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { reviewWhere } from '@/lib/access-reviews/review-scope';
import { toAccessReviewItemDto } from '@/lib/access-reviews/to-access-review-dto';
import { ZDecideReviewItem } from '@/lib/access-reviews/schemas';
import { assertCanManageUser } from '@/lib/users/access-guards';

export const reviewCompleted = () => conflict('This access review is already completed', 'REVIEW_COMPLETED');

/** Locks the review row (decisions and completion serialise on it); 409 unless it is open. */
export async function lockOpenReview(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<{ status: string }[]>`select status::text from access_reviews where id = ${id}::uuid for update`;
  if (rows[0]?.status !== 'open') throw reviewCompleted();
}

export async function decideAccessReviewItem(ctx: UserContext, reviewId: string, itemId: string, input: z.output<typeof ZDecideReviewItem>) {
  const item = await db.$transaction(async (tx) => {
    const found = await tx.accessReviewItem.findFirst({ where: { id: itemId, reviewId, review: reviewWhere(ctx) } });
    if (!found) throw notFound('Access review item');
    await lockOpenReview(tx, reviewId);
    if (input.decision === 'revoke') {
      if (found.userId === ctx.userId) throw forbidden('You cannot revoke your own access', 'CANNOT_REVOKE_SELF');
      assertCanManageUser(ctx, {
        id: found.userId,
        isPlatformAdmin: false,
        scope: found.scope,
        permissions: found.permissions,
        orgAccess: found.orgAccess,
        orgIds: found.orgIds,
        orgId: found.orgId,
      });
    }
    const updated = await tx.accessReviewItem.update({
      where: { id: itemId },
      data: { decision: input.decision, note: input.note ?? null, decidedById: ctx.userId, decidedByEmail: ctx.email, decidedAt: new Date() },
    });
    await writeAudit(ctx, {
      action: 'access_review.decide',
      targetType: 'access_review',
      targetId: reviewId,
      partnerId: found.partnerId,
      orgId: null,
      details: { itemId, userId: found.userId, email: found.email, decision: input.decision },
    }, tx);
    return updated;
  });
  return toAccessReviewItemDto(item);
}
