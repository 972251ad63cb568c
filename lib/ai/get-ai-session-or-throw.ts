import type { UserContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

/** The caller's own session: lookup and authorization in one query; anyone else's is 404. */
export function ownAiSessionWhere(ctx: UserContext, id?: string) {
  return { ...(id ? { id } : {}), userId: ctx.userId, ...ownPartnerWhere(ctx) };
}

export async function getAiSessionOrThrow(ctx: UserContext, id: string, client: DbOrTx = db) {
  const row = await client.aiSession.findFirst({ where: ownAiSessionWhere(ctx, id) });
  if (!row) throw notFound('AI session');
  return row;
}

/** Pending approvals per session, for lists. */
export async function pendingCounts(sessionIds: string[], client: DbOrTx = db): Promise<Map<string, number>> {
  if (!sessionIds.length) return new Map();
  const rows = await client.aiToolExecution.groupBy({ by: ['sessionId'], where: { sessionId: { in: sessionIds }, status: 'pending' }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.sessionId, r._count._all]));
}
