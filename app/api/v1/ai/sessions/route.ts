// /api/v1/ai/sessions — the caller's assistant conversations.
import { defineRoute } from '@/lib/http/define-route';
import { ZAiSession, ZAiSessionList, ZCreateAiSession, ZListAiSessionsQuery } from '@/lib/ai/schemas';
import { listAiSessions } from '@/lib/ai/list-ai-sessions';
import { createAiSession } from '@/lib/ai/create-ai-session';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  query: ZListAiSessionsQuery,
  summary: 'List AI assistant sessions',
  description: `${AI_ACCESS} The caller’s own sessions, most recently active first (page mode, default 20, max 100). Readable while no model is configured.`,
  tags: AI_TAGS,
  response: ZAiSessionList,
  handler: ({ ctx, query }) => listAiSessions(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  body: ZCreateAiSession,
  status: 201,
  audit: 'ai_session.create',
  summary: 'Start an AI assistant session',
  description: `${AI_ACCESS} An empty conversation; send messages with POST /ai/sessions/:id/messages. 409 \`AI_NOT_CONFIGURED\` while the service has no model configured (AI_PROVIDER, AI_MODEL).`,
  tags: AI_TAGS,
  errors: [409],
  response: ZAiSession,
  handler: ({ ctx, body }) => createAiSession(ctx, body),
});
