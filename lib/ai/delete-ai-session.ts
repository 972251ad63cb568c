import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { getAiSessionOrThrow } from '@/lib/ai/get-ai-session-or-throw';

/**
 * Deletes a conversation with its messages and executions. A generation still running sees its
 * session gone at its next check and stops. Usage rows stay: the month's budget counts what was
 * spent. Security events keep the session id they were recorded with.
 */
export async function deleteAiSession(ctx: UserContext, id: string): Promise<void> {
  const session = await getAiSessionOrThrow(ctx, id);
  await db.aiSession.delete({ where: { id: session.id } });
}
