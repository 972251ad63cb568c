// /api/v1/ai/sessions/:id — one conversation.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAiSessionDetail } from '@/lib/ai/schemas';
import { getAiSession } from '@/lib/ai/get-ai-session';
import { deleteAiSession } from '@/lib/ai/delete-ai-session';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const GET = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  params: ZIdParams,
  summary: 'Get an AI assistant session',
  description: `${AI_ACCESS} The conversation with its messages (text and tool_use blocks) and every tool execution: what ran, what waits for approval (\`status: pending\`, with the API call in \`method\` and \`path\`), and the results.`,
  tags: AI_TAGS,
  response: ZAiSessionDetail,
  handler: ({ ctx, params }) => getAiSession(ctx, params.id),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  params: ZIdParams,
  audit: 'ai_session.delete',
  summary: 'Delete an AI assistant session',
  description: `${AI_ACCESS} Deletes the conversation, its messages and executions; a generation still running stops. Usage stays counted in the month’s budget.`,
  tags: AI_TAGS,
  handler: ({ ctx, params }) => deleteAiSession(ctx, params.id),
});
