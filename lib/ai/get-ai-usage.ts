import type { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { monthRange } from '@/lib/ai/ai-budget';
import type { TAiUsage } from '@/lib/ai/schemas';

type Sum = { _count: { _all: number }; _sum: { inputTokens: number | null; outputTokens: number | null; costMicros: bigint | null } };

function totals(s: Sum) {
  const inputTokens = s._sum.inputTokens ?? 0;
  const outputTokens = s._sum.outputTokens ?? 0;
  return { calls: s._count._all, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, costUsd: Number(s._sum.costMicros ?? 0n) / 1e6 };
}

/** One month's use: the whole partner's for `ai:admin`, else the caller's own. */
export async function getAiUsage(ctx: UserContext, input: { month?: string }): Promise<TAiUsage> {
  const range = monthRange(input.month ?? new Date());
  const everyone = ctx.permissions.has('ai:admin');
  const where: Prisma.AiUsageWhereInput = { ...ownPartnerWhere(ctx), ...(everyone ? {} : { userId: ctx.userId }), createdAt: { gte: range.start, lt: range.end } };
  const sums = { _count: { _all: true }, _sum: { inputTokens: true, outputTokens: true, costMicros: true } } as const;
  const [all, byUser, byModel, days] = await Promise.all([
    db.aiUsage.aggregate({ where, ...sums }),
    db.aiUsage.groupBy({ by: ['userId'], where, ...sums }),
    db.aiUsage.groupBy({ by: ['provider', 'model'], where, ...sums }),
    db.$queryRaw<{ day: string; calls: bigint; input: bigint; output: bigint; cost: bigint }[]>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS calls,
             sum(input_tokens) AS input, sum(output_tokens) AS output, sum(cost_micros) AS cost
        FROM ai_usage
       WHERE partner_id = ${where.partnerId as string}::uuid AND created_at >= ${range.start} AND created_at < ${range.end}
         AND (${everyone} OR user_id = ${ctx.userId}::uuid)
       GROUP BY 1 ORDER BY 1`,
  ]);
  const userIds = byUser.map((u) => u.userId).filter((id): id is string => !!id);
  const users = new Map((await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, name: true } })).map((u) => [u.id, u]));
  return {
    month: range.month,
    scope: everyone ? 'partner' : 'self',
    totals: totals(all as Sum),
    byUser: byUser
      .map((u) => ({ userId: u.userId, email: users.get(u.userId ?? '')?.email ?? null, name: users.get(u.userId ?? '')?.name ?? null, ...totals(u as Sum) }))
      .sort((a, b) => b.totalTokens - a.totalTokens),
    byDay: days.map((d) => {
      const inputTokens = Number(d.input);
      const outputTokens = Number(d.output);
      return { date: d.day, calls: Number(d.calls), inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, costUsd: Number(d.cost) / 1e6 };
    }),
    byModel: byModel.map((m) => ({ provider: m.provider, model: m.model, ...totals(m as Sum) })),
  };
}
