// POST /access-reviews/:id/complete: every item must be decided (409 otherwise). All revocations
// apply in one transaction — each revoked user loses sessions, API keys and membership as on
// removal — or none does (e.g. 409 LAST_PARTNER_ADMIN). Each item records its outcome; the
// decisions (who, when) stay on the items and in the audit log.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getAccessReviewOrThrow } from '@/lib/access-reviews/get-access-review-or-throw';
import { lockOpenReview } from '@/lib/access-reviews/decide-access-review-item';
import { toAccessReviewDto } from '@/lib/access-reviews/to-access-review-dto';
import { guardPartnerAdmins } from '@/lib/users/partner-admin-guard';
import { revokeUserAccess } from '@/lib/users/revoke-user-access';

export async function completeAccessReview(ctx: UserContext, id: string) {
  await db.$transaction(async (tx) => {
    await getAccessReviewOrThrow(ctx, id, tx);
    await lockOpenReview(tx, id);
    const review = await getAccessReviewOrThrow(ctx, id, tx);
    const undecided = review.items.filter((i) => i.decision === null).length;
    if (undecided > 0) {
      throw conflict(`${undecided} item${undecided === 1 ? ' is' : 's are'} still undecided; mark each keep or revoke first`, 'REVIEW_INCOMPLETE', { undecided });
    }
    const guard = await guardPartnerAdmins(tx, review.partnerId);
    const now = new Date();
    const tally = { revoked: 0, alreadyRemoved: 0, kept: 0 };
    tally.kept = (await tx.accessReviewItem.updateMany({ where: { reviewId: id, decision: 'keep' }, data: { outcome: 'kept', appliedAt: now } })).count;
    for (const item of review.items.filter((i) => i.decision === 'revoke')) {
      // Still a user of this partner? (They may have been removed since the snapshot.)
      const current = await tx.user.findFirst({
        where: {
          id: item.userId,
          deletedAt: null,
          OR: [{ partnerMembership: { partnerId: review.partnerId } }, { organizationMembership: { organization: { partnerId: review.partnerId } } }],
        },
        select: { id: true },
      });
      if (current) {
        const revoked = await revokeUserAccess(tx, item.userId, 'access_review', ctx.userId);
        await writeAudit(ctx, {
          action: 'access_review.revoke',
          targetType: 'user',
          targetId: item.userId,
          partnerId: review.partnerId,
          orgId: item.orgId,
          details: { reviewId: id, itemId: item.id, email: item.email, decidedById: item.decidedById, decidedByEmail: item.decidedByEmail, note: item.note, ...revoked },
        }, tx);
        tally.revoked += 1;
      } else {
        tally.alreadyRemoved += 1;
      }
      await tx.accessReviewItem.update({ where: { id: item.id }, data: { outcome: current ? 'revoked' : 'already_removed', appliedAt: now } });
    }
    await guard.check();
    await tx.accessReview.update({ where: { id }, data: { status: 'completed', completedAt: now, completedById: ctx.userId, completedByEmail: ctx.email } });
    await writeAudit(ctx, { action: 'access_review.complete', targetType: 'access_review', targetId: id, partnerId: review.partnerId, orgId: null, details: tally }, tx);
  });
  return toAccessReviewDto(await getAccessReviewOrThrow(ctx, id));
}
