// GET /api/v1/access-reviews/:id — a review with its items.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAccessReview } from '@/lib/access-reviews/schemas';
import { getAccessReviewOrThrow } from '@/lib/access-reviews/get-access-review-or-throw';
import { toAccessReviewDto } from '@/lib/access-reviews/to-access-review-dto';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Get an access review',
  description: 'Items in email order with the snapshot, the decision, who decided and when, and (once completed) the outcome applied.',
  tags: ['Access reviews'],
  response: ZAccessReview,
  handler: async ({ ctx, params }) => toAccessReviewDto(await getAccessReviewOrThrow(ctx, params.id)),
});
