// Assignment targets are checked against the policy's owner and the caller's scope, then stored
// as rows (one per target) so evaluation resolves devices set-based in SQL.
import type { ScopedContext } from '@/lib/auth/context';
import type { Tx } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { Assignment, PolicySettings, TargetType } from '@/lib/policies/schemas';

export async function assertAssignmentTargets(tx: Tx, ctx: ScopedContext, owner: { partnerId: string; orgId: string | null }, assignments: Assignment[]): Promise<void> {
  const scope = { partnerId: owner.partnerId, ...(owner.orgId ? { orgId: owner.orgId } : {}), AND: [tenantWhere(ctx)] };
  const idsOf = (t: TargetType) => assignments.filter((a) => a.targetType === t).map((a) => a.targetId);
  const found = new Set<string>();
  for (const id of idsOf('partner')) if (owner.orgId === null && id === owner.partnerId) found.add(`partner:${id}`);
  const orgIds = idsOf('organization');
  if (orgIds.length) {
    const orgTenant = tenantWhere(ctx);
    const rows = await tx.organization.findMany({
      where: { id: { in: orgIds }, partnerId: owner.partnerId, deletedAt: null, ...(owner.orgId ? { AND: [{ id: owner.orgId }] } : {}), ...(orgTenant.orgId ? { AND: [{ id: orgTenant.orgId }] } : {}) },
      select: { id: true },
    });
    rows.forEach((r) => found.add(`organization:${r.id}`));
  }
  const siteIds = idsOf('site');
  if (siteIds.length) (await tx.site.findMany({ where: { id: { in: siteIds }, deletedAt: null, ...scope }, select: { id: true } })).forEach((r) => found.add(`site:${r.id}`));
  const groupIds = idsOf('group');
  if (groupIds.length) (await tx.deviceGroup.findMany({ where: { id: { in: groupIds }, ...scope }, select: { id: true } })).forEach((r) => found.add(`group:${r.id}`));
  // Saved filters: shared ones only (a policy is team work and applies whoever edits it), of
  // the partner, partner-wide or of the policy's organization, inside the caller's sight.
  const filterIds = idsOf('filter');
  if (filterIds.length) {
    const t = tenantWhere(ctx);
    const rows = await tx.savedFilter.findMany({
      where: {
        id: { in: filterIds },
        partnerId: owner.partnerId,
        visibility: 'shared',
        AND: [owner.orgId ? { OR: [{ orgId: null }, { orgId: owner.orgId }] } : {}, t.orgId ? { OR: [{ orgId: null }, { orgId: t.orgId }] } : {}],
      },
      select: { id: true },
    });
    rows.forEach((r) => found.add(`filter:${r.id}`));
  }
  const deviceIds = idsOf('device');
  if (deviceIds.length) (await tx.device.findMany({ where: { id: { in: deviceIds }, ...scope }, select: { id: true } })).forEach((r) => found.add(`device:${r.id}`));
  const missing = assignments.map((a, i) => ({ a, i })).filter(({ a }) => !found.has(`${a.targetType}:${a.targetId}`));
  if (missing.length) {
    throw badRequest(
      'Every assignment target must exist inside the policy’s scope',
      missing.map(({ a, i }) => ({
        path: `assignments.${i}.targetId`,
        message: a.targetType === 'filter' ? `No shared saved filter ${a.targetId} in the policy’s scope` : `No ${a.targetType} ${a.targetId} in the policy’s scope`,
      })),
      'TARGET_NOT_IN_SCOPE',
    );
  }
}

/** Replaces the policy's assignment rows. */
export async function storeAssignments(tx: Tx, policy: { id: string; partnerId: string }, assignments: Assignment[]): Promise<void> {
  await tx.policyAssignment.deleteMany({ where: { policyId: policy.id } });
  if (assignments.length) await tx.policyAssignment.createMany({ data: assignments.map((a) => ({ policyId: policy.id, partnerId: policy.partnerId, targetType: a.targetType, targetId: a.targetId })) });
}

/**
 * Settings that name other records (alert rules, a patch policy, a maintenance window) must name
 * records the policy's devices can use: the partner's partner-wide ones or those of the policy's
 * organization (any of the partner's for a partner-wide policy), inside the caller's scope.
 */
export async function assertSettingReferences(tx: Tx, ctx: ScopedContext, owner: { partnerId: string; orgId: string | null }, settings: PolicySettings): Promise<void> {
  const t = tenantWhere(ctx);
  const where = (ids: string[]) => ({
    id: { in: ids },
    partnerId: owner.partnerId,
    AND: [owner.orgId ? { OR: [{ orgId: null }, { orgId: owner.orgId }] } : {}, t.orgId ? { OR: [{ orgId: null }, { orgId: t.orgId }] } : {}],
  });
  const missing: { path: string; message: string }[] = [];
  const rules = settings.alertRuleIds ?? [];
  if (rules.length) {
    const found = new Set((await tx.alertRule.findMany({ where: where(rules), select: { id: true } })).map((r) => r.id));
    rules.forEach((id, i) => found.has(id) || missing.push({ path: `settings.alertRuleIds.${i}`, message: `No alert rule ${id} the policy can use` }));
  }
  if (settings.patchPolicyId && !(await tx.patchPolicy.findFirst({ where: where([settings.patchPolicyId]), select: { id: true } }))) {
    missing.push({ path: 'settings.patchPolicyId', message: `No patch policy ${settings.patchPolicyId} the policy can use` });
  }
  if (settings.maintenanceWindowId && !(await tx.maintenanceWindow.findFirst({ where: where([settings.maintenanceWindowId]), select: { id: true } }))) {
    missing.push({ path: 'settings.maintenanceWindowId', message: `No maintenance window ${settings.maintenanceWindowId} the policy can use` });
  }
  if (missing.length) throw badRequest('Settings name records outside the policy’s scope', missing, 'SETTING_NOT_IN_SCOPE');
}
