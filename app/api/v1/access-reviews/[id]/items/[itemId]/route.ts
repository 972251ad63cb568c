// PATCH /api/v1/access-reviews/:id/items/:itemId — keep or revoke one user's access.
import { defineRoute } from '@/lib/http/define-route';
import { ZAccessReviewItem, ZDecideReviewItem, ZReviewItemParams } from '@/lib/access-reviews/schemas';
import { decideAccessReviewItem } from '@/lib/access-reviews/decide-access-review-item';

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  scopes: ['system', 'partner'],
  params: ZReviewItemParams,
  body: ZDecideReviewItem,
  summary: 'Decide an access review item',
  description:
    '`decision` `keep` or `revoke`, optional `note`; records the decider and time, and may be changed until the review is completed (409 `REVIEW_COMPLETED` after). Nothing is applied until completion. Revoking needs the authority to remove that user (403 `PRIVILEGE_ESCALATION`); nobody revokes themselves (403 `CANNOT_REVOKE_SELF`).',
  tags: ['Access reviews'],
  response: ZAccessReviewItem,
  handler: ({ ctx, params, body }) => decideAccessReviewItem(ctx, params.id, params.itemId, body),
});
