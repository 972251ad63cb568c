import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ZListAlertsQuery } from '@/lib/alerts/schemas';
import { toAlertDto } from '@/lib/alerts/to-alert-dto';

type ListAlertsInput = z.output<typeof ZListAlertsQuery>;

/** The filter shared by the list and the mobile inbox. Dismissed alerts only when asked for. */
export function alertListWhere(ctx: ScopedContext, q: Partial<ListAlertsInput>): Prisma.AlertWhereInput {
  const scope = tenantWhere(ctx);
  const where: Prisma.AlertWhereInput = {
    ...scope,
    status: q.status?.length ? { in: q.status } : { not: 'dismissed' },
  };
  if (q.orgId) where.AND = [{ orgId: q.orgId }];
  if (q.severity?.length) where.severity = { in: q.severity };
  if (q.deviceId) where.deviceId = q.deviceId;
  if (q.ruleId) where.ruleId = q.ruleId;
  if (q.monitorId) where.monitorId = q.monitorId;
  if (q.source) where.source = q.source;
  if (q.from || q.to) where.triggeredAt = { ...(q.from ? { gte: q.from } : {}), ...(q.to ? { lt: q.to } : {}) };
  return where;
}

export async function listAlerts(ctx: ScopedContext, q: ListAlertsInput) {
  const where = alertListWhere(ctx, q);
  const [rows, total] = await Promise.all([
    db.alert.findMany({ where, orderBy: [{ triggeredAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }),
    db.alert.count({ where }),
  ]);
  return pageResult(rows.map(toAlertDto), q, total);
}
