import type { AccessReview, AccessReviewItem } from '@/lib/generated/prisma/client';

export interface ReviewCounts {
  total: number;
  undecided: number;
  keep: number;
  revoke: number;
}

export function countItems(items: Pick<AccessReviewItem, 'decision'>[]): ReviewCounts {
  const keep = items.filter((i) => i.decision === 'keep').length;
  const revoke = items.filter((i) => i.decision === 'revoke').length;
  return { total: items.length, undecided: items.length - keep - revoke, keep, revoke };
}

export function toAccessReviewItemDto(i: AccessReviewItem) {
  return {
    id: i.id,
    userId: i.userId,
    email: i.email,
    name: i.name,
    userStatus: i.userStatus,
    scope: i.scope,
    orgId: i.orgId,
    role: { id: i.roleId, name: i.roleName, permissions: i.permissions },
    orgAccess: i.orgAccess,
    orgIds: i.orgIds,
    decision: i.decision,
    note: i.note,
    decidedBy: i.decidedAt ? { id: i.decidedById, email: i.decidedByEmail } : null,
    decidedAt: i.decidedAt?.toISOString() ?? null,
    outcome: i.outcome as 'revoked' | 'already_removed' | 'kept' | null,
    appliedAt: i.appliedAt?.toISOString() ?? null,
  };
}

export function toAccessReviewSummaryDto(r: AccessReview, counts: ReviewCounts) {
  return {
    id: r.id,
    partnerId: r.partnerId,
    name: r.name,
    description: r.description,
    status: r.status,
    dueAt: r.dueAt?.toISOString() ?? null,
    createdBy: { id: r.createdById, email: r.createdByEmail },
    completedBy: r.completedAt ? { id: r.completedById, email: r.completedByEmail } : null,
    completedAt: r.completedAt?.toISOString() ?? null,
    counts,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toAccessReviewDto(r: AccessReview & { items: AccessReviewItem[] }) {
  return { ...toAccessReviewSummaryDto(r, countItems(r.items)), items: r.items.map(toAccessReviewItemDto) };
}
