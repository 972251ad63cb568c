// Stores one check result and moves the monitor's state. After failureThreshold consecutive
// failures the monitor raises its alert (one open alert per monitor, through the same
// lifecycle as rule alerts); the first success resolves it.
import { db } from '@/lib/db';
import type { Monitor, Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { monitorOpenKey, raiseAlertInTx } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';

export async function recordMonitorResult(monitor: Monitor, outcome: CheckOutcome, checkedAt = new Date()) {
  return db.$transaction(async (tx) => {
    const result = await tx.monitorResult.create({
      data: { monitorId: monitor.id, status: outcome.status, latencyMs: outcome.latencyMs, message: outcome.message.slice(0, 1000), details: outcome.details as Prisma.InputJsonValue, checkedAt },
    });
    const failures = outcome.status === 'down' ? monitor.consecutiveFailures + 1 : 0;
    const updated = await tx.monitor.update({
      where: { id: monitor.id },
      data: {
        status: outcome.status,
        consecutiveFailures: failures,
        lastCheckedAt: checkedAt,
        lastLatencyMs: outcome.latencyMs,
        lastMessage: outcome.message.slice(0, 1000),
        nextCheckAt: new Date(checkedAt.getTime() + monitor.intervalSeconds * 1000),
      },
    });
    const key = monitorOpenKey(monitor.id);
    if (outcome.status === 'down' && failures >= monitor.failureThreshold) {
      await raiseAlertInTx(tx, {
        partnerId: monitor.partnerId,
        orgId: monitor.orgId,
        siteId: null,
        deviceId: null,
        ruleId: null,
        monitorId: monitor.id,
        openKey: key,
        severity: monitor.severity,
        title: `${monitor.name} is down`,
        message: `${monitor.kind.toUpperCase()} monitor ${monitor.name}: ${outcome.message} (${failures} consecutive failure(s)).`,
        source: 'monitor',
        context: { monitorKind: monitor.kind, consecutiveFailures: failures, lastMessage: outcome.message, details: outcome.details },
      });
    } else if (outcome.status === 'up') {
      const open = await tx.alert.findUnique({ where: { openKey: key }, select: { id: true } });
      if (open) {
        try {
          await transitionInTx(tx, open.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note: 'Monitor recovered', audit: true });
        } catch (error) {
          if (!(error instanceof AppError && error.status === 409)) throw error;
        }
      }
    }
    return { monitor: updated, result };
  });
}
