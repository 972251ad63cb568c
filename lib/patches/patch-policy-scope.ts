// Tenancy of patch policies: a policy belongs to one organization, or to the whole partner when
// orgId is null. Partner-wide policies are read by every partner caller and written only by
// callers that see every organization (as maintenance windows are).
import type { ScopedContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { PatchPolicy, Prisma } from '@/lib/generated/prisma/client';
import { badRequest, forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';
import { windowWhere } from '@/lib/maintenance/window-scope';
import { PATCH_SEVERITIES } from '@/lib/patches/schemas';
import type { AutoApprove, TPatchPolicy } from '@/lib/patches/policy-schemas';

export function patchPolicyWhere(ctx: ScopedContext): Prisma.PatchPolicyWhereInput {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

export function assertPolicyWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide patch policies need access to every organization');
}

export async function getPatchPolicyOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<PatchPolicy> {
  const policy = await client.patchPolicy.findFirst({ where: { AND: [{ id }, patchPolicyWhere(ctx)] } });
  if (!policy) throw notFound('Patch policy');
  return policy;
}

/**
 * The window installs run in: visible to the caller, of the policy's partner, partner-wide or
 * of the policy's own organization, and not cancelled. Anything else is a 400 naming the field.
 */
export async function assertPolicyWindow(client: DbOrTx, ctx: ScopedContext, owner: { partnerId: string; orgId: string | null }, windowId: string): Promise<void> {
  const window = await client.maintenanceWindow.findFirst({
    where: { AND: [{ id: windowId, partnerId: owner.partnerId }, windowWhere(ctx), owner.orgId ? { OR: [{ orgId: null }, { orgId: owner.orgId }] } : {}] },
    select: { status: true },
  });
  const fail = (message: string) => badRequest('Maintenance window not usable by this policy', [{ path: 'body.maintenanceWindowId', message }], 'WINDOW_NOT_IN_SCOPE');
  if (!window) throw fail(`Unknown maintenance window ${windowId} in the policy's scope`);
  if (window.status === 'cancelled') throw fail('The maintenance window is cancelled');
}

const OFF = { approve: false, afterDays: 0 };

/** The stored rules, with every severity present (rows written before a severity existed read as off). */
export function readAutoApprove(json: Prisma.JsonValue): AutoApprove {
  const raw = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, { approve?: unknown; afterDays?: unknown }>) : {};
  const out = {} as AutoApprove;
  for (const s of PATCH_SEVERITIES) {
    const r = raw[s];
    out[s] = r ? { approve: r.approve === true, afterDays: typeof r.afterDays === 'number' ? r.afterDays : 0 } : { ...OFF };
  }
  return out;
}

export function toPatchPolicyDto(p: PatchPolicy): TPatchPolicy {
  return {
    id: p.id,
    partnerId: p.partnerId,
    orgId: p.orgId,
    name: p.name,
    description: p.description,
    enabled: p.enabled,
    targets: { orgIds: p.targetOrgIds, siteIds: p.targetSiteIds, groupIds: p.targetGroupIds, deviceIds: p.targetDeviceIds },
    sources: p.sources,
    autoApprove: readAutoApprove(p.autoApprove),
    rebootBehavior: p.rebootBehavior,
    maintenanceWindowId: p.maintenanceWindowId,
    lastAppliedAt: p.lastAppliedAt?.toISOString() ?? null,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * The devices a policy covers: its targets inside its owner (no targets: every device of the
 * owner), plus the devices whose effective configuration policy names it (patchPolicyId). A
 * device whose configuration policy names another patch policy follows that one only.
 */
export function policyDeviceWhere(p: PatchPolicy): Prisma.DeviceWhereInput {
  const owner: Prisma.DeviceWhereInput = p.orgId ? { partnerId: p.partnerId, orgId: p.orgId } : { partnerId: p.partnerId };
  const any: Prisma.DeviceWhereInput[] = [];
  if (p.targetOrgIds.length) any.push({ orgId: { in: p.targetOrgIds } });
  if (p.targetSiteIds.length) any.push({ siteId: { in: p.targetSiteIds } });
  if (p.targetDeviceIds.length) any.push({ id: { in: p.targetDeviceIds } });
  if (p.targetGroupIds.length) any.push({ memberships: { some: { groupId: { in: p.targetGroupIds } } } });
  const own = any.length ? { AND: [owner, { OR: any }] } : owner;
  const followsAnother: Prisma.DeviceWhereInput = { policySettings: { AND: [{ patchPolicyId: { not: null } }, { patchPolicyId: { not: p.id } }] } };
  const owned: Prisma.DeviceWhereInput = p.orgId ? { partnerId: p.partnerId, orgId: p.orgId } : { partnerId: p.partnerId };
  return { OR: [{ AND: [own, { NOT: followsAnother }] }, { AND: [owned, { policySettings: { patchPolicyId: p.id } }] }] };
}
