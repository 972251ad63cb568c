// PUT /agents/:agentId/security: the device's security state replaces the stored one and the
// score is recomputed at once (an event fires when it moved).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AgentContext } from '@/lib/auth/context';
import { stripNul } from '@/lib/agents/sanitize';
import type { ZSecurityReport } from '@/lib/security/posture-schemas';
import { recomputeDeviceScores } from '@/lib/security/recompute-security-scores';

export async function storeSecurityReport(ctx: AgentContext, body: z.output<typeof ZSecurityReport>) {
  const input = stripNul(body);
  const json = (v: unknown) => v as Prisma.InputJsonValue;
  const data = {
    collectedAt: input.collectedAt ? new Date(input.collectedAt) : new Date(),
    receivedAt: new Date(),
    firewall: json(input.firewall),
    encryption: json(input.encryption),
    antivirus: json(input.antivirus),
    passwordPolicy: json(input.passwordPolicy),
    adminAccounts: json(input.adminAccounts),
    sshd: json(input.sshd),
  };
  return db.$transaction(async (tx) => {
    const row = await tx.deviceSecurityState.upsert({ where: { deviceId: ctx.deviceId }, create: { deviceId: ctx.deviceId, ...data }, update: data });
    await recomputeDeviceScores(tx, [ctx.deviceId]);
    const scored = await tx.deviceSecurityState.findUniqueOrThrow({ where: { deviceId: ctx.deviceId }, select: { score: true } });
    return { deviceId: ctx.deviceId, score: scored.score, receivedAt: row.receivedAt.toISOString() };
  });
}
