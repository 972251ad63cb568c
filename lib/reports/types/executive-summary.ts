// Executive summary, one row per organization: devices and how many are online, patch
// compliance, alerts and critical alerts in the period, tickets opened and resolved in it, and
// mean availability (lib/metric-history/read.ts).
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { orgWhere } from '@/lib/tenancy/scope';
import { readMetricSummary } from '@/lib/metric-history/read';
import { round1, type ReportDefinition, type ReportRow, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

/** Devices per page of organizations whose availability is averaged. */
const AVAILABILITY_DEVICES = 5000;

async function orgPage(ctx: ScopedContext, sel: ReportSelection, page: { offset: number; limit: number }) {
  const where = { AND: [orgWhere(ctx), sel.orgIds.length ? { id: { in: sel.orgIds } } : {}] };
  const [orgs, total] = await Promise.all([
    db.organization.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: page.offset, take: page.limit, select: { id: true, name: true } }),
    db.organization.count({ where }),
  ]);
  return { orgs, total };
}

async function orgFigures(ctx: ScopedContext, sel: ReportSelection, orgIds: string[]): Promise<ReportRow[]> {
  if (orgIds.length === 0) return [];
  const site = (alias: string) => (sel.siteIds.length ? Prisma.sql`and ${Prisma.raw(alias)}.site_id = any(${sel.siteIds}::uuid[])` : Prisma.empty);
  const rows = await db.$queryRaw<{ org_id: string; devices: number; online: number; up_to_date: number; alerts: number; critical: number; opened: number; resolved: number }[]>`
    select o.id::text as org_id,
      (select count(*) from devices d where d.org_id = o.id and ${deviceScopeSql(ctx)} ${site('d')})::int as devices,
      (select count(*) from devices d where d.org_id = o.id and d.status = 'online' and ${deviceScopeSql(ctx)} ${site('d')})::int as online,
      (select count(*) from devices d where d.org_id = o.id and d.status <> 'uninstalled' and ${deviceScopeSql(ctx)} ${site('d')}
        and not exists (select 1 from device_patches dp where dp.device_id = d.id and dp.status in ('available', 'failed')
          and not exists (select 1 from patch_approvals pa where pa.org_id = dp.org_id and pa.patch_id = dp.patch_id and pa.status = 'declined')))::int as up_to_date,
      (select count(*) from alerts a where a.org_id = o.id and a.triggered_at >= ${sel.from} and a.triggered_at < ${sel.to} ${site('a')})::int as alerts,
      (select count(*) from alerts a where a.org_id = o.id and a.severity = 'critical' and a.triggered_at >= ${sel.from} and a.triggered_at < ${sel.to} ${site('a')})::int as critical,
      (select count(*) from tickets t where t.org_id = o.id and t.deleted_at is null and t.created_at >= ${sel.from} and t.created_at < ${sel.to} ${site('t')})::int as opened,
      (select count(*) from tickets t where t.org_id = o.id and t.deleted_at is null and t.resolved_at >= ${sel.from} and t.resolved_at < ${sel.to} ${site('t')})::int as resolved
    from organizations o where o.id = any(${orgIds}::uuid[])`;
  const devices = await db.$queryRaw<{ id: string; org_id: string }[]>`
    select d.id::text as id, d.org_id::text as org_id from devices d where d.org_id = any(${orgIds}::uuid[]) and ${deviceScopeSql(ctx)} ${site('d')} limit ${AVAILABILITY_DEVICES}`;
  const availability = new Map((await readMetricSummary(devices.map((d) => d.id), sel.from, sel.to)).map((m) => [m.deviceId, m.availabilityPercent]));
  return rows.map((r) => {
    const own = devices.filter((d) => d.org_id === r.org_id).map((d) => availability.get(d.id) ?? 0);
    return {
      orgId: r.org_id,
      devices: r.devices,
      online: r.online,
      compliancePercent: r.devices ? round1((r.up_to_date / r.devices) * 100) : 100,
      alerts: r.alerts,
      criticalAlerts: r.critical,
      ticketsOpened: r.opened,
      ticketsResolved: r.resolved,
      availabilityPercent: own.length ? round1(own.reduce((a, b) => a + b, 0) / own.length) : null,
    };
  });
}

export const executiveSummary: ReportDefinition = {
  title: 'Executive summary',
  description: 'Per organization: devices online, patch compliance, alerts, tickets and availability in the period',
  landscape: true,
  columns: [
    { key: 'organization', header: 'Organization' },
    { key: 'devices', header: 'Devices', width: 50, align: 'right' },
    { key: 'online', header: 'Online', width: 50, align: 'right' },
    { key: 'compliancePercent', header: 'Patch compliance %', width: 75, align: 'right' },
    { key: 'availabilityPercent', header: 'Availability %', width: 70, align: 'right' },
    { key: 'alerts', header: 'Alerts', width: 50, align: 'right' },
    { key: 'criticalAlerts', header: 'Critical alerts', width: 60, align: 'right' },
    { key: 'ticketsOpened', header: 'Tickets opened', width: 60, align: 'right' },
    { key: 'ticketsResolved', header: 'Tickets resolved', width: 65, align: 'right' },
  ],
  async rows(ctx, sel, page) {
    const { orgs, total } = await orgPage(ctx, sel, page);
    const figures = new Map((await orgFigures(ctx, sel, orgs.map((o) => o.id))).map((f) => [f.orgId as string, f]));
    return { total, rows: orgs.map((o) => ({ organization: o.name, ...figures.get(o.id)! })) };
  },
  async summary(ctx, sel) {
    const { orgs } = await orgPage(ctx, sel, { offset: 0, limit: 500 });
    const rows = await orgFigures(ctx, sel, orgs.map((o) => o.id));
    const sum = (key: string) => rows.reduce((a, r) => a + Number(r[key] ?? 0), 0);
    const devices = sum('devices');
    return {
      figures: [
        { label: 'Organizations', value: String(orgs.length) },
        { label: 'Devices', value: `${devices} (${sum('online')} online)` },
        { label: 'Alerts', value: `${sum('alerts')} (${sum('criticalAlerts')} critical)` },
        { label: 'Tickets', value: `${sum('ticketsOpened')} opened, ${sum('ticketsResolved')} resolved` },
      ],
      chart: { title: 'Devices per organization', bars: orgs.slice(0, 15).map((o) => ({ label: o.name, value: Number(rows.find((r) => r.orgId === o.id)?.devices ?? 0) })) },
    };
  },
};
