import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ALERT_STATUSES, SEVERITIES, type AlertSeverity, type AlertStatus } from '@/lib/alerts/schemas';

const OPEN: AlertStatus[] = ['active', 'acknowledged', 'suppressed'];

/** Counts by status (every alert in scope) and by severity (open alerts). */
export async function getAlertSummary(ctx: ScopedContext, q: { orgId?: string }) {
  const where = { ...tenantWhere(ctx), ...(q.orgId ? { AND: [{ orgId: q.orgId }] } : {}) };
  const [byStatusRows, bySeverityRows] = await Promise.all([
    db.alert.groupBy({ by: ['status'], where, _count: { _all: true } }),
    db.alert.groupBy({ by: ['severity'], where: { ...where, status: { in: OPEN } }, _count: { _all: true } }),
  ]);
  const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0])) as Record<AlertStatus, number>;
  for (const r of byStatusRows) byStatus[r.status] = r._count._all;
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
  for (const r of bySeverityRows) bySeverity[r.severity] = r._count._all;
  const open = OPEN.reduce((n, s) => n + byStatus[s], 0);
  return { total: open + byStatus.resolved, byStatus, bySeverity, open };
}
