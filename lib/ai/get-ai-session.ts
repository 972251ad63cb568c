import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { getAiSessionOrThrow } from '@/lib/ai/get-ai-session-or-throw';
import type { TAiSessionDetail } from '@/lib/ai/schemas';
import { toAiExecutionDto, toAiMessageDto, toAiSessionDto } from '@/lib/ai/to-ai-dto';

/** One conversation with its messages and every tool execution (pending ones show what will run). */
export async function getAiSession(ctx: UserContext, id: string): Promise<TAiSessionDetail> {
  const session = await getAiSessionOrThrow(ctx, id);
  const [messages, executions] = await Promise.all([
    db.aiMessage.findMany({ where: { sessionId: id }, orderBy: { seq: 'asc' } }),
    db.aiToolExecution.findMany({ where: { sessionId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  const pending = executions.filter((e) => e.status === 'pending').length;
  return { ...toAiSessionDto(session, pending), messages: messages.map(toAiMessageDto), executions: executions.map(toAiExecutionDto) };
}
