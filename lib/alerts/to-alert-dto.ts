import type { Alert } from '@/lib/generated/prisma/client';
import type { TAlert } from '@/lib/alerts/schemas';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAlertDto(a: Alert): TAlert {
  return {
    id: a.id,
    orgId: a.orgId,
    siteId: a.siteId,
    deviceId: a.deviceId,
    ruleId: a.ruleId,
    monitorId: a.monitorId,
    status: a.status,
    severity: a.severity,
    title: a.title,
    message: a.message,
    source: a.source,
    context: (a.context ?? {}) as Record<string, unknown>,
    correlationGroupId: a.correlationGroupId,
    triggeredAt: a.triggeredAt.toISOString(),
    acknowledgedAt: iso(a.acknowledgedAt),
    acknowledgedBy: a.acknowledgedBy,
    suppressedAt: iso(a.suppressedAt),
    suppressedBy: a.suppressedBy,
    suppressedUntil: iso(a.suppressedUntil),
    resolvedAt: iso(a.resolvedAt),
    resolvedBy: a.resolvedBy,
    resolvedBySystem: a.resolvedBySystem,
    resolutionNote: a.resolutionNote,
    dismissedAt: iso(a.dismissedAt),
    dismissedBy: a.dismissedBy,
    escalatedAt: iso(a.escalatedAt),
    updatedAt: a.updatedAt.toISOString(),
  };
}
