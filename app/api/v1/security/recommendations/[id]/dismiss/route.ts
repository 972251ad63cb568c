// POST /api/v1/security/recommendations/:id/dismiss
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRecommendation, ZRecommendationAction } from '@/lib/security/posture-schemas';
import { actOnRecommendation } from '@/lib/security/recommendations';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZRecommendationAction,
  summary: 'Dismiss a security recommendation',
  description: 'Needs `devices:write`. Dismisses the recommendation: it stays dismissed whatever later reports say. Optional `note`. 409 `ALREADY_DONE` when it already is dismissed.',
  tags: ['Security'],
  response: ZRecommendation,
  audit: 'security.recommendation.dismiss',
  handler: ({ ctx, params, body }) => actOnRecommendation(ctx, params.id, 'dismissed', body.note),
});
