// GET /api/v1/ai/usage — tokens and cost of the assistant per month.
import { defineRoute } from '@/lib/http/define-route';
import { ZAiUsage, ZAiUsageQuery } from '@/lib/ai/schemas';
import { getAiUsage } from '@/lib/ai/get-ai-usage';
import { AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  query: ZAiUsageQuery,
  summary: 'AI assistant usage',
  description: 'One calendar month (UTC) of model calls: totals, per user, per day and per model. With `ai:admin` the whole partner’s; otherwise the caller’s own (`scope`).',
  tags: AI_TAGS,
  response: ZAiUsage,
  handler: ({ ctx, query }) => getAiUsage(ctx, query),
});
