// GET /analytics/executive-summary: per organization in scope, the fleet (devices, online share,
// patch compliance, availability) and the work (alerts by severity, tickets opened and closed)
// over a range, with totals. Availability comes from the metric history reader for a bounded
// number of devices: METRIC_DEVICE_DAYS_BUDGET device-days (at most MAX_AVAILABILITY_DEVICES),
// the most recently seen first; a device in that set without history in the range counts 0 %.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { getPatchCompliance } from '@/lib/patches/get-patch-compliance';
import { readMetricSummary } from '@/lib/metric-history/read';
import { orgWhere } from '@/lib/tenancy/scope';
import { rowScopeSql } from '@/lib/analytics/row-scope-sql';
import { ALERT_SEVERITIES, METRIC_DEVICE_DAYS_BUDGET } from '@/lib/analytics/query-schemas';
import { rangeOf, type ExecutiveSummaryQuery, type TExecutiveSummary } from '@/lib/analytics/schemas';

export const MAX_SUMMARY_ORGS = 500;
export const MAX_AVAILABILITY_DEVICES = 2000;
const DAY_MS = 86_400_000;

type Figures = TExecutiveSummary['totals'];
const round1 = (n: number) => Math.round(n * 10) / 10;
const zeroSeverities = () => Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Figures['alertsBySeverity'];

export async function getExecutiveSummary(ctx: ActorContext, query: ExecutiveSummaryQuery, now = new Date()): Promise<TExecutiveSummary> {
  const range = rangeOf(query, now);
  const orgs = await db.organization.findMany({ where: { AND: [orgWhere(ctx), query.orgId ? { id: query.orgId } : {}] }, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: MAX_SUMMARY_ORGS, select: { id: true, name: true } });
  const orgIds = orgs.map((o) => o.id);
  const deviceWhere = Prisma.sql`${deviceScopeSql(ctx)} and d.org_id = any(${orgIds}::uuid[])`;
  const rowWhere = Prisma.sql`${rowScopeSql(ctx, 'x')} and x.org_id = any(${orgIds}::uuid[])`;
  const days = Math.max(1, Math.ceil((range.to.getTime() - range.from.getTime()) / DAY_MS));
  const availabilityCap = Math.min(MAX_AVAILABILITY_DEVICES, Math.max(1, Math.floor(METRIC_DEVICE_DAYS_BUDGET / days)));
  const [devices, alerts, tickets, compliance, recent] = await Promise.all([
    db.$queryRaw<{ org_id: string; n: number; online: number }[]>`
      select d.org_id::text as org_id, count(*)::int as n, count(*) filter (where d.status = 'online')::int as online
      from devices d where ${deviceWhere} group by 1`,
    db.$queryRaw<{ org_id: string; severity: Figures['alertsBySeverity'] extends Record<infer K, number> ? K : never; n: number }[]>`
      select x.org_id::text as org_id, x.severity::text as severity, count(*)::int as n
      from alerts x where ${rowWhere} and x.triggered_at >= ${range.from} and x.triggered_at < ${range.to} group by 1, 2`,
    db.$queryRaw<{ org_id: string; opened: number; closed: number }[]>`
      select x.org_id::text as org_id,
        count(*) filter (where x.created_at >= ${range.from} and x.created_at < ${range.to})::int as opened,
        count(*) filter (where coalesce(x.resolved_at, x.closed_at) >= ${range.from} and coalesce(x.resolved_at, x.closed_at) < ${range.to})::int as closed
      from tickets x where ${rowWhere} and x.deleted_at is null
        and (x.created_at >= ${range.from} or coalesce(x.resolved_at, x.closed_at) >= ${range.from})
      group by 1`,
    orgIds.length ? getPatchCompliance(ctx, { by: 'organization', limit: MAX_SUMMARY_ORGS }) : Promise.resolve({ summary: null, rows: [] }),
    db.$queryRaw<{ id: string; org_id: string }[]>`
      select d.id::text as id, d.org_id::text as org_id from devices d
      where ${deviceWhere} and d.status in ('online', 'offline')
      order by d.last_seen_at desc nulls last, d.id limit ${availabilityCap}`,
  ]);
  const availability = new Map((await readMetricSummary(recent.map((d) => d.id), range.from, range.to)).map((s) => [s.deviceId, s.availabilityPercent]));

  const blank = (): Figures => ({ devices: 0, online: 0, onlinePercent: null, alertsBySeverity: zeroSeverities(), ticketsOpened: 0, ticketsClosed: 0, patchCompliancePercent: null, availabilityPercent: null });
  const per = new Map(orgIds.map((id) => [id, blank()]));
  const availabilitySums = new Map<string, { sum: number; n: number }>();
  for (const d of devices) Object.assign(per.get(d.org_id)!, { devices: d.n, online: d.online, onlinePercent: d.n ? round1((d.online / d.n) * 100) : null });
  for (const a of alerts) per.get(a.org_id)!.alertsBySeverity[a.severity] = a.n;
  for (const t of tickets) Object.assign(per.get(t.org_id)!, { ticketsOpened: t.opened, ticketsClosed: t.closed });
  for (const c of compliance.rows) {
    const f = per.get(c.orgId);
    if (f && c.devices > 0) f.patchCompliancePercent = c.compliancePercent;
  }
  for (const d of recent) {
    const s = availabilitySums.get(d.org_id) ?? { sum: 0, n: 0 };
    s.sum += availability.get(d.id) ?? 0;
    s.n += 1;
    availabilitySums.set(d.org_id, s);
  }
  for (const [orgId, s] of availabilitySums) per.get(orgId)!.availabilityPercent = round1(s.sum / s.n);

  const totals = blank();
  for (const f of per.values()) {
    totals.devices += f.devices;
    totals.online += f.online;
    totals.ticketsOpened += f.ticketsOpened;
    totals.ticketsClosed += f.ticketsClosed;
    for (const s of ALERT_SEVERITIES) totals.alertsBySeverity[s] += f.alertsBySeverity[s];
  }
  totals.onlinePercent = totals.devices ? round1((totals.online / totals.devices) * 100) : null;
  const patched = compliance.rows.filter((r) => per.has(r.orgId));
  const patchedDevices = patched.reduce((s, r) => s + r.devices, 0);
  totals.patchCompliancePercent = patchedDevices ? round1((patched.reduce((s, r) => s + r.upToDate, 0) / patchedDevices) * 100) : null;
  totals.availabilityPercent = recent.length ? round1(recent.reduce((s, d) => s + (availability.get(d.id) ?? 0), 0) / recent.length) : null;

  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    totals,
    availabilityDevicesRead: recent.length,
    organizations: orgs.map((o) => ({ orgId: o.id, orgName: o.name, ...per.get(o.id)! })),
  };
}
