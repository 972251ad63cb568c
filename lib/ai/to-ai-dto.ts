// Rows to the API's shapes (lib/ai/schemas.ts).
import type { AiExecution, AiMessageRow, AiSessionRow } from '@/lib/ai/rows';
import type { TAiExecution, TAiMessage, TAiSession } from '@/lib/ai/schemas';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAiSessionDto(row: AiSessionRow, pendingExecutions: number): TAiSession {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TAiSession['status'],
    provider: row.provider,
    model: row.model,
    messageCount: row.messageCount,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    pendingExecutions,
    userId: row.userId,
    lastMessageAt: iso(row.lastMessageAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAiMessageDto(row: AiMessageRow): TAiMessage {
  return { id: row.id, role: row.role as TAiMessage['role'], content: row.content as TAiMessage['content'], text: row.text, stopReason: row.stopReason, createdAt: row.createdAt.toISOString() };
}

export function toAiExecutionDto(row: AiExecution): TAiExecution {
  return {
    id: row.id,
    messageId: row.messageId,
    toolCallId: row.toolCallId,
    toolName: row.toolName,
    method: row.method,
    path: row.path,
    arguments: row.arguments as Record<string, unknown>,
    readOnly: row.readOnly,
    destructive: row.destructive,
    status: row.status as TAiExecution['status'],
    httpStatus: row.httpStatus,
    result: row.result ?? null,
    decidedAt: iso(row.decidedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
