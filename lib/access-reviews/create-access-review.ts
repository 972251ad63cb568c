// POST /access-reviews: snapshots every user of the partner (partner staff and organization
// users, active, invited or disabled) with their role, permissions and organization access.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCanRunReviews } from '@/lib/access-reviews/review-scope';
import { getAccessReviewOrThrow } from '@/lib/access-reviews/get-access-review-or-throw';
import { toAccessReviewDto } from '@/lib/access-reviews/to-access-review-dto';
import { ZCreateAccessReview } from '@/lib/access-reviews/schemas';
import { userInclude, userWhere } from '@/lib/users/user-scope';
import { rolePermissions } from '@/lib/roles/to-role-dto';

export async function createAccessReview(ctx: UserContext, input: z.output<typeof ZCreateAccessReview>) {
  assertCanRunReviews(ctx);
  const partnerId = ctx.scope === 'system' ? input.partnerId : ctx.partnerId;
  if (!partnerId) throw badRequest('partnerId is required for system-scope callers', [{ path: 'body.partnerId', message: 'Required' }]);
  const partner = await db.partner.findFirst({ where: { id: partnerId, deletedAt: null }, select: { id: true } });
  if (!partner) throw notFound('Partner');

  const id = await db.$transaction(async (tx) => {
    const review = await tx.accessReview.create({
      data: {
        partnerId,
        name: input.name ?? `Access review ${new Date().toISOString().slice(0, 10)}`,
        description: input.description ?? null,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        createdById: ctx.userId,
        createdByEmail: ctx.email,
      },
    });
    const everyone = userWhere({ scope: 'partner', partnerId, orgId: null, orgAccess: 'all', orgIds: [] });
    const users = await tx.user.findMany({ where: everyone, include: userInclude, orderBy: { email: 'asc' } });
    await tx.accessReviewItem.createMany({
      data: users.map((u) => {
        const pm = u.partnerMembership;
        const om = u.organizationMembership;
        const role = (pm?.role ?? om?.role)!;
        return {
          reviewId: review.id,
          partnerId,
          orgId: om?.orgId ?? null,
          userId: u.id,
          email: u.email,
          name: u.name,
          userStatus: u.status,
          scope: pm ? ('partner' as const) : ('organization' as const),
          roleId: role.id,
          roleName: role.name,
          permissions: rolePermissions(role),
          orgAccess: pm?.orgAccess ?? null,
          orgIds: pm?.orgIds ?? (om ? [om.orgId] : []),
        };
      }),
    });
    await writeAudit(ctx, { action: 'access_review.create', targetType: 'access_review', targetId: review.id, partnerId, orgId: null, details: { items: users.length } }, tx);
    return review.id;
  });
  return toAccessReviewDto(await getAccessReviewOrThrow(ctx, id));
}
