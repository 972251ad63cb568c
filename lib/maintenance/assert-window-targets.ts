// Targets lie inside the window's own scope (its organization, or its partner for a
// partner-wide window) and the caller's: a foreign or unknown id is a 400 naming it.
import type { ScopedContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import type { WindowTargets } from '@/lib/maintenance/schemas';

function missingOf(wanted: string[], found: { id: string }[]): string | undefined {
  const have = new Set(found.map((f) => f.id));
  return wanted.find((id) => !have.has(id));
}

export async function assertWindowTargets(client: DbOrTx, ctx: ScopedContext, owner: { partnerId: string; orgId: string | null }, t: WindowTargets): Promise<void> {
  const inOwner = owner.orgId ? { orgId: owner.orgId } : { partnerId: owner.partnerId };
  const fail = (kind: keyof WindowTargets, id: string, what: string) =>
    badRequest(`Target ${what} outside the window's scope`, [{ path: `targets.${kind}`, message: `Unknown ${what} ${id}` }], 'TARGET_NOT_IN_SCOPE');
  if (t.orgIds.length) {
    const orgs = await client.organization.findMany({ where: { AND: [{ id: { in: t.orgIds } }, orgWhere(ctx), owner.orgId ? { id: owner.orgId } : { partnerId: owner.partnerId }] }, select: { id: true } });
    const missing = missingOf(t.orgIds, orgs);
    if (missing) throw fail('orgIds', missing, 'organization');
  }
  if (t.siteIds.length) {
    const sites = await client.site.findMany({ where: { AND: [{ id: { in: t.siteIds }, deletedAt: null, ...inOwner }, tenantWhere(ctx)] }, select: { id: true } });
    const missing = missingOf(t.siteIds, sites);
    if (missing) throw fail('siteIds', missing, 'site');
  }
  if (t.groupIds.length) {
    const groups = await client.deviceGroup.findMany({ where: { AND: [{ id: { in: t.groupIds }, ...inOwner }, tenantWhere(ctx)] }, select: { id: true } });
    const missing = missingOf(t.groupIds, groups);
    if (missing) throw fail('groupIds', missing, 'group');
  }
  if (t.deviceIds.length) {
    const devices = await client.device.findMany({ where: { AND: [{ id: { in: t.deviceIds }, ...inOwner }, tenantWhere(ctx)] }, select: { id: true } });
    const missing = missingOf(t.deviceIds, devices);
    if (missing) throw fail('deviceIds', missing, 'device');
  }
}
