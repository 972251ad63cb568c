// A session's history for the next model call: its messages in order, and after each assistant
// message that asked for tools, one result per tool call from the execution rows (denied,
// cancelled and refused calls included, so every call the model made has its answer).
import { db } from '@/lib/db';
import type { AiContentBlock, AiToolResult, ModelMessage } from '@/lib/ai/adapters/types';
import type { AiExecution } from '@/lib/ai/rows';

/** Messages sent back to the model at most (the newest); older turns drop out first. */
const HISTORY_MESSAGES = 60;
/** A tool answer longer than this is cut for the model (the stored result stays whole). */
export const TOOL_RESULT_MODEL_CHARS = 40_000;

export function toolResultFor(exec: AiExecution | undefined): Pick<AiToolResult, 'content' | 'isError'> {
  if (!exec) return { content: 'No result: the answer was interrupted before this tool ran.', isError: true };
  switch (exec.status) {
    case 'succeeded':
    case 'failed': {
      let text = JSON.stringify({ status: exec.httpStatus, body: exec.result });
      if (text.length > TOOL_RESULT_MODEL_CHARS) text = `${text.slice(0, TOOL_RESULT_MODEL_CHARS)} … (cut: narrow the query or lower the limit)`;
      return { content: text, isError: exec.status === 'failed' };
    }
    case 'denied':
      return { content: 'The user denied this action. Do not retry it unless the user asks again.', isError: true };
    case 'cancelled':
      return { content: 'Cancelled: the user interrupted or moved on before approving this action.', isError: true };
    case 'refused':
      return { content: JSON.stringify(exec.result ?? { error: 'This tool is not available to the user.' }), isError: true };
    default:
      return { content: 'Still waiting for the user’s approval.', isError: true };
  }
}

export async function loadModelHistory(sessionId: string): Promise<ModelMessage[]> {
  const recent = await db.aiMessage.findMany({ where: { sessionId }, orderBy: { seq: 'desc' }, take: HISTORY_MESSAGES });
  recent.reverse();
  // Start at a user message: a history may not open with an assistant turn or its tool results.
  const first = recent.findIndex((m) => m.role === 'user');
  const messages = first < 0 ? [] : recent.slice(first);
  const executions = await db.aiToolExecution.findMany({ where: { sessionId, messageId: { in: messages.map((m) => m.id) } } });
  const byCall = new Map(executions.map((e) => [`${e.messageId}:${e.toolCallId}`, e]));
  const out: ModelMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user') {
      out.push({ role: 'user', text: m.text });
      continue;
    }
    const blocks = (m.content as unknown as AiContentBlock[]) ?? [];
    if (!blocks.length) continue;
    out.push({ role: 'assistant', blocks });
    const calls = blocks.filter((b) => b.type === 'tool_use');
    if (calls.length) {
      out.push({ role: 'tool_results', results: calls.map((c) => ({ toolCallId: c.id, name: c.name, ...toolResultFor(byCall.get(`${m.id}:${c.id}`)) })) });
    }
  }
  return out;
}
