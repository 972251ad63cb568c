// POST /ai/sessions/:id/messages — stores the user's message and streams the assistant's turn.
// Everything a client can get wrong is answered before the stream opens, as a JSON error: the
// session (404), the model (409 AI_NOT_CONFIGURED), the budget (429 AI_BUDGET_EXCEEDED), a turn
// already running (409 AI_SESSION_BUSY).
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { assertWithinAiBudget } from '@/lib/ai/ai-budget';
import { toolCallerOf } from '@/lib/ai/assistant-tools';
import { detectPromptInjection } from '@/lib/ai/detect-prompt-injection';
import { getAiSessionOrThrow } from '@/lib/ai/get-ai-session-or-throw';
import { requireAiModel } from '@/lib/ai/model-settings';
import { recordAiSecurityEvent } from '@/lib/ai/record-security-event';
import { runAssistantLoop } from '@/lib/ai/run-assistant-loop';
import { DEFAULT_SESSION_TITLE } from '@/lib/ai/schemas';
import { sseResponse } from '@/lib/ai/sse-stream';
import { cancelPendingExecutions, claimTurn, releaseTurn } from '@/lib/ai/turn-control';

const TITLE_CHARS = 80;

export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line || DEFAULT_SESSION_TITLE;
}

export async function sendAiMessage(ctx: UserContext, req: Request, id: string, content: string, routes: readonly McpRouteSource[]): Promise<Response> {
  const session = await getAiSessionOrThrow(ctx, id);
  const settings = requireAiModel();
  await assertWithinAiBudget(session.partnerId);
  const turnId = await claimTurn(session.id);
  if (!turnId) throw conflict('The assistant is still answering in this session: wait for it, or interrupt it', 'AI_SESSION_BUSY');
  let userMessageId: string;
  try {
    // A new message moves on from actions left waiting: they are cancelled, and the model told so.
    await cancelPendingExecutions(session.id, 'The user sent a new message instead of approving');
    const message = await db.aiMessage.create({ data: { sessionId: session.id, role: 'user', content: [{ type: 'text', text: content }], text: content } });
    userMessageId = message.id;
    await db.aiSession.update({
      where: { id: session.id },
      data: { messageCount: { increment: 1 }, lastMessageAt: new Date(), provider: settings.provider, model: settings.model, ...(session.messageCount === 0 && session.title === DEFAULT_SESSION_TITLE ? { title: titleFrom(content) } : {}) },
    });
    await writeAudit(ctx, { action: 'ai_session.message', targetType: 'ai_session', targetId: session.id, details: { messageId: message.id, chars: content.length } });
    const injection = detectPromptInjection(content);
    if (injection) {
      await recordAiSecurityEvent(ctx, session.partnerId, { kind: 'prompt_injection', sessionId: session.id, detail: `The message matches the rule ${injection.rule}: it tries to override the assistant’s instructions (logged, not blocked)`, excerpt: injection.excerpt });
    }
  } catch (error) {
    await releaseTurn(session.id, turnId);
    throw error;
  }
  const caller = toolCallerOf(req, ctx);
  return sseResponse(async (send, clientGone) => {
    send({ event: 'start', data: { sessionId: session.id, turnId, userMessageId } });
    await runAssistantLoop({ ctx, partnerId: session.partnerId, sessionId: session.id, turnId, settings, routes, caller, send, clientGone });
  });
}
