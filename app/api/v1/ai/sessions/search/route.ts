// GET /api/v1/ai/sessions/search — find the caller's conversations by their words.
import { defineRoute } from '@/lib/http/define-route';
import { ZAiSessionSearchResult, ZSearchAiSessionsQuery } from '@/lib/ai/schemas';
import { searchAiSessions } from '@/lib/ai/search-ai-sessions';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  query: ZSearchAiSessionsQuery,
  summary: 'Search AI assistant sessions',
  description: `${AI_ACCESS} Sessions whose title or any message contains \`q\` (case-insensitive), most recently active first, each with \`match\`: the start of the first message that matched.`,
  tags: AI_TAGS,
  response: ZAiSessionSearchResult,
  handler: ({ ctx, query }) => searchAiSessions(ctx, query),
});
