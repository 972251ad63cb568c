// One turn of the assistant: model call, tool calls, model call again, until the model answers
// without tools, a change waits for approval, the budget runs out, or the turn is interrupted.
// Every model call is streamed to the client as it arrives and stored when it ends (an
// interrupted one with the text it got so far); every tool call is an execution row.
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { Prisma } from '@/lib/generated/prisma/client';
import type { McpTool } from '@/lib/mcp/build-mcp-tools';
import type { AiContentBlock, AiToolUseBlock, ModelStopReason } from '@/lib/ai/adapters/types';
import { assistantTools, modelToolsOf, runAssistantTool, toolPath, type AssistantToolSet, type ToolCaller } from '@/lib/ai/assistant-tools';
import { loadModelHistory } from '@/lib/ai/assistant-history';
import { BUDGET_EXCEEDED_CODE, budgetExceededMessage, getAiBudget } from '@/lib/ai/ai-budget';
import { costMicros, modelAdapter, type AiModelSettings } from '@/lib/ai/model-settings';
import { recordAiSecurityEvent } from '@/lib/ai/record-security-event';
import { cancelPendingExecutions, releaseTurn, watchTurn } from '@/lib/ai/turn-control';
import { systemPrompt } from '@/lib/ai/system-prompt';
import type { SendEvent } from '@/lib/ai/sse-stream';
import type { AiStreamEvent } from '@/lib/ai/schemas';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';

type DoneReason = Extract<AiStreamEvent, { event: 'done' }>['data']['reason'];

/** Stored results larger than this keep a cut text instead of the JSON. */
const STORED_RESULT_CHARS = 200_000;

export interface TurnInput {
  ctx: UserContext;
  partnerId: string;
  sessionId: string;
  turnId: string;
  settings: AiModelSettings;
  routes: readonly McpRouteSource[];
  caller: ToolCaller;
  send: SendEvent;
  clientGone: AbortSignal;
}

function storableResult(body: unknown): Prisma.InputJsonValue {
  const text = JSON.stringify(body ?? null);
  if (text.length <= STORED_RESULT_CHARS) return (body ?? null) as Prisma.InputJsonValue;
  return { truncated: true, text: text.slice(0, STORED_RESULT_CHARS) };
}

/** Runs one tool call the model made: at once (read-only), held for approval, or refused. */
async function handleToolCall(input: TurnInput, tools: AssistantToolSet, messageId: string, call: AiToolUseBlock): Promise<'done' | 'pending'> {
  const { ctx, partnerId, sessionId, send } = input;
  const tool = tools.mine.find((t) => t.name === call.name);
  if (!tool) {
    const known = tools.all.find((t) => t.name === call.name);
    const message = known ? `The user lacks the permission ${known.permission} this tool needs` : `There is no tool named ${call.name}`;
    const exec = await db.aiToolExecution.create({
      data: { sessionId, messageId, partnerId, userId: ctx.userId, toolCallId: call.id, toolName: call.name.slice(0, 100), method: known?.method ?? 'NONE', path: known ? toolPath(known, call.input) : '', arguments: call.input as Prisma.InputJsonValue, readOnly: known?.readOnly ?? true, destructive: known?.destructive ?? false, status: 'refused', result: { error: { code: 'TOOL_NOT_AVAILABLE', message } }, completedAt: new Date() },
    });
    await recordAiSecurityEvent(ctx, partnerId, { kind: 'tool_not_permitted', sessionId, toolName: call.name.slice(0, 100), detail: message, excerpt: JSON.stringify(call.input).slice(0, 500) });
    send({ event: 'tool_call', data: { executionId: exec.id, toolCallId: call.id, name: call.name, title: known?.title ?? call.name, method: exec.method, path: exec.path, arguments: call.input, readOnly: exec.readOnly, destructive: exec.destructive, status: 'refused' } });
    send({ event: 'tool_result', data: { executionId: exec.id, toolCallId: call.id, name: call.name, status: 'refused', httpStatus: null, result: exec.result } });
    return 'done';
  }
  const path = toolPath(tool, call.input);
  const base = { sessionId, messageId, partnerId, userId: ctx.userId, toolCallId: call.id, toolName: tool.name, method: tool.method, path, arguments: call.input as Prisma.InputJsonValue, readOnly: tool.readOnly, destructive: tool.destructive };
  const event = { toolCallId: call.id, name: tool.name, title: tool.title, method: tool.method, path, arguments: call.input, readOnly: tool.readOnly, destructive: tool.destructive };
  if (!tool.readOnly) {
    const exec = await db.aiToolExecution.create({ data: { ...base, status: 'pending' } });
    send({ event: 'tool_call', data: { executionId: exec.id, ...event, status: 'pending_approval' } });
    send({ event: 'approval_required', data: { executionId: exec.id, name: tool.name, title: tool.title, method: tool.method, path, arguments: call.input, destructive: tool.destructive } });
    return 'pending';
  }
  const exec = await db.aiToolExecution.create({ data: { ...base, status: 'running' } });
  send({ event: 'tool_call', data: { executionId: exec.id, ...event, status: 'running' } });
  await executeTool(input.ctx, partnerId, input.caller, tool, exec.id, sessionId, call.input, send);
  return 'done';
}

/** Runs a tool (its execution already marked running), stores and streams the result. */
export async function executeTool(ctx: UserContext, partnerId: string, caller: ToolCaller, tool: McpTool, executionId: string, sessionId: string, args: Record<string, unknown>, send: SendEvent): Promise<void> {
  const answer = await runAssistantTool(caller, tool, args);
  const status = answer.status < 400 ? 'succeeded' : 'failed';
  const exec = await db.aiToolExecution.update({ where: { id: executionId }, data: { status, httpStatus: answer.status, result: storableResult(answer.body), completedAt: new Date() } });
  send({ event: 'tool_result', data: { executionId, toolCallId: exec.toolCallId, name: tool.name, status, httpStatus: answer.status, result: answer.body } });
  const error = (answer.body as { error?: { code?: string; message?: string } } | null)?.error;
  if (answer.status === 403 || answer.status === 401) {
    await recordAiSecurityEvent(ctx, partnerId, { kind: 'tool_refused', sessionId, toolName: tool.name, detail: `${tool.method} ${exec.path} refused (${answer.status} ${error?.code ?? ''}): ${error?.message ?? ''}`.trim(), excerpt: JSON.stringify(args).slice(0, 500) });
  } else if (answer.status === 404 && tool.params.length) {
    await recordAiSecurityEvent(ctx, partnerId, { kind: 'out_of_scope', sessionId, toolName: tool.name, detail: `${tool.method} ${exec.path}: no such record in the user’s scope`, excerpt: JSON.stringify(args).slice(0, 500) });
  }
  if (!tool.readOnly) {
    await writeAudit(ctx, {
      action: 'ai.tool_call',
      targetType: 'ai_tool',
      targetId: tool.name,
      result: answer.status < 400 ? 'success' : answer.status === 403 || answer.status === 404 ? 'denied' : 'failure',
      details: { tool: tool.name, method: tool.method, path: exec.path, status: answer.status, executionId, sessionId, ...(error?.code ? { errorCode: error.code } : {}) },
    }).catch((err) => logger.error({ err }, 'AI tool audit failed'));
  }
}

async function recordUsage(input: TurnInput, inputTokens: number, outputTokens: number): Promise<void> {
  const micros = costMicros(input.settings, inputTokens, outputTokens);
  await db.$transaction([
    db.aiUsage.create({ data: { partnerId: input.partnerId, userId: input.ctx.userId, sessionId: input.sessionId, provider: input.settings.provider, model: input.settings.model, inputTokens, outputTokens, costMicros: BigInt(micros) } }),
    db.aiSession.updateMany({ where: { id: input.sessionId }, data: { inputTokens: { increment: inputTokens }, outputTokens: { increment: outputTokens } } }),
  ]);
  input.send({ event: 'usage', data: { inputTokens, outputTokens, costUsd: micros / 1e6 } });
}

function providerMessage(error: unknown): string {
  const e = error as { status?: number; message?: string };
  return `The model provider failed${e.status ? ` (HTTP ${e.status})` : ''}: ${(e.message ?? 'unknown error').slice(0, 300)}`;
}

export async function runAssistantLoop(input: TurnInput): Promise<void> {
  const { sessionId, turnId, settings, send } = input;
  const watch = watchTurn(sessionId, turnId, input.clientGone);
  let reason: DoneReason = 'max_rounds';
  let assistantMessageId: string | null = null;
  try {
    const tools = await assistantTools(input.ctx, input.routes);
    const adapter = modelAdapter(settings);
    for (let round = 0; round < settings.maxToolRounds; round++) {
      if (await watch.check()) {
        reason = 'interrupted';
        break;
      }
      const budget = await getAiBudget(input.partnerId);
      if (budget.exceeded) {
        send({ event: 'error', data: { code: BUDGET_EXCEEDED_CODE, message: budgetExceededMessage(budget) } });
        reason = 'budget_exceeded';
        break;
      }
      const maxTokens = Math.max(16, Math.min(settings.maxOutputTokens, budget.remainingTokens ?? Number.MAX_SAFE_INTEGER));
      const history = await loadModelHistory(sessionId);
      let text = '';
      const calls: AiToolUseBlock[] = [];
      let usage = { inputTokens: 0, outputTokens: 0 };
      let stop: ModelStopReason = 'other';
      let failure: unknown = null;
      try {
        for await (const ev of adapter.stream({ system: systemPrompt(input.ctx), messages: history, tools: modelToolsOf(tools.mine), maxTokens, signal: watch.signal })) {
          if (ev.type === 'text') {
            text += ev.delta;
            send({ event: 'text', data: { delta: ev.delta } });
          } else if (ev.type === 'tool_call') calls.push({ type: 'tool_use', id: ev.id, name: ev.name, input: ev.input });
          else if (ev.type === 'usage') usage = { inputTokens: ev.inputTokens, outputTokens: ev.outputTokens };
          else stop = ev.reason;
        }
      } catch (error) {
        if (!watch.signal.aborted) failure = error;
      }
      const stopped = watch.signal.aborted;
      // An interrupted answer keeps its text; its half-made tool calls are dropped.
      const blocks: AiContentBlock[] = [...(text ? [{ type: 'text' as const, text }] : []), ...(stopped || failure ? [] : calls)];
      if (stopped && !usage.outputTokens) usage.outputTokens = Math.ceil(text.length / 4);
      const saved = await db.aiMessage.create({
        data: { sessionId, role: 'assistant', content: blocks as unknown as Prisma.InputJsonValue, text, stopReason: stopped ? 'interrupted' : failure ? 'error' : stop, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
      });
      assistantMessageId = saved.id;
      await db.aiSession.updateMany({ where: { id: sessionId }, data: { messageCount: { increment: 1 }, lastMessageAt: new Date() } });
      if (usage.inputTokens || usage.outputTokens) await recordUsage(input, usage.inputTokens, usage.outputTokens);
      if (stopped) {
        if (watch.interrupted() || input.clientGone.aborted) send({ event: 'interrupted', data: {} });
        reason = 'interrupted';
        break;
      }
      if (failure) {
        logger.warn({ err: failure, sessionId }, 'AI provider call failed');
        send({ event: 'error', data: { code: 'AI_PROVIDER_ERROR', message: providerMessage(failure) } });
        reason = 'error';
        break;
      }
      if (!calls.length) {
        reason = stop === 'max_tokens' ? 'max_tokens' : 'end_turn';
        break;
      }
      let pending = 0;
      for (const call of calls) {
        if (await watch.check()) break;
        if ((await handleToolCall(input, tools, saved.id, call)) === 'pending') pending++;
      }
      if (watch.interrupted()) {
        send({ event: 'interrupted', data: {} });
        reason = 'interrupted';
        break;
      }
      if (pending) {
        reason = 'awaiting_approval';
        break;
      }
    }
    if (reason === 'max_rounds') send({ event: 'error', data: { code: 'AI_MAX_ROUNDS', message: `Stopped after ${settings.maxToolRounds} model calls for one message` } });
  } finally {
    watch.stop();
    // An interrupt stops pending tools too, including any made after the interrupt was asked.
    if (reason === 'interrupted') await cancelPendingExecutions(sessionId, 'Interrupted by the user');
    await releaseTurn(sessionId, turnId);
  }
  const pendingIds = (await db.aiToolExecution.findMany({ where: { sessionId, status: 'pending' }, select: { id: true }, orderBy: { createdAt: 'asc' } })).map((e) => e.id);
  send({ event: 'done', data: { reason, assistantMessageId, pendingExecutionIds: pendingIds } });
}
