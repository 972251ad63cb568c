// GET /api/v1/security/recommendations — what to fix, one per organization and failed check.
import { defineRoute } from '@/lib/http/define-route';
import { ZRecommendationList, ZRecommendationsQuery } from '@/lib/security/posture-schemas';
import { listRecommendations } from '@/lib/security/recommendations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZRecommendationsQuery,
  summary: 'List security recommendations',
  description: 'Needs `devices:read`. Derived from failed checks: one per organization and check, with the affected devices and the score points the organization would gain (`impact`); ordered by priority then impact. Status `open`, `completed` (marked done; reopens when a later report still fails), `dismissed` (stays dismissed) or `resolved` (no device fails the check any more).',
  tags: ['Security'],
  response: ZRecommendationList,
  handler: ({ ctx, query }) => listRecommendations(ctx, query),
});
