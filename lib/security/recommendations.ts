// Recommendations: one per organization and failed check (recompute-security-scores.ts keeps
// them current). A technician completes one (the work is done; it reopens if a later report
// still fails) or dismisses it (accepted as is; it stays dismissed).
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import type { SecurityCheckKey } from '@/lib/security/posture-schemas';
import { CHECK_INFO } from '@/lib/security/score';

type Row = Prisma.SecurityRecommendationGetPayload<object>;
const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

export function toRecommendationDto(r: Row) {
  const info = CHECK_INFO[r.checkKey as SecurityCheckKey];
  return {
    id: r.id,
    orgId: r.orgId,
    checkKey: r.checkKey as SecurityCheckKey,
    title: info.label,
    description: info.recommendation,
    priority: info.priority,
    status: r.status as 'open' | 'completed' | 'dismissed' | 'resolved',
    affectedDevices: r.affectedDevices,
    deviceIds: r.deviceIds,
    impact: r.impact,
    note: r.note,
    actedById: r.actedById,
    actedAt: r.actedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listRecommendations(ctx: ActorContext, q: { orgId?: string; status?: string; page: number; limit: number }) {
  if (q.orgId) await getOrganizationOrThrow(ctx, q.orgId);
  const where: Prisma.SecurityRecommendationWhereInput = { ...tenantWhere(ctx), ...(q.orgId ? { AND: [{ orgId: q.orgId }] } : {}), ...(q.status ? { status: q.status } : {}) };
  const rows = await db.securityRecommendation.findMany({ where });
  // Highest priority first, then the largest score gain.
  const sorted = rows.map(toRecommendationDto).sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.impact - a.impact || a.id.localeCompare(b.id));
  return { data: sorted.slice((q.page - 1) * q.limit, q.page * q.limit), pagination: { page: q.page, limit: q.limit, total: rows.length } };
}

export async function actOnRecommendation(ctx: ActorContext, id: string, action: 'completed' | 'dismissed', note?: string) {
  return db.$transaction(async (tx) => {
    const rec = await tx.securityRecommendation.findFirst({ where: { id, ...tenantWhere(ctx) } });
    if (!rec) throw notFound('Recommendation');
    if (rec.status === action) throw conflict(`The recommendation is already ${action}`, 'ALREADY_DONE');
    const updated = await tx.securityRecommendation.update({ where: { id }, data: { status: action, note: note ?? null, actedById: ctx.userId, actedAt: new Date() } });
    await writeAudit(ctx, { action: `security.recommendation.${action === 'completed' ? 'complete' : 'dismiss'}`, targetType: 'security_recommendation', targetId: id, partnerId: rec.partnerId, orgId: rec.orgId, details: { checkKey: rec.checkKey, note: note ?? null } }, tx);
    (ctx as { audited?: boolean }).audited = true;
    return toRecommendationDto(updated);
  });
}
