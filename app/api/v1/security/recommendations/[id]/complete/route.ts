// POST /api/v1/security/recommendations/:id/complete
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRecommendation, ZRecommendationAction } from '@/lib/security/posture-schemas';
import { actOnRecommendation } from '@/lib/security/recommendations';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZRecommendationAction,
  summary: 'Complete a security recommendation',
  description: 'Needs `devices:write`. Marks the recommendation done. It reopens when a device reports after this and still fails the check. Optional `note`. 409 `ALREADY_DONE` when it already is completed.',
  tags: ['Security'],
  response: ZRecommendation,
  audit: 'security.recommendation.complete',
  handler: ({ ctx, params, body }) => actOnRecommendation(ctx, params.id, 'completed', body.note),
});
