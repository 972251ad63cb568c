import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { aiAdminWhere } from '@/lib/ai/admin-scope';
import type { AiSecurityEventKind, TAiSecurityEvent } from '@/lib/ai/schemas';

export async function listAiSecurityEvents(ctx: UserContext, input: PageInput & { kind?: AiSecurityEventKind; userId?: string; sessionId?: string }) {
  const where: Prisma.AiSecurityEventWhereInput = {
    ...aiAdminWhere(ctx),
    ...(input.kind ? { kind: input.kind } : {}),
    ...(input.userId ? { userId: input.userId } : {}),
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
  };
  const [rows, total] = await Promise.all([db.aiSecurityEvent.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], ...pageArgs(input) }), db.aiSecurityEvent.count({ where })]);
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => !!id))];
  const emails = new Map((await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  const data: TAiSecurityEvent[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as AiSecurityEventKind,
    userId: r.userId,
    userEmail: r.userId ? (emails.get(r.userId) ?? null) : null,
    sessionId: r.sessionId,
    toolName: r.toolName,
    detail: r.detail,
    excerpt: r.excerpt,
    createdAt: r.createdAt.toISOString(),
  }));
  return pageResult(data, input, total);
}
