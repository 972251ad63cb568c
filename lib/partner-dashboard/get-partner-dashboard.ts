// GET /partner/dashboard: fleet, alert and ticket counts over the caller's scope. Each section
// needs its read permission (null otherwise); organization access narrows every count.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';
import { deviceWhere } from '@/lib/devices/device-scope';
import { ticketWhere } from '@/lib/tickets/ticket-scope';
import { tableExists } from '@/lib/search/table-exists';
import { tenantScopeSql } from '@/lib/search/tenant-scope-sql';
import type { TPartnerDashboard } from '@/lib/partner-dashboard/schemas';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'resolved', 'closed'] as const;
const PRIORITIES = ['p1', 'p2', 'p3', 'p4'] as const;

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

async function deviceSection(ctx: ActorContext): Promise<TPartnerDashboard['devices']> {
  const where = deviceWhere(ctx);
  const [byStatus, byOs, byOrgStatus] = await Promise.all([
    db.device.groupBy({ by: ['status'], where, _count: { _all: true } }),
    db.device.groupBy({ by: ['osType'], where, _count: { _all: true } }),
    db.device.groupBy({ by: ['orgId', 'status'], where, _count: { _all: true } }),
  ]);
  const status = zeros(['online', 'offline', 'pending', 'uninstalled'] as const);
  let total = 0;
  for (const row of byStatus) {
    total += row._count._all;
    if (row.status in status) status[row.status as keyof typeof status] += row._count._all;
  }
  const byOsType: Record<string, number> = {};
  for (const row of byOs) byOsType[row.osType ?? 'unknown'] = (byOsType[row.osType ?? 'unknown'] ?? 0) + row._count._all;

  const perOrg = new Map<string, { total: number; online: number; offline: number }>();
  for (const row of byOrgStatus) {
    const entry = perOrg.get(row.orgId) ?? { total: 0, online: 0, offline: 0 };
    entry.total += row._count._all;
    if (row.status === 'online') entry.online += row._count._all;
    if (row.status === 'offline') entry.offline += row._count._all;
    perOrg.set(row.orgId, entry);
  }
  const top = [...perOrg.entries()].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0])).slice(0, 10);
  const names = new Map((await db.organization.findMany({ where: { id: { in: top.map(([id]) => id) } }, select: { id: true, name: true } })).map((o) => [o.id, o.name]));
  return {
    total,
    ...status,
    byOsType,
    byOrganization: top.map(([orgId, c]) => ({ orgId, name: names.get(orgId) ?? '', ...c })),
  };
}

async function alertSection(ctx: ActorContext): Promise<TPartnerDashboard['alerts']> {
  if (!(await tableExists('alerts'))) return null;
  const rows = await db.$queryRaw<{ severity: string; n: number }[]>(Prisma.sql`
    select a.severity::text as severity, count(*)::int as n from alerts a
    where ${tenantScopeSql(ctx, 'a')} and a.status::text in ('active', 'acknowledged', 'suppressed')
    group by 1`);
  const bySeverity = zeros(SEVERITIES);
  let open = 0;
  for (const row of rows) {
    open += row.n;
    if (row.severity in bySeverity) bySeverity[row.severity as keyof typeof bySeverity] += row.n;
  }
  return { open, bySeverity };
}

async function ticketSection(ctx: ActorContext): Promise<TPartnerDashboard['tickets']> {
  const where = { ...ticketWhere(ctx), deletedAt: null };
  const [byStatusRows, byPriorityRows] = await Promise.all([
    db.ticket.groupBy({ by: ['status'], where, _count: { _all: true } }),
    db.ticket.groupBy({ by: ['priority'], where: { ...where, status: { notIn: ['resolved', 'closed'] } }, _count: { _all: true } }),
  ]);
  const byStatus = zeros(TICKET_STATUSES);
  for (const row of byStatusRows) byStatus[row.status] = row._count._all;
  const byPriority = zeros(PRIORITIES);
  for (const row of byPriorityRows) byPriority[row.priority] = row._count._all;
  const open = byStatus.new + byStatus.open + byStatus.pending + byStatus.on_hold;
  return { open, byStatus, byPriority };
}

export async function getPartnerDashboard(ctx: ActorContext): Promise<TPartnerDashboard> {
  const can = (p: Parameters<typeof ctx.permissions.has>[0]) => ctx.permissions.has(p);
  const t = tenantWhere(ctx);
  const [orgTotal, siteTotal, devices, alerts, tickets] = await Promise.all([
    db.organization.count({ where: orgWhere(ctx) }),
    db.site.count({ where: { ...t, deletedAt: null, organization: orgWhere(ctx) } }),
    can('devices:read') ? deviceSection(ctx) : Promise.resolve(null),
    can('alerts:read') ? alertSection(ctx) : Promise.resolve(null),
    can('tickets:read') ? ticketSection(ctx) : Promise.resolve(null),
  ]);
  return { generatedAt: new Date().toISOString(), organizations: { total: orgTotal, sites: siteTotal }, devices, alerts, tickets };
}
