// GET /api/v1/ai/budget — the partner's monthly AI budget and what is left of it.
import { defineRoute } from '@/lib/http/define-route';
import { ZAiBudget } from '@/lib/ai/schemas';
import { getMyAiBudget } from '@/lib/ai/get-ai-budget';
import { AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  summary: 'AI assistant budget',
  description:
    'The partner’s limits for the current calendar month (UTC), tokens (input + output) and cost, with what is used and left. Limits come from the partner’s `settings.ai` (`monthlyTokenBudget`, `monthlyCostBudgetUsd`; PATCH /orgs/partners/me) or the service defaults (AI_MONTHLY_TOKEN_BUDGET, AI_MONTHLY_COST_BUDGET_USD). Once either is reached new generations are refused with 429 `AI_BUDGET_EXCEEDED` until `resetsAt`.',
  tags: AI_TAGS,
  response: ZAiBudget,
  handler: ({ ctx }) => getMyAiBudget(ctx),
});
