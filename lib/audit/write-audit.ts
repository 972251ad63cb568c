import type { DbOrTx } from '@/lib/db';
import { db } from '@/lib/db';
import { actorOf, type AuthContext } from '@/lib/auth/context';
import { Prisma } from '@/lib/generated/prisma/client';
import { allowlistBypassVerdict } from '@/lib/security/allowlist-bypass';

export interface AuditEntry {
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  partnerId?: string | null;
  orgId?: string | null;
  result?: 'success' | 'denied' | 'failure';
  details?: Record<string, unknown>;
  /** Overrides the actor derived from the context (e.g. a login before a context exists). */
  actor?: { type: string; id: string | null; email: string | null };
}

/** Writes one audit entry; pass the transaction so the entry commits with the change. */
export async function writeAudit(ctx: AuthContext, entry: AuditEntry, client: DbOrTx = db): Promise<void> {
  const actor = entry.actor ?? actorOf(ctx);
  const scoped = ctx.kind === 'user' || ctx.kind === 'apiKey' || ctx.kind === 'portal' || ctx.kind === 'servicePrincipal' ? ctx : null;
  const partnerId = entry.partnerId !== undefined ? entry.partnerId : (scoped?.partnerId ?? null);
  const orgId = entry.orgId !== undefined ? entry.orgId : (scoped?.orgId ?? null);
  const row = {
    actorType: actor.type,
    actorId: actor.id,
    actorEmail: actor.email,
    partnerId,
    orgId,
    ip: ctx.ip,
    requestId: ctx.requestId,
  };
  await client.auditLog.create({
    data: {
      ...row,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      result: entry.result ?? 'success',
      // Through an API key the actor is the key; its owner stays on record too.
      details: (ctx.kind === 'apiKey' && !entry.actor ? { ...entry.details, apiKeyOwnerId: ctx.userId } : (entry.details ?? {})) as Prisma.InputJsonValue,
    },
  });
  const bypass = await allowlistBypassVerdict(ctx, partnerId, client);
  if (bypass) {
    await client.auditLog.create({
      data: {
        ...row,
        action: 'security.ip_allowlist_bypass',
        targetType: 'partner',
        targetId: partnerId,
        result: 'success',
        details: { bypassedAction: entry.action, verdict: bypass, ip: ctx.ip },
      },
    });
  }
  (ctx as { audited?: boolean }).audited = true;
}
