// GET /maintenance/active: the devices in maintenance now, resolved from the targets of the
// occurrences in progress (organizations, sites, group members at this moment, devices, and
// devices whose effective configuration policy names the window).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { deviceWhere } from '@/lib/devices/device-scope';
import type { TActiveDevice, ZActiveQuery } from '@/lib/maintenance/schemas';
import { tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';
import { occurrenceStatusWhere } from '@/lib/maintenance/occurrence-status-where';

/** Occurrences in progress considered at once in one scope (far above what a partner runs). */
const MAX_RUNNING = 500;

export async function listActiveDevices(ctx: ActorContext, query: z.output<typeof ZActiveQuery>) {
  const now = new Date();
  const running = await db.maintenanceOccurrence.findMany({
    // Partner-wide windows count for organization callers too: the device scope below keeps
    // the answer to their own devices.
    where: { AND: [tenantOrPartnerWideWhere(ctx), occurrenceStatusWhere('active', now)] },
    include: { window: true },
    orderBy: { endsAt: 'desc' },
    take: MAX_RUNNING,
  });
  const union = (pick: (w: (typeof running)[number]['window']) => string[]) => [...new Set(running.flatMap((o) => pick(o.window)))];
  const orgIds = union((w) => w.targetOrgIds);
  const siteIds = union((w) => w.targetSiteIds);
  const groupIds = union((w) => w.targetGroupIds);
  const deviceIds = union((w) => w.targetDeviceIds);
  const windowIds = [...new Set(running.map((o) => o.windowId))];
  const targeted: Prisma.DeviceWhereInput[] = [
    ...(orgIds.length ? [{ orgId: { in: orgIds } }] : []),
    ...(siteIds.length ? [{ siteId: { in: siteIds } }] : []),
    ...(groupIds.length ? [{ memberships: { some: { groupId: { in: groupIds } } } }] : []),
    ...(deviceIds.length ? [{ id: { in: deviceIds } }] : []),
    ...(windowIds.length ? [{ policySettings: { maintenanceWindowId: { in: windowIds } } }] : []),
  ];
  if (targeted.length === 0) return pageResult<TActiveDevice>([], query, 0);
  const where: Prisma.DeviceWhereInput = {
    AND: [
      deviceWhere(ctx),
      { OR: targeted },
      query.orgId ? { orgId: query.orgId } : {},
      query.deviceId ? { id: query.deviceId } : {},
      query.search ? { hostname: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [devices, total] = await Promise.all([
    db.device.findMany({ where, select: { id: true, hostname: true, displayName: true, orgId: true, siteId: true, status: true, policySettings: { select: { maintenanceWindowId: true } } }, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.device.count({ where }),
  ]);
  const memberships = groupIds.length
    ? await db.deviceGroupMembership.findMany({ where: { deviceId: { in: devices.map((d) => d.id) }, groupId: { in: groupIds } }, select: { deviceId: true, groupId: true } })
    : [];
  const data = devices.map((d): TActiveDevice => {
    const groups = new Set(memberships.filter((m) => m.deviceId === d.id).map((m) => m.groupId));
    const windows = running.flatMap((o) => {
      const w = o.window;
      const matchedBy = w.targetDeviceIds.includes(d.id)
        ? ('device' as const)
        : d.siteId && w.targetSiteIds.includes(d.siteId)
          ? ('site' as const)
          : w.targetGroupIds.some((g) => groups.has(g))
            ? ('group' as const)
            : w.targetOrgIds.includes(d.orgId)
              ? ('organization' as const)
              : d.policySettings?.maintenanceWindowId === w.id
                ? ('policy' as const)
                : null;
      return matchedBy ? [{ windowId: w.id, name: w.name, occurrenceId: o.id, endsAt: o.endsAt.toISOString(), matchedBy, suppressAlerts: w.suppressAlerts }] : [];
    });
    return {
      deviceId: d.id,
      hostname: d.hostname,
      displayName: d.displayName,
      orgId: d.orgId,
      siteId: d.siteId,
      status: d.status,
      endsAt: windows.reduce((max, w) => (w.endsAt > max ? w.endsAt : max), windows[0]?.endsAt ?? now.toISOString()),
      suppressAlerts: windows.some((w) => w.suppressAlerts),
      windows: windows.map(({ suppressAlerts: _s, ...w }) => w),
    };
  });
  return pageResult(data, query, total);
}
