// POST /ai/sessions/:id/approve/:executionId — the user's decision on an action the assistant
// asked to run. Approved, it runs with the approving request's own credential; denied, the model
// is told. Either way, once no other action of the session waits, the assistant continues in
// this response's stream (the same events as `messages`).
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { assistantTools, toolCallerOf } from '@/lib/ai/assistant-tools';
import { getAiBudget } from '@/lib/ai/ai-budget';
import { getAiSessionOrThrow } from '@/lib/ai/get-ai-session-or-throw';
import { requireAiModel } from '@/lib/ai/model-settings';
import { executeTool, runAssistantLoop } from '@/lib/ai/run-assistant-loop';
import { sseResponse } from '@/lib/ai/sse-stream';
import { claimTurn } from '@/lib/ai/turn-control';

export async function approveAiExecution(ctx: UserContext, req: Request, sessionId: string, executionId: string, approve: boolean, routes: readonly McpRouteSource[]): Promise<Response> {
  const session = await getAiSessionOrThrow(ctx, sessionId);
  const execution = await db.aiToolExecution.findFirst({ where: { id: executionId, sessionId: session.id } });
  if (!execution) throw notFound('AI tool execution');
  const settings = requireAiModel();
  if (execution.status !== 'pending') throw conflict(`This action is ${execution.status}, not waiting for approval`, 'AI_EXECUTION_NOT_PENDING', { status: execution.status });
  const tool = approve ? (await assistantTools(ctx, routes)).mine.find((t) => t.name === execution.toolName) : undefined;
  const now = new Date();
  // Only one decision wins, whichever process it reaches.
  const { count } = await db.aiToolExecution.updateMany({
    where: { id: execution.id, status: 'pending' },
    data: approve && tool ? { status: 'running', decidedById: ctx.userId, decidedAt: now } : { status: approve ? 'refused' : 'denied', decidedById: ctx.userId, decidedAt: now, completedAt: now, result: approve ? { error: { code: 'TOOL_NOT_AVAILABLE', message: 'The user can no longer use this tool' } } : { message: 'Denied by the user' } },
  });
  if (count !== 1) throw conflict('This action was decided or cancelled meanwhile', 'AI_EXECUTION_NOT_PENDING');
  await writeAudit(ctx, {
    action: approve ? 'ai_execution.approve' : 'ai_execution.deny',
    targetType: 'ai_execution',
    targetId: execution.id,
    details: { sessionId: session.id, tool: execution.toolName, method: execution.method, path: execution.path },
  });
  const caller = toolCallerOf(req, ctx);
  return sseResponse(async (send, clientGone) => {
    send({ event: 'start', data: { sessionId: session.id, turnId: '', userMessageId: null } });
    if (tool) await executeTool(ctx, session.partnerId, caller, tool, execution.id, session.id, execution.arguments as Record<string, unknown>, send);
    else send({ event: 'tool_result', data: { executionId: execution.id, toolCallId: execution.toolCallId, name: execution.toolName, status: approve ? 'refused' : 'denied', httpStatus: null, result: null } });
    const waiting = await db.aiToolExecution.findMany({ where: { sessionId: session.id, status: 'pending' }, select: { id: true }, orderBy: { createdAt: 'asc' } });
    if (waiting.length) {
      send({ event: 'done', data: { reason: 'awaiting_approval', assistantMessageId: null, pendingExecutionIds: waiting.map((w) => w.id) } });
      return;
    }
    // The model continues once every action of its last answer is decided (within the budget).
    const budget = await getAiBudget(session.partnerId);
    if (budget.exceeded) {
      await db.aiSession.updateMany({ where: { id: session.id, status: 'awaiting_approval' }, data: { status: 'idle' } });
      send({ event: 'error', data: { code: 'AI_BUDGET_EXCEEDED', message: 'The partner’s AI budget for this month is used up' } });
      send({ event: 'done', data: { reason: 'budget_exceeded', assistantMessageId: null, pendingExecutionIds: [] } });
      return;
    }
    const turnId = await claimTurn(session.id);
    if (!turnId) {
      send({ event: 'done', data: { reason: 'busy', assistantMessageId: null, pendingExecutionIds: [] } });
      return;
    }
    await runAssistantLoop({ ctx, partnerId: session.partnerId, sessionId: session.id, turnId, settings, routes, caller, send, clientGone });
  });
}
