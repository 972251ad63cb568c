import { db } from '@/lib/db';
import type { PatchJob } from '@/lib/generated/prisma/client';
import type { TPatchJob } from '@/lib/patches/schemas';

/** Jobs with their device names; a queued job whose command the agent has claimed reads running. */
export async function toJobDtos(jobs: PatchJob[]): Promise<TPatchJob[]> {
  if (jobs.length === 0) return [];
  const [devices, commands] = await Promise.all([
    db.device.findMany({ where: { id: { in: [...new Set(jobs.map((j) => j.deviceId))] } }, select: { id: true, hostname: true } }),
    db.deviceCommand.findMany({ where: { id: { in: jobs.flatMap((j) => (j.status === 'queued' && j.commandId ? [j.commandId] : [])) } }, select: { id: true, status: true } }),
  ]);
  return jobs.map((j) => ({
    id: j.id,
    orgId: j.orgId,
    deviceId: j.deviceId,
    hostname: devices.find((d) => d.id === j.deviceId)?.hostname ?? '',
    kind: j.kind,
    schedule: j.schedule,
    status: j.status === 'queued' && commands.some((c) => c.id === j.commandId && c.status === 'sent') ? 'running' : j.status,
    patchIds: j.patchIds,
    commandId: j.commandId,
    results: (j.results as TPatchJob['results']) ?? null,
    error: j.error,
    createdBy: j.createdBy,
    policyId: j.policyId,
    maintenanceWindowId: j.maintenanceWindowId,
    rebootBehavior: j.rebootBehavior,
    rebootDeferred: j.rebootDeferred,
    rebootRequired: j.rebootRequired,
    rebootScheduled: j.rebootScheduled,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    completedAt: j.completedAt?.toISOString() ?? null,
  }));
}
