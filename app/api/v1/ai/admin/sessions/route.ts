// GET /api/v1/ai/admin/sessions — every user's assistant sessions, for oversight.
import { defineRoute } from '@/lib/http/define-route';
import { ZAdminAiSessionList, ZAdminAiSessionsQuery } from '@/lib/ai/schemas';
import { listAdminAiSessions } from '@/lib/ai/list-admin-ai-sessions';
import { AI_ADMIN_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:admin',
  scopes: ['partner', 'organization'],
  query: ZAdminAiSessionsQuery,
  summary: 'List AI assistant sessions of all users',
  description: `${AI_ADMIN_ACCESS} Filter by \`userId\` or words (\`q\`) in titles and messages; most recently active first.`,
  tags: AI_TAGS,
  response: ZAdminAiSessionList,
  handler: ({ ctx, query }) => listAdminAiSessions(ctx, query),
});
