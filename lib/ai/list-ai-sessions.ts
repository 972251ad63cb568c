import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { ownAiSessionWhere, pendingCounts } from '@/lib/ai/get-ai-session-or-throw';
import { toAiSessionDto } from '@/lib/ai/to-ai-dto';

/** The caller's own conversations, most recently active first. */
export async function listAiSessions(ctx: UserContext, input: PageInput) {
  const where = ownAiSessionWhere(ctx);
  const [rows, total] = await Promise.all([db.aiSession.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], ...pageArgs(input) }), db.aiSession.count({ where })]);
  const pending = await pendingCounts(rows.map((r) => r.id));
  return pageResult(rows.map((r) => toAiSessionDto(r, pending.get(r.id) ?? 0)), input, total);
}
