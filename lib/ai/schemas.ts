// The AI assistant's request and response shapes (doc 1 "AI assistant"), and the events of its
// server-sent event streams.
import { z } from 'zod';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zRawText, zText } from '@/lib/http/storable-text';

export const AI_SESSION_STATUSES = ['idle', 'generating', 'awaiting_approval'] as const;
export const AI_EXECUTION_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'denied', 'cancelled', 'refused'] as const;
export const AI_SECURITY_EVENT_KINDS = ['tool_not_permitted', 'tool_refused', 'out_of_scope', 'prompt_injection'] as const;
export type AiSecurityEventKind = (typeof AI_SECURITY_EVENT_KINDS)[number];

/** Longest user message (characters). */
export const AI_MESSAGE_MAX_CHARS = 32_000;
export const DEFAULT_SESSION_TITLE = 'New conversation';

export const ZAiExecutionParams = z.object({ id: z.string().uuid(), executionId: z.string().uuid() });

export const ZCreateAiSession = z.object({ title: zText(200, 1).optional().describe(`Default "${DEFAULT_SESSION_TITLE}", replaced by the start of the first message`) }).strict();
export const ZListAiSessionsQuery = pageQuery(20, 100);
export const ZSearchAiSessionsQuery = pageQuery(20, 100).extend({ q: zText(200, 1).describe('Words to find in titles and messages (case-insensitive)') });
export const ZSendAiMessage = z.object({ content: zRawText(AI_MESSAGE_MAX_CHARS, 1).describe('The user’s message') }).strict();
export const ZApproveAiExecution = z
  .object({ approve: z.boolean().default(true).describe('true runs the action; false denies it (the model is told)') })
  .strict();
export const ZAiUsageQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM')
    .optional()
    .describe('Calendar month (UTC), default the current one'),
});
export const ZAdminAiSessionsQuery = pageQuery(20, 100).extend({
  userId: z.string().uuid().optional(),
  q: zText(200, 1).optional().describe('Words to find in titles and messages'),
});
export const ZAiSecurityEventsQuery = pageQuery(50, 100).extend({
  kind: z.enum(AI_SECURITY_EVENT_KINDS).optional(),
  userId: z.string().uuid().optional(),
  sessionId: z.string().uuid().optional(),
});

const ZAiBlock = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) }),
]);

export const ZAiSession = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    status: z.enum(AI_SESSION_STATUSES),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    messageCount: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    pendingExecutions: z.number().int().describe('Actions waiting for approval'),
    userId: z.string().uuid(),
    lastMessageAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'AiSession' });
export type TAiSession = z.infer<typeof ZAiSession>;

export const ZAiExecution = z
  .object({
    id: z.string().uuid(),
    messageId: z.string().uuid(),
    toolCallId: z.string(),
    toolName: z.string(),
    method: z.string(),
    path: z.string().describe('What will run (or ran): the API call, under /api/v1'),
    arguments: z.record(z.string(), z.unknown()),
    readOnly: z.boolean(),
    destructive: z.boolean(),
    status: z.enum(AI_EXECUTION_STATUSES),
    httpStatus: z.number().int().nullable(),
    result: z.unknown().nullable(),
    decidedAt: ZTimestamp.nullable(),
    completedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'AiExecution' });
export type TAiExecution = z.infer<typeof ZAiExecution>;

export const ZAiMessage = z
  .object({
    id: z.string().uuid(),
    role: z.enum(['user', 'assistant']),
    content: z.array(ZAiBlock),
    text: z.string(),
    stopReason: z.string().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'AiMessage' });
export type TAiMessage = z.infer<typeof ZAiMessage>;

export const ZAiSessionDetail = ZAiSession.extend({ messages: z.array(ZAiMessage), executions: z.array(ZAiExecution) }).meta({ id: 'AiSessionDetail' });
export type TAiSessionDetail = z.infer<typeof ZAiSessionDetail>;

export const ZAiSessionList = ZPageOf(ZAiSession);
export const ZAiSessionSearchResult = ZPageOf(ZAiSession.extend({ match: z.string().nullable().describe('Start of the first message that matched') }));
export const ZAdminAiSessionList = ZPageOf(ZAiSession.extend({ userEmail: z.string(), userName: z.string() }));

export const ZAiInterruptResult = z.object({
  interrupted: z.boolean().describe('A generation was running and has been told to stop'),
  cancelledExecutions: z.number().int().describe('Actions that were waiting for approval, now cancelled'),
});

export const ZAiBudget = z
  .object({
    month: z.string().describe('YYYY-MM (UTC)'),
    resetsAt: ZTimestamp,
    tokenLimit: z.number().int().nullable().describe('Tokens (input + output) per month; null: no limit'),
    costLimitUsd: z.number().nullable().describe('Cost per month; null: no limit'),
    usedTokens: z.number().int(),
    usedCostUsd: z.number(),
    remainingTokens: z.number().int().nullable(),
    remainingCostUsd: z.number().nullable(),
    exceeded: z.boolean().describe('New generations are refused with 429 AI_BUDGET_EXCEEDED until the month resets'),
    source: z.enum(['partner', 'default']).describe('partner: settings.ai of the partner; default: the service configuration'),
    configured: z.boolean().describe('A model is configured on this service'),
  })
  .meta({ id: 'AiBudget' });
export type TAiBudget = z.infer<typeof ZAiBudget>;

const ZUsageTotals = z.object({ calls: z.number().int(), inputTokens: z.number().int(), outputTokens: z.number().int(), totalTokens: z.number().int(), costUsd: z.number() });
export const ZAiUsage = z
  .object({
    month: z.string(),
    scope: z.enum(['partner', 'self']).describe('partner: every user (ai:admin); self: the caller’s own use'),
    totals: ZUsageTotals,
    byUser: z.array(ZUsageTotals.extend({ userId: z.string().uuid().nullable(), email: z.string().nullable(), name: z.string().nullable() })),
    byDay: z.array(ZUsageTotals.extend({ date: z.string().describe('YYYY-MM-DD') })),
    byModel: z.array(ZUsageTotals.extend({ provider: z.string(), model: z.string() })),
  })
  .meta({ id: 'AiUsage' });
export type TAiUsage = z.infer<typeof ZAiUsage>;

export const ZAiSecurityEvent = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(AI_SECURITY_EVENT_KINDS),
    userId: z.string().uuid().nullable(),
    userEmail: z.string().nullable(),
    sessionId: z.string().uuid().nullable(),
    toolName: z.string().nullable(),
    detail: z.string(),
    excerpt: z.string().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'AiSecurityEvent' });
export type TAiSecurityEvent = z.infer<typeof ZAiSecurityEvent>;
export const ZAiSecurityEventList = ZPageOf(ZAiSecurityEvent);

/** The events of the `messages` and `approve` streams, one `event:` name each. */
export type AiStreamEvent =
  | { event: 'start'; data: { sessionId: string; turnId: string; userMessageId: string | null } }
  | { event: 'text'; data: { delta: string } }
  | { event: 'tool_call'; data: { executionId: string; toolCallId: string; name: string; title: string; method: string; path: string; arguments: Record<string, unknown>; readOnly: boolean; destructive: boolean; status: 'running' | 'pending_approval' | 'refused' } }
  | { event: 'approval_required'; data: { executionId: string; name: string; title: string; method: string; path: string; arguments: Record<string, unknown>; destructive: boolean } }
  | { event: 'tool_result'; data: { executionId: string; toolCallId: string; name: string; status: 'succeeded' | 'failed' | 'denied' | 'cancelled' | 'refused'; httpStatus: number | null; result: unknown } }
  | { event: 'usage'; data: { inputTokens: number; outputTokens: number; costUsd: number } }
  | { event: 'interrupted'; data: Record<string, never> }
  | { event: 'error'; data: { code: string; message: string } }
  | { event: 'done'; data: { reason: 'end_turn' | 'awaiting_approval' | 'interrupted' | 'budget_exceeded' | 'max_rounds' | 'max_tokens' | 'error' | 'busy'; assistantMessageId: string | null; pendingExecutionIds: string[] } };

/** The stream's events as the OpenAPI document describes them. */
export const AI_STREAM_DOC = [
  'Answers `text/event-stream`. Each event is `event: <name>` plus one `data:` line of JSON:',
  '- `start` `{ sessionId, turnId, userMessageId }`: the turn began (the user message is stored).',
  '- `text` `{ delta }`: a piece of the assistant’s answer.',
  '- `tool_call` `{ executionId, toolCallId, name, title, method, path, arguments, readOnly, destructive, status }`: the model asked for a tool; `status` `running` (read-only: runs now), `pending_approval` (a change: waits for POST …/approve/:executionId) or `refused` (the user may not use it).',
  '- `approval_required` `{ executionId, name, title, method, path, arguments, destructive }`: what will run once approved.',
  '- `tool_result` `{ executionId, toolCallId, name, status, httpStatus, result }`: `succeeded`, `failed`, `denied`, `cancelled` or `refused`, with the API answer.',
  '- `usage` `{ inputTokens, outputTokens, costUsd }`: one model call’s use, counted against the partner’s monthly budget.',
  '- `interrupted` `{}`: POST …/interrupt stopped the generation (from any web process).',
  '- `error` `{ code, message }`: `AI_BUDGET_EXCEEDED`, `AI_PROVIDER_ERROR`, `AI_MAX_ROUNDS`.',
  '- `done` `{ reason, assistantMessageId, pendingExecutionIds }`: the last event; `reason` `end_turn`, `awaiting_approval`, `interrupted`, `budget_exceeded`, `max_rounds`, `max_tokens`, `error` or `busy`.',
].join('\n');
