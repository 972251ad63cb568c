import type { Monitor, MonitorResult } from '@/lib/generated/prisma/client';

export function toMonitorDto(m: Monitor) {
  return {
    id: m.id,
    orgId: m.orgId,
    name: m.name,
    kind: m.kind,
    config: m.config as Record<string, unknown>,
    intervalSeconds: m.intervalSeconds,
    timeoutMs: m.timeoutMs,
    enabled: m.enabled,
    severity: m.severity,
    failureThreshold: m.failureThreshold,
    status: (['up', 'down'].includes(m.status) ? m.status : 'unknown') as 'up' | 'down' | 'unknown',
    consecutiveFailures: m.consecutiveFailures,
    lastCheckedAt: m.lastCheckedAt?.toISOString() ?? null,
    lastLatencyMs: m.lastLatencyMs,
    lastMessage: m.lastMessage,
    nextCheckAt: m.nextCheckAt.toISOString(),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function toMonitorResultDto(r: MonitorResult) {
  return {
    id: r.id,
    monitorId: r.monitorId,
    status: r.status as 'up' | 'down',
    latencyMs: r.latencyMs,
    message: r.message ?? '',
    details: (r.details ?? {}) as Record<string, unknown>,
    checkedAt: r.checkedAt.toISOString(),
  };
}
