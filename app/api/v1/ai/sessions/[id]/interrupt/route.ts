// POST /api/v1/ai/sessions/:id/interrupt — stop the assistant.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAiInterruptResult } from '@/lib/ai/schemas';
import { interruptAiSession } from '@/lib/ai/interrupt-ai-session';
import { AI_ACCESS, AI_TAGS } from '@/lib/ai/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'ai:use',
  scopes: ['partner', 'organization'],
  params: ZIdParams,
  audit: 'ai_session.interrupt',
  summary: 'Interrupt the AI assistant',
  description: `${AI_ACCESS} Stops a running generation (on whichever web process streams it: its stream ends with \`interrupted\` and \`done\`, keeping the text so far) and cancels the actions waiting for approval. Answers at once; idempotent.`,
  tags: AI_TAGS,
  response: ZAiInterruptResult,
  handler: ({ ctx, params }) => interruptAiSession(ctx, params.id),
});
