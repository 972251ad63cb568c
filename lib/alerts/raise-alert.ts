// Raising an alert: one INSERT … ON CONFLICT (open_key) DO NOTHING, so the unique open key
// keeps at most one open alert per (rule, device) and per monitor even when two evaluations
// race. The insert, its alert.triggered event, the correlation and the notification jobs
// commit together. A device in a maintenance occurrence that suppresses alerts gets its alert
// straight in `suppressed` (until the occurrence ends): on record and holding the open key, so
// later evaluations stay one statement, but with no event, correlation or notification. It
// auto-resolves like any other when its condition clears.
import type { Tx } from '@/lib/db';
import type { Alert, Prisma } from '@/lib/generated/prisma/client';
import { emitEvent } from '@/lib/events/emit-event';
import { writeAudit } from '@/lib/audit/write-audit';
import type { AlertSeverity } from '@/lib/alerts/schemas';
import { alertEventData } from '@/lib/alerts/alert-event-data';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import { correlateAlert } from '@/lib/alerts/correlation/correlate-alert';
import { queueAlertNotifications } from '@/lib/alerts/notify/queue-alert-notifications';
import { deviceMaintenanceNow } from '@/lib/maintenance/device-maintenance-now';

export interface RaiseAlertInput {
  partnerId: string;
  orgId: string;
  siteId: string | null;
  deviceId: string | null;
  ruleId: string | null;
  monitorId: string | null;
  openKey: string;
  severity: AlertSeverity;
  title: string;
  message: string;
  source: 'rule' | 'monitor' | 'script' | 'snmp';
  context: Record<string, unknown>;
  cooldownMinutes?: number;
}

export const ruleOpenKey = (ruleId: string, deviceId: string) => `rule:${ruleId}:${deviceId}`;
export const monitorOpenKey = (monitorId: string) => `monitor:${monitorId}`;
export const snmpThresholdOpenKey = (thresholdId: string) => `snmp:${thresholdId}`;

/** Whether an alert of the same origin ended less than `minutes` ago (flap protection). */
async function inCooldown(tx: Tx, input: RaiseAlertInput): Promise<boolean> {
  if (!input.cooldownMinutes) return false;
  const since = new Date(Date.now() - input.cooldownMinutes * 60_000);
  const origin: Prisma.AlertWhereInput = input.monitorId && !input.ruleId ? { monitorId: input.monitorId } : { ruleId: input.ruleId, deviceId: input.deviceId };
  const recent = await tx.alert.findFirst({
    where: { ...origin, OR: [{ resolvedAt: { gte: since } }, { dismissedAt: { gte: since } }] },
    select: { id: true },
  });
  return recent !== null;
}

/** Returns the new alert, or null when one is already open for the key or the origin is cooling down. */
export async function raiseAlertInTx(tx: Tx, input: RaiseAlertInput): Promise<Alert | null> {
  const open = await tx.alert.findUnique({ where: { openKey: input.openKey }, select: { id: true } });
  if (open || (await inCooldown(tx, input))) return null;
  const maintenance = input.deviceId ? await deviceMaintenanceNow(tx, { partnerId: input.partnerId, orgId: input.orgId, siteId: input.siteId, deviceId: input.deviceId }) : null;
  const [created] = await tx.alert.createManyAndReturn({
    data: [
      {
        partnerId: input.partnerId,
        orgId: input.orgId,
        siteId: input.siteId,
        deviceId: input.deviceId,
        ruleId: input.ruleId,
        monitorId: input.monitorId,
        openKey: input.openKey,
        severity: input.severity,
        title: input.title.slice(0, 500),
        message: input.message.slice(0, 4000),
        source: input.source,
        context: (maintenance ? { ...input.context, maintenance: { windowId: maintenance.windowId, occurrenceId: maintenance.occurrenceId } } : input.context) as Prisma.InputJsonValue,
        ...(maintenance ? { status: 'suppressed' as const, suppressedAt: new Date(), suppressedUntil: maintenance.endsAt } : {}),
      },
    ],
    skipDuplicates: true,
  });
  if (!created) return null;
  if (maintenance) {
    await writeAudit(
      SYSTEM_CONTEXT,
      { action: 'alert.trigger', targetType: 'alert', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { source: created.source, ruleId: created.ruleId, monitorId: created.monitorId, severity: created.severity, suppressedByMaintenance: maintenance.occurrenceId }, actor: { type: 'system', id: null, email: null } },
      tx,
    );
    return created;
  }
  const alert = await correlateAlert(tx, created);
  await emitEvent(tx, { type: 'alert.triggered', partnerId: alert.partnerId, orgId: alert.orgId, data: alertEventData(alert) });
  await writeAudit(
    SYSTEM_CONTEXT,
    { action: 'alert.trigger', targetType: 'alert', targetId: alert.id, partnerId: alert.partnerId, orgId: alert.orgId, details: { source: alert.source, ruleId: alert.ruleId, monitorId: alert.monitorId, severity: alert.severity }, actor: { type: 'system', id: null, email: null } },
    tx,
  );
  await queueAlertNotifications(tx, alert, 'triggered');
  return alert;
}
