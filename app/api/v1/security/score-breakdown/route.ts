// GET /api/v1/security/score-breakdown — how the fleet's score is made: each check's weight and pass rate.
import { defineRoute } from '@/lib/http/define-route';
import { ZScopeQuery, ZScoreBreakdown } from '@/lib/security/posture-schemas';
import { scoreBreakdown } from '@/lib/security/read-security';
import { SCORE_FORMULA } from '@/lib/security/score';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZScopeQuery,
  summary: 'Get the security score breakdown',
  description: `Needs \`devices:read\`. The mean score of the devices in scope and, per check, its default weight and how many devices pass, fail or cannot tell. ${SCORE_FORMULA}.`,
  tags: ['Security'],
  response: ZScoreBreakdown,
  handler: ({ ctx, query }) => scoreBreakdown(ctx, query),
});
