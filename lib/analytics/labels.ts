// Display names for the organization, site and device ids an analytics answer carries, read
// within the caller's scope (an id the caller cannot see gets no label).
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { orgWhere } from '@/lib/tenancy/scope';
import { deviceWhere } from '@/lib/devices/device-scope';

export async function labelsFor(ctx: ScopedContext, ids: { org?: Iterable<string>; site?: Iterable<string>; device?: Iterable<string> }): Promise<Record<string, string>> {
  const orgIds = [...new Set(ids.org ?? [])];
  const siteIds = [...new Set(ids.site ?? [])];
  const deviceIds = [...new Set(ids.device ?? [])];
  const [orgs, sites, devices] = await Promise.all([
    orgIds.length ? db.organization.findMany({ where: { AND: [{ id: { in: orgIds } }, orgWhere(ctx)] }, select: { id: true, name: true } }) : [],
    siteIds.length ? db.site.findMany({ where: { id: { in: siteIds }, organization: orgWhere(ctx) }, select: { id: true, name: true } }) : [],
    deviceIds.length ? db.device.findMany({ where: { AND: [{ id: { in: deviceIds } }, deviceWhere(ctx, { includeDecommissioned: true })] }, select: { id: true, hostname: true, displayName: true } }) : [],
  ]);
  const labels: Record<string, string> = {};
  for (const o of orgs) labels[o.id] = o.name;
  for (const s of sites) labels[s.id] = s.name;
  for (const d of devices) labels[d.id] = d.displayName ?? d.hostname;
  return labels;
}
