// /api/v1/access-reviews — list and start access reviews.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZAccessReview, ZAccessReviewSummary, ZCreateAccessReview, ZListAccessReviewsQuery } from '@/lib/access-reviews/schemas';
import { listAccessReviews } from '@/lib/access-reviews/list-access-reviews';
import { createAccessReview } from '@/lib/access-reviews/create-access-review';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  scopes: ['system', 'partner'],
  query: ZListAccessReviewsQuery,
  summary: 'List access reviews',
  description: 'Newest first, with item counts. Needs access to every organization of the partner (403 otherwise).',
  tags: ['Access reviews'],
  response: ZPageOf(ZAccessReviewSummary),
  handler: ({ ctx, query }) => listAccessReviews(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  scopes: ['system', 'partner'],
  body: ZCreateAccessReview,
  status: 201,
  summary: 'Start an access review',
  description:
    'Snapshots every user of the partner — partner staff and organization users, active, invited or disabled — with role, permissions and organization access as they are now; later changes do not rewrite the snapshot. Each item is then marked keep or revoke. Needs access to every organization of the partner. System-scope callers name `partnerId`.',
  tags: ['Access reviews'],
  response: ZAccessReview,
  handler: ({ ctx, body }) => createAccessReview(ctx, body),
});
