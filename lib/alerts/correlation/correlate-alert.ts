// Correlation: a new alert joins the open group of its organization that shares its site (or
// its device when it has no site; the organization for device-less monitor alerts) and saw an
// alert within ALERT_CORRELATION_WINDOW_MINUTES; otherwise it roots a new group. Policies page
// only for a group's root, so one outage (a switch taking a site down) pages once. A
// transaction-scoped advisory lock per (organization, key) keeps concurrent alerts from
// founding two groups.
import type { Tx } from '@/lib/db';
import type { Alert } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';

export function correlationKey(alert: Pick<Alert, 'orgId' | 'siteId' | 'deviceId'>): { key: string; reason: 'site' | 'device' | 'org' } {
  if (alert.siteId) return { key: `site:${alert.siteId}`, reason: 'site' };
  if (alert.deviceId) return { key: `device:${alert.deviceId}`, reason: 'device' };
  return { key: `org:${alert.orgId}`, reason: 'org' };
}

export async function correlateAlert(tx: Tx, alert: Alert): Promise<Alert> {
  const windowMinutes = env().ALERT_CORRELATION_WINDOW_MINUTES;
  if (windowMinutes <= 0) return alert;
  const { key, reason } = correlationKey(alert);
  await tx.$executeRaw`select pg_advisory_xact_lock(hashtext(${`alert-correlation:${alert.orgId}:${key}`}))`;
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const group = await tx.alertCorrelationGroup.findFirst({ where: { orgId: alert.orgId, key, lastAt: { gte: since } }, orderBy: { lastAt: 'desc' } });
  const groupId = group
    ? (await tx.alertCorrelationGroup.update({ where: { id: group.id }, data: { alertCount: { increment: 1 }, lastAt: new Date() } })).id
    : (await tx.alertCorrelationGroup.create({ data: { partnerId: alert.partnerId, orgId: alert.orgId, key, reason, rootAlertId: alert.id } })).id;
  return tx.alert.update({ where: { id: alert.id }, data: { correlationGroupId: groupId } });
}
