import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListRulesQuery } from '@/lib/alerts/schemas';
import { configWhere } from '@/lib/alerts/config-scope';
import { toAlertRuleDto } from '@/lib/alerts/to-alert-rule-dto';

export async function listAlertRules(ctx: ScopedContext, q: z.output<typeof ZListRulesQuery>) {
  const where: Prisma.AlertRuleWhereInput = {
    AND: [
      configWhere(ctx),
      ...(q.orgId ? [{ orgId: q.orgId }] : []),
      ...(q.enabled !== undefined ? [{ enabled: q.enabled }] : []),
      ...(q.conditionType ? [{ conditionType: q.conditionType }] : []),
    ],
  };
  const [rows, total] = await Promise.all([
    db.alertRule.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.alertRule.count({ where }),
  ]);
  const open = rows.length
    ? await db.alert.groupBy({ by: ['ruleId'], where: { ruleId: { in: rows.map((r) => r.id) }, openKey: { not: null } }, _count: { _all: true } })
    : [];
  const openBy = new Map(open.map((o) => [o.ruleId, o._count._all]));
  return pageResult(rows.map((r) => toAlertRuleDto(r, openBy.get(r.id) ?? 0)), q, total);
}
