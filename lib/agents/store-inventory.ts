// PUT /agents/:agentId/inventory: the full inventory replaces the previous one.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AgentContext } from '@/lib/auth/context';
import { ZInventoryBody } from '@/lib/agents/schemas';
import { stripNul } from '@/lib/agents/sanitize';
import { storeManagementPosture } from '@/lib/posture/store-management-posture';
import { enqueueDeviceEvaluation } from '@/lib/policies/enqueue-device-evaluation';
import { enqueueDeviceRecompute } from '@/lib/vulnerabilities/enqueue-recompute';

export async function storeInventory(ctx: AgentContext, body: z.output<typeof ZInventoryBody>) {
  const input = stripNul(body);
  const collectedAt = input.collectedAt ? new Date(input.collectedAt) : new Date();
  const owner = { deviceId: ctx.deviceId, partnerId: ctx.partnerId, orgId: ctx.orgId };
  const data = {
    hardware: input.hardware as Prisma.InputJsonValue,
    os: input.os as Prisma.InputJsonValue,
    disks: input.disks as Prisma.InputJsonValue,
    network: input.network as Prisma.InputJsonValue,
    collectedAt,
    receivedAt: new Date(),
    partnerId: ctx.partnerId,
    orgId: ctx.orgId,
  };
  const receivedAt = await db.$transaction(async (tx) => {
    const row = await tx.deviceInventory.upsert({ where: { deviceId: ctx.deviceId }, create: { deviceId: ctx.deviceId, ...data }, update: data });
    await tx.deviceSoftware.deleteMany({ where: { deviceId: ctx.deviceId } });
    if (input.software.length > 0) {
      await tx.deviceSoftware.createMany({
        data: input.software.map((s) => ({
          ...owner,
          name: s.name,
          version: s.version ?? null,
          publisher: s.publisher ?? null,
          source: s.source ?? null,
          installedAt: s.installedAt ? new Date(s.installedAt) : null,
          sourceName: s.sourceName ?? null,
          sourceVersion: s.sourceVersion ?? null,
        })),
      });
    }
    if (input.managementPosture) await storeManagementPosture(tx, ctx.deviceId, input.managementPosture);
    // Software checks of policies read this inventory.
    await enqueueDeviceEvaluation(tx, ctx.partnerId, ctx.deviceId);
    // Vulnerability findings are matched against this package list.
    await enqueueDeviceRecompute(tx, ctx.deviceId);
    return row.receivedAt;
  }, { timeout: 30_000 });
  return { deviceId: ctx.deviceId, software: input.software.length, receivedAt: receivedAt.toISOString() };
}
