import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { ownAiSessionWhere, pendingCounts } from '@/lib/ai/get-ai-session-or-throw';
import { toAiSessionDto } from '@/lib/ai/to-ai-dto';

const SNIPPET_CHARS = 160;

/** Sessions whose title or any message contains `q` (case-insensitive), for any session filter. */
export function sessionTextMatch(q: string): Prisma.AiSessionWhereInput {
  return { OR: [{ title: { contains: q, mode: 'insensitive' } }, { messages: { some: { text: { contains: q, mode: 'insensitive' } } } }] };
}

/** A window of the message text around the first match. */
export function snippetAround(text: string, q: string): string {
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  const start = Math.max(0, at - 40);
  const piece = text.slice(start, start + SNIPPET_CHARS).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/** First matching message per session (one query for the page). */
export async function matchesOf(sessionIds: string[], q: string): Promise<Map<string, string>> {
  if (!sessionIds.length) return new Map();
  const rows = await db.aiMessage.findMany({
    where: { sessionId: { in: sessionIds }, text: { contains: q, mode: 'insensitive' } },
    orderBy: { seq: 'asc' },
    distinct: ['sessionId'],
    select: { sessionId: true, text: true },
  });
  return new Map(rows.map((r) => [r.sessionId, snippetAround(r.text, q)]));
}

export async function searchAiSessions(ctx: UserContext, input: PageInput & { q: string }) {
  const where: Prisma.AiSessionWhereInput = { AND: [ownAiSessionWhere(ctx), sessionTextMatch(input.q)] };
  const [rows, total] = await Promise.all([db.aiSession.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], ...pageArgs(input) }), db.aiSession.count({ where })]);
  const ids = rows.map((r) => r.id);
  const [pending, matches] = await Promise.all([pendingCounts(ids), matchesOf(ids, input.q)]);
  return pageResult(
    rows.map((r) => ({ ...toAiSessionDto(r, pending.get(r.id) ?? 0), match: matches.get(r.id) ?? null })),
    input,
    total,
  );
}
