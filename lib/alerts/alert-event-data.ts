import type { Alert } from '@/lib/generated/prisma/client';

/** The `data` of alert.* events (doc 2 leaves it open). */
export function alertEventData(a: Alert, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    alertId: a.id,
    status: a.status,
    severity: a.severity,
    title: a.title,
    message: a.message,
    source: a.source,
    deviceId: a.deviceId,
    siteId: a.siteId,
    ruleId: a.ruleId,
    monitorId: a.monitorId,
    correlationGroupId: a.correlationGroupId,
    triggeredAt: a.triggeredAt.toISOString(),
    ...extra,
  };
}
