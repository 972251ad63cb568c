// Stored correlation groups and their member alerts, in the caller's scope.
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ZListCorrelationsQuery, ZListGroupsQuery } from '@/lib/alerts/correlation/schemas';

type Reason = 'site' | 'device' | 'org';

export async function listCorrelationGroups(ctx: ScopedContext, q: z.output<typeof ZListGroupsQuery>) {
  const where: Prisma.AlertCorrelationGroupWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, { alertCount: { gte: q.minAlerts } }] };
  const [rows, total] = await Promise.all([
    db.alertCorrelationGroup.findMany({ where, orderBy: [{ lastAt: 'desc' }, { id: 'desc' }], ...pageArgs(q), include: { alerts: { select: { id: true }, orderBy: { triggeredAt: 'asc' }, take: 100 } } }),
    db.alertCorrelationGroup.count({ where }),
  ]);
  return pageResult(
    rows.map((g) => ({ id: g.id, orgId: g.orgId, key: g.key, reason: g.reason as Reason, rootAlertId: g.rootAlertId, alertCount: g.alertCount, alertIds: g.alerts.map((a) => a.id), firstAt: g.firstAt.toISOString(), lastAt: g.lastAt.toISOString() })),
    q,
    total,
  );
}

/** Alerts that were grouped under another alert (the ones that did not page). */
export async function listCorrelations(ctx: ScopedContext, q: z.output<typeof ZListCorrelationsQuery>) {
  const where: Prisma.AlertWhereInput = { AND: [tenantWhere(ctx), q.orgId ? { orgId: q.orgId } : {}, { correlationGroup: { alertCount: { gte: 2 } } }] };
  const [rows, total] = await Promise.all([
    db.alert.findMany({ where, orderBy: [{ triggeredAt: 'desc' }, { id: 'desc' }], ...pageArgs(q), include: { correlationGroup: true } }),
    db.alert.count({ where }),
  ]);
  return pageResult(
    rows.map((a) => ({ alertId: a.id, groupId: a.correlationGroupId!, rootAlertId: a.correlationGroup!.rootAlertId, reason: a.correlationGroup!.reason as Reason, key: a.correlationGroup!.key, title: a.title, severity: a.severity, triggeredAt: a.triggeredAt.toISOString() })),
    q,
    total,
  );
}
