import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { aiAdminWhere } from '@/lib/ai/admin-scope';
import { pendingCounts } from '@/lib/ai/get-ai-session-or-throw';
import { sessionTextMatch } from '@/lib/ai/search-ai-sessions';
import { toAiSessionDto } from '@/lib/ai/to-ai-dto';

/** Every user's sessions the admin oversees, most recently active first. */
export async function listAdminAiSessions(ctx: UserContext, input: PageInput & { userId?: string; q?: string }) {
  const where: Prisma.AiSessionWhereInput = { AND: [aiAdminWhere(ctx), input.userId ? { userId: input.userId } : {}, input.q ? sessionTextMatch(input.q) : {}] };
  const [rows, total] = await Promise.all([
    db.aiSession.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], include: { user: { select: { email: true, name: true } } }, ...pageArgs(input) }),
    db.aiSession.count({ where }),
  ]);
  const pending = await pendingCounts(rows.map((r) => r.id));
  return pageResult(
    rows.map(({ user, ...r }) => ({ ...toAiSessionDto(r, pending.get(r.id) ?? 0), userEmail: user.email, userName: user.name })),
    input,
    total,
  );
}
