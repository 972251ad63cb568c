import type { Device } from '@/lib/generated/prisma/client';
import type { TDevice } from '@/lib/devices/schemas';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDeviceDto(d: Device): TDevice {
  return {
    id: d.id,
    partnerId: d.partnerId,
    orgId: d.orgId,
    siteId: d.siteId,
    agentId: d.agentId,
    hostname: d.hostname,
    displayName: d.displayName,
    osType: d.osType,
    osVersion: d.osVersion,
    architecture: d.architecture,
    agentVersion: d.agentVersion,
    agentUpdate: d.agentUpdateState
      ? { state: d.agentUpdateState as NonNullable<TDevice['agentUpdate']>['state'], version: d.agentUpdateVersion ?? '', error: d.agentUpdateError, at: iso(d.agentUpdateAt)! }
      : null,
    status: d.status,
    tags: d.tags,
    lastSeenAt: iso(d.lastSeenAt),
    cpuPercent: d.cpuPercent,
    memoryPercent: d.memoryPercent,
    diskPercent: d.diskPercent,
    uptimeSeconds: d.uptimeSeconds === null ? null : Number(d.uptimeSeconds),
    lastUser: d.lastUser,
    metrics: (d.metrics ?? null) as Record<string, unknown> | null,
    hardware: (d.hardware ?? null) as Record<string, unknown> | null,
    mainAgentSilentSince: iso(d.mainAgentSilentSince),
    watchdogStatus: (d.watchdogStatus ?? null) as TDevice['watchdogStatus'],
    enrolledAt: iso(d.enrolledAt),
    decommissionedAt: iso(d.decommissionedAt),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
