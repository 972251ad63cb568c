import type { DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { actorOf, type ActorContext } from '@/lib/auth/context';
import type { AuditEntry } from '@/lib/audit/write-audit';

/** Many audit entries of one request in one statement (imports write hundreds). */
export async function writeAuditEntries(ctx: ActorContext, entries: AuditEntry[], client: DbOrTx): Promise<void> {
  if (entries.length === 0) return;
  const actor = actorOf(ctx);
  await client.auditLog.createMany({
    data: entries.map((e) => ({
      actorType: actor.type,
      actorId: actor.id,
      actorEmail: actor.email,
      partnerId: e.partnerId ?? null,
      orgId: e.orgId ?? null,
      ip: ctx.ip,
      requestId: ctx.requestId,
      action: e.action,
      targetType: e.targetType ?? null,
      targetId: e.targetId ?? null,
      result: e.result ?? 'success',
      details: (e.details ?? {}) as Prisma.InputJsonValue,
    })),
  });
}
