// POST /api/v1/access-reviews/:id/complete — apply the decisions.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAccessReview } from '@/lib/access-reviews/schemas';
import { completeAccessReview } from '@/lib/access-reviews/complete-access-review';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Complete an access review',
  description:
    'Every item must be decided: 409 `REVIEW_INCOMPLETE` with `details.undecided` otherwise. Revocations apply atomically — each revoked user is removed exactly as by `DELETE /users/:id` (sessions and API keys revoked at once) — or none does (409 `LAST_PARTNER_ADMIN` when no active Partner Admin would remain). Items get `outcome` `revoked`, `kept` or `already_removed`; each revocation is audited with the deciding reviewer. 409 `REVIEW_COMPLETED` when completed already.',
  tags: ['Access reviews'],
  response: ZAccessReview,
  handler: ({ ctx, params }) => completeAccessReview(ctx, params.id),
});
