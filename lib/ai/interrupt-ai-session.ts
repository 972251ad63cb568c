// POST /ai/sessions/:id/interrupt — stops a running generation and cancels the actions waiting
// for approval. The flag is on the session row: the process streaming the turn (any process)
// reads it between model chunks and stops.
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { getAiSessionOrThrow } from '@/lib/ai/get-ai-session-or-throw';
import { cancelPendingExecutions } from '@/lib/ai/turn-control';

export async function interruptAiSession(ctx: UserContext, id: string): Promise<{ interrupted: boolean; cancelledExecutions: number }> {
  const session = await getAiSessionOrThrow(ctx, id);
  const { count } = await db.aiSession.updateMany({ where: { id: session.id, status: 'generating', turnId: { not: null } }, data: { interruptRequestedAt: new Date() } });
  const cancelled = await cancelPendingExecutions(session.id, 'Interrupted by the user');
  await db.aiSession.updateMany({ where: { id: session.id, status: 'awaiting_approval' }, data: { status: 'idle' } });
  return { interrupted: count === 1, cancelledExecutions: cancelled };
}
