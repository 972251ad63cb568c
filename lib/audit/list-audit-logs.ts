import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export const ZListAuditLogsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().trim().max(100).optional().describe('Exact action, or a prefix ending in "." (e.g. "user.")'),
  actorId: z.string().uuid().optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(100).optional(),
  orgId: z.string().uuid().optional(),
  partnerId: z.string().uuid().optional().describe('System scope only'),
  result: z.enum(['success', 'denied', 'failure']).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

/**
 * Audit entries in the caller's scope; partner-level entries (no organization) belong to the
 * partner and are seen by its partner callers, not by organization callers.
 */
export function auditScopeWhere(ctx: ActorContext): Prisma.AuditLogWhereInput {
  // Partner-level entries (no organization) also record actions on organizations' records
  // (a partner admin's write carries no organization of its own), so only callers who see every
  // organization of the partner see them; restricted callers see their organizations' entries.
  return hasFullPartnerAccess(ctx) ? tenantOrPartnerWideWhere(ctx) : tenantWhere(ctx);
}

export function auditFilterWhere(ctx: ActorContext, q: z.output<typeof ZListAuditLogsQuery>): Prisma.AuditLogWhereInput {
  return {
    AND: [
      auditScopeWhere(ctx),
      q.action ? (q.action.endsWith('.') ? { action: { startsWith: q.action } } : { action: q.action }) : {},
      q.actorId ? { actorId: q.actorId } : {},
      q.targetType ? { targetType: q.targetType } : {},
      q.targetId ? { targetId: q.targetId } : {},
      q.orgId ? { orgId: q.orgId } : {},
      q.partnerId && ctx.scope === 'system' ? { partnerId: q.partnerId } : {},
      q.result ? { result: q.result } : {},
      q.from || q.to ? { createdAt: { ...(q.from ? { gte: q.from } : {}), ...(q.to ? { lte: q.to } : {}) } } : {},
    ],
  };
}

export async function listAuditLogs(ctx: ActorContext, q: z.output<typeof ZListAuditLogsQuery>) {
  const where = auditFilterWhere(ctx, q);
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(q) }),
    db.auditLog.count({ where }),
  ]);
  return pageResult(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    q,
    total,
  );
}
