// GET /analytics/sla/:id/compliance: the alerts or tickets a definition covers, opened in the
// range, each judged on its two targets. A target is met when it happened within its minutes,
// breached when it happened later or has not happened and its minutes have run out, and pending
// otherwise (left out of the percentage). Alerts respond by acknowledgement, or by resolution
// when nobody acknowledged them first; dismissed alerts are left out. Tickets respond by their
// first public reply and resolve when resolved (or closed without resolving).
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { rowScopeSql } from '@/lib/analytics/row-scope-sql';
import { getSlaOrThrow, slaDto } from '@/lib/analytics/sla-scope';
import { rangeOf, type SlaComplianceQuery, type TSlaCompliance } from '@/lib/analytics/schemas';

type Row = { g: number; org_id: string | null; day: Date | null; total: number; r_met: number; r_breached: number; r_pending: number; s_met: number; s_breached: number; s_pending: number };
type Counts = TSlaCompliance['summary'];

const percent = (met: number, breached: number) => (met + breached ? Math.round((met / (met + breached)) * 1000) / 10 : null);

function counts(r: Row): Counts {
  return {
    total: r.total,
    response: { met: r.r_met, breached: r.r_breached, pending: r.r_pending, percent: percent(r.r_met, r.r_breached) },
    resolution: { met: r.s_met, breached: r.s_breached, pending: r.s_pending, percent: percent(r.s_met, r.s_breached) },
  };
}

export async function getSlaCompliance(ctx: ActorContext, id: string, query: SlaComplianceQuery, now = new Date()): Promise<TSlaCompliance> {
  const sla = await getSlaOrThrow(ctx, id);
  const range = rangeOf(query, now);
  const where = [rowScopeSql(ctx, 'x')];
  if (sla.orgId) where.push(Prisma.sql`x.org_id = ${sla.orgId}::uuid`);
  if (query.orgId) where.push(Prisma.sql`x.org_id = ${query.orgId}::uuid`);
  let items: Prisma.Sql;
  if (sla.targetKind === 'alert') {
    if (sla.severities.length) where.push(Prisma.sql`x.severity::text = any(${sla.severities}::text[])`);
    items = Prisma.sql`
      select x.org_id, x.triggered_at as opened_at, coalesce(x.acknowledged_at, x.resolved_at) as responded_at, x.resolved_at as resolved_at
      from alerts x
      where ${Prisma.join(where, ' and ')} and x.status <> 'dismissed' and x.triggered_at >= ${range.from} and x.triggered_at < ${range.to}`;
  } else {
    if (sla.priorities.length) where.push(Prisma.sql`x.priority::text = any(${sla.priorities}::text[])`);
    items = Prisma.sql`
      select x.org_id, x.created_at as opened_at, x.first_response_at as responded_at, coalesce(x.resolved_at, x.closed_at) as resolved_at
      from tickets x
      where ${Prisma.join(where, ' and ')} and x.deleted_at is null and x.created_at >= ${range.from} and x.created_at < ${range.to}`;
  }
  const respond = Prisma.sql`make_interval(mins => ${sla.responseMinutes}::int)`;
  const resolve = Prisma.sql`make_interval(mins => ${sla.resolveMinutes}::int)`;
  // One pass: grouping sets give the per-organization rows (g = 1), the per-day rows (g = 2)
  // and the total (g = 3) together.
  const rows = await db.$queryRaw<Row[]>`
    with items as (${items}), judged as (
      select org_id, date_trunc('day', opened_at, 'UTC') as day,
        case when responded_at is not null then responded_at - opened_at <= ${respond} when ${now}::timestamptz - opened_at > ${respond} then false end as response_met,
        case when resolved_at is not null then resolved_at - opened_at <= ${resolve} when ${now}::timestamptz - opened_at > ${resolve} then false end as resolution_met
      from items
    )
    select grouping(org_id, day)::int as g, org_id::text as org_id, day, count(*)::int as total,
      count(*) filter (where response_met)::int as r_met, count(*) filter (where not response_met)::int as r_breached, count(*) filter (where response_met is null)::int as r_pending,
      count(*) filter (where resolution_met)::int as s_met, count(*) filter (where not resolution_met)::int as s_breached, count(*) filter (where resolution_met is null)::int as s_pending
    from judged
    group by grouping sets ((org_id), (day), ())`;
  const total = rows.find((r) => r.g === 3);
  const orgRows = rows.filter((r) => r.g === 1);
  const names = new Map((await db.organization.findMany({ where: { id: { in: orgRows.map((r) => r.org_id!) } }, select: { id: true, name: true } })).map((o) => [o.id, o.name]));
  const empty: Counts = { total: 0, response: { met: 0, breached: 0, pending: 0, percent: null }, resolution: { met: 0, breached: 0, pending: 0, percent: null } };
  return {
    sla: slaDto(sla),
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    summary: total ? counts(total) : empty,
    byOrganization: orgRows
      .map((r) => ({ orgId: r.org_id!, orgName: names.get(r.org_id!) ?? '', ...counts(r) }))
      .sort((a, b) => a.orgName.localeCompare(b.orgName)),
    byDay: rows
      .filter((r) => r.g === 2)
      .map((r) => ({ day: r.day!.toISOString().slice(0, 10), ...counts(r) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
  };
}
