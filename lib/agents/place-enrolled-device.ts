// The device row an enrolling agent binds to: the provisioned row of a single-use key, the row of
// the same machine enrolling again (same machineId in the organization), or a new row.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { EnrollmentKey, Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import type { ZEnrollBody } from '@/lib/agents/schemas';

export async function placeEnrolledDevice(
  tx: Tx,
  key: EnrollmentKey,
  input: z.output<typeof ZEnrollBody>,
  agent: { agentId: string; tokenHash: string },
) {
  const now = new Date();
  const fields = {
    agentId: agent.agentId,
    agentTokenHash: agent.tokenHash,
    agentTokenIssuedAt: now,
    agentRevokedAt: null,
    hostname: input.hostname,
    osType: input.osType,
    osVersion: input.osVersion,
    architecture: input.architecture,
    agentVersion: input.agentVersion,
    hardware: (input.hardware ?? {}) as Prisma.InputJsonValue,
    status: 'online' as const,
    lastSeenAt: now,
    enrolledAt: now,
    mainAgentSilentSince: null,
    ...(input.machineId ? { machineId: input.machineId } : {}),
  };

  if (key.deviceId) {
    const bound = await tx.device.updateManyAndReturn({ where: { id: key.deviceId, status: 'pending' }, data: fields });
    if (bound.length === 0) {
      // Another agent took this single-use key first, or the device was decommissioned meanwhile.
      const device = await tx.device.findUnique({ where: { id: key.deviceId }, select: { status: true } });
      if (!device || device.status === 'decommissioned') throw new AppError('ENROLLMENT_KEY_REVOKED', 403, 'The provisioned device of this key was decommissioned');
      throw new AppError('ENROLLMENT_KEY_EXHAUSTED', 403, 'This single-use enrollment key has already been used');
    }
    return { ...bound[0], reenrolled: false };
  }

  if (input.machineId) {
    const existing = await tx.device.findFirst({
      where: { orgId: key.orgId, machineId: input.machineId, status: { not: 'decommissioned' } },
      orderBy: { createdAt: 'desc' },
      select: { id: true },
    });
    if (existing) {
      // Same machine again (reinstall, lost agent.yaml): keep its history, replace the credential.
      const updated = await tx.device.update({ where: { id: existing.id }, data: { ...fields, siteId: key.siteId ?? undefined } });
      return { ...updated, reenrolled: true };
    }
  }

  const created = await tx.device.create({
    data: { ...fields, partnerId: key.partnerId, orgId: key.orgId, siteId: key.siteId },
  });
  return { ...created, reenrolled: false };
}
