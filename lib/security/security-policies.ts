// Security policies: which checks count toward the score and their weights, and the default scan
// paths. One partner-wide policy and at most one per organization (409 POLICY_EXISTS otherwise).
// A change recomputes the scores of the devices it governs.
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { ownPartnerWhere, tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';
import { conflict, forbidden, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';
import { effectiveSettings } from '@/lib/security/score';
import { DEFAULT_SCAN_PATHS } from '@/lib/security/threats';
import { recomputeDeviceScores } from '@/lib/security/recompute-security-scores';

type Row = Prisma.SecurityPolicyGetPayload<object>;
const toDto = (p: Row) => ({
  id: p.id,
  orgId: p.orgId,
  name: p.name,
  checks: effectiveSettings(p.checks as Record<string, { enabled?: boolean; weight?: number }>),
  scanPaths: p.scanPaths,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export async function listSecurityPolicies(ctx: ActorContext) {
  const rows = await db.securityPolicy.findMany({ where: tenantOrPartnerWideWhere(ctx), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map(toDto), defaults: { checks: effectiveSettings(null), scanPaths: DEFAULT_SCAN_PATHS } };
}

async function recomputeFor(tx: Tx, partnerId: string, orgId: string | null) {
  const devices = await tx.device.findMany({ where: { partnerId, ...(orgId ? { orgId } : {}), securityState: { isNot: null } }, select: { id: true } });
  await recomputeDeviceScores(tx, devices.map((d) => d.id));
}

export async function createSecurityPolicy(ctx: ActorContext, body: { name: string; orgId: string | null; checks: Partial<Record<string, { enabled: boolean; weight: number }>>; scanPaths: string[] }) {
  return db.$transaction(async (tx) => {
    const partnerId = ownPartnerWhere(ctx).partnerId;
    if (body.orgId) await getOrganizationOrThrow(ctx, body.orgId, tx);
    else if (!hasFullPartnerAccess(ctx)) throw forbidden('A partner-wide security policy needs access to every organization of the partner');
    const existing = await tx.securityPolicy.findFirst({ where: { partnerId, orgId: body.orgId } });
    if (existing) throw conflict(body.orgId ? 'This organization already has a security policy: update it' : 'A partner-wide security policy exists: update it', 'POLICY_EXISTS');
    const row = await tx.securityPolicy.create({ data: { partnerId, orgId: body.orgId, name: body.name, checks: body.checks, scanPaths: body.scanPaths, createdById: ctx.userId } });
    await writeAudit(ctx, { action: 'security.policy.create', targetType: 'security_policy', targetId: row.id, partnerId, orgId: body.orgId, details: { checks: body.checks } }, tx);
    (ctx as { audited?: boolean }).audited = true;
    await recomputeFor(tx, partnerId, body.orgId);
    return toDto(row);
  }, { timeout: 60_000 });
}

export async function updateSecurityPolicy(ctx: ActorContext, id: string, body: { name?: string; checks?: Partial<Record<string, { enabled: boolean; weight: number }>>; scanPaths?: string[] }) {
  return db.$transaction(async (tx) => {
    const policy = await tx.securityPolicy.findFirst({ where: { id, ...tenantOrPartnerWideWhere(ctx) } });
    if (!policy) throw notFound('Security policy');
    if (policy.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Changing the partner-wide security policy needs access to every organization of the partner');
    const row = await tx.securityPolicy.update({ where: { id }, data: { ...(body.name ? { name: body.name } : {}), ...(body.checks ? { checks: body.checks } : {}), ...(body.scanPaths ? { scanPaths: body.scanPaths } : {}) } });
    await writeAudit(ctx, { action: 'security.policy.update', targetType: 'security_policy', targetId: id, partnerId: policy.partnerId, orgId: policy.orgId, details: { changed: Object.keys(body) } }, tx);
    (ctx as { audited?: boolean }).audited = true;
    if (body.checks) await recomputeFor(tx, policy.partnerId, policy.orgId);
    return toDto(row);
  }, { timeout: 60_000 });
}
