// Targets must lie inside the rule's own scope: its organization, or its partner for a
// partner-wide rule. A foreign id is a 400 naming it, never a silent no-match.
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import { orgWhere } from '@/lib/tenancy/scope';
import type { RuleTargets } from '@/lib/alerts/schemas';

export async function assertRuleTargets(ctx: ScopedContext, owner: { partnerId: string; orgId: string | null }, t: RuleTargets): Promise<void> {
  const inOwner = owner.orgId ? { orgId: owner.orgId } : { partnerId: owner.partnerId };
  if (t.orgIds.length) {
    const orgs = await db.organization.findMany({ where: { AND: [{ id: { in: t.orgIds } }, orgWhere(ctx), owner.orgId ? { id: owner.orgId } : { partnerId: owner.partnerId }] }, select: { id: true } });
    const missing = t.orgIds.filter((id) => !orgs.some((o) => o.id === id));
    if (missing.length) throw badRequest('Target organization outside the rule scope', [{ path: 'targets.orgIds', message: `Unknown organization ${missing[0]}` }], 'ORG_NOT_IN_SCOPE');
  }
  if (t.siteIds.length) {
    const sites = await db.site.findMany({ where: { id: { in: t.siteIds }, deletedAt: null, ...inOwner }, select: { id: true } });
    const missing = t.siteIds.filter((id) => !sites.some((s) => s.id === id));
    if (missing.length) throw badRequest('Site belongs to another organization', [{ path: 'targets.siteIds', message: `Unknown site ${missing[0]}` }], 'SITE_NOT_IN_ORG');
  }
  if (t.groupIds.length) {
    const groups = await db.deviceGroup.findMany({ where: { id: { in: t.groupIds }, ...inOwner }, select: { id: true } });
    const missing = t.groupIds.filter((id) => !groups.some((g) => g.id === id));
    if (missing.length) throw badRequest('Group belongs to another organization', [{ path: 'targets.groupIds', message: `Unknown group ${missing[0]}` }], 'GROUP_NOT_IN_ORG');
  }
  if (t.deviceIds.length) {
    const devices = await db.device.findMany({ where: { id: { in: t.deviceIds }, ...inOwner }, select: { id: true } });
    const missing = t.deviceIds.filter((id) => !devices.some((d) => d.id === id));
    if (missing.length) throw badRequest('Device outside the rule scope', [{ path: 'targets.deviceIds', message: `Unknown device ${missing[0]}` }], 'DEVICE_NOT_IN_SCOPE');
  }
}
