import type { DeviceCommand } from '@/lib/generated/prisma/client';
import type { TCommand } from '@/lib/devices/command-schemas';

export function toCommandDto(c: DeviceCommand): TCommand {
  return {
    id: c.id,
    deviceId: c.deviceId,
    orgId: c.orgId,
    type: c.type as TCommand['type'],
    payload: (c.payload ?? {}) as Record<string, unknown>,
    status: c.status,
    source: c.source,
    createdById: c.createdById,
    createdAt: c.createdAt.toISOString(),
    sentAt: c.sentAt?.toISOString() ?? null,
    completedAt: c.completedAt?.toISOString() ?? null,
    exitCode: c.exitCode,
    stdout: c.stdout,
    stderr: c.stderr,
    truncated: c.truncated,
    result: (c.result ?? null) as Record<string, unknown> | null,
  };
}
