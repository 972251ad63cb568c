// POST /api/v1/ai/sessions/:id/messages — ask the assistant; the answer streams back.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { AI_STREAM_DOC, ZSendAiMessage } from '@/lib/ai/schemas';
import { sendAiMessage } from '@/lib/ai/send-ai-message';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';
import { routeIndex } from '@/app/api/route-index.generated';

export const POST = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  params: ZIdParams,
  body: ZSendAiMessage,
  // The message's own audit entry is written before the stream opens.
  audit: false,
  summary: 'Send a message to the AI assistant (streaming)',
  description: [
    `${AI_ACCESS} Stores the message and streams the assistant’s turn as server-sent events. Read-only tools run at once with the caller’s permissions; a tool that changes something waits for POST /ai/sessions/:id/approve/:executionId. Actions still waiting when a new message arrives are cancelled. Text that tries to override the assistant’s instructions is recorded as a security event (not blocked).`,
    'Errors before the stream opens: 409 `AI_NOT_CONFIGURED` (no model configured), 409 `AI_SESSION_BUSY` (a turn is running: wait or interrupt), 429 `AI_BUDGET_EXCEEDED` (the partner’s monthly token or cost budget is spent; Retry-After until the month resets).',
    AI_STREAM_DOC,
  ].join('\n\n'),
  tags: AI_TAGS,
  errors: [409, 429],
  responseContentType: 'text/event-stream',
  handler: ({ ctx, params, body, req }) => sendAiMessage(ctx, req, params.id, body.content, routeIndex),
});
