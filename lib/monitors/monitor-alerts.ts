// Monitor alerts: the same alert records and state machine, seen through /monitors.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { badRequest, notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ALERT_STATUSES, type AlertAction, type AlertStatus } from '@/lib/alerts/schemas';
import { listAlerts } from '@/lib/alerts/list-alerts';
import { transitionAlert } from '@/lib/alerts/transition-alert';
import type { ZMonitorAlertsQuery, ZPatchMonitorAlert } from '@/lib/monitors/schemas';
import { getMonitorOrThrow } from '@/lib/monitors/get-monitor-or-throw';

function statuses(raw: string | undefined): AlertStatus[] | undefined {
  if (!raw) return undefined;
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((s) => !(ALERT_STATUSES as readonly string[]).includes(s));
  if (bad) throw badRequest('Invalid status', [{ path: 'status', message: `Unknown status ${bad}` }]);
  return list as AlertStatus[];
}

export async function listMonitorAlerts(ctx: ScopedContext, q: z.output<typeof ZMonitorAlertsQuery>, monitorId?: string) {
  if (monitorId) await getMonitorOrThrow(ctx, monitorId);
  return listAlerts(ctx, { page: q.page, limit: q.limit, status: statuses(q.status), orgId: q.orgId, source: 'monitor', ...(monitorId ? { monitorId } : {}) });
}

async function assertMonitorAlert(ctx: ScopedContext, id: string): Promise<void> {
  const alert = await db.alert.findFirst({ where: { id, ...tenantWhere(ctx), source: 'monitor' }, select: { id: true } });
  if (!alert) throw notFound('Monitor alert');
}

const ACTION_FOR: Record<z.output<typeof ZPatchMonitorAlert>['status'], AlertAction> = { acknowledged: 'acknowledge', resolved: 'resolve', suppressed: 'suppress', dismissed: 'dismiss' };

export async function patchMonitorAlert(ctx: ActorContext, id: string, input: z.output<typeof ZPatchMonitorAlert>) {
  await assertMonitorAlert(ctx, id);
  return transitionAlert({ userId: ctx.userId, ctx }, id, ACTION_FOR[input.status], { note: input.note, scope: tenantWhere(ctx) });
}

/** DELETE dismisses: the record stays for history, hidden from lists. */
export async function dismissMonitorAlert(ctx: ActorContext, id: string): Promise<void> {
  await assertMonitorAlert(ctx, id);
  await transitionAlert({ userId: ctx.userId, ctx }, id, 'dismiss', { scope: tenantWhere(ctx) });
}
