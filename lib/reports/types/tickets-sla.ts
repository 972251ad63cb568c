// Tickets and SLA: tickets opened in the period with their first response and resolution times
// (from first_response_at and resolved_at) and whether they missed their due time; summarized
// with the mean times and the mean resolution time per priority.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { iso, minutesBetween, round1, selectionSql, tenantSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

const where = (ctx: ScopedContext, sel: ReportSelection) =>
  Prisma.sql`${tenantSql(ctx, 't')} and ${selectionSql(sel, 't')} and t.deleted_at is null and t.created_at >= ${sel.from} and t.created_at < ${sel.to}`;

const BREACHED = Prisma.sql`(t.due_at is not null and coalesce(t.resolved_at, now()) > t.due_at)`;

export const ticketsSla: ReportDefinition = {
  title: 'Tickets and SLA',
  description: 'Tickets opened in the period with first response and resolution times and missed due times',
  landscape: true,
  columns: [
    { key: 'number', header: '#', width: 40, align: 'right' },
    { key: 'subject', header: 'Subject' },
    { key: 'organization', header: 'Organization', width: 110 },
    { key: 'priority', header: 'Priority', width: 45 },
    { key: 'status', header: 'Status', width: 55 },
    { key: 'createdAt', header: 'Opened', width: 115 },
    { key: 'firstResponseMinutes', header: 'First response (min)', width: 70, align: 'right' },
    { key: 'resolutionMinutes', header: 'Resolution (min)', width: 70, align: 'right' },
    { key: 'breached', header: 'Missed due', width: 50 },
  ],
  async rows(ctx, sel, page) {
    const w = where(ctx, sel);
    const [rows, count] = await Promise.all([
      db.$queryRaw<{ number: number; subject: string; organization: string; priority: string; status: string; created_at: Date; first_response_at: Date | null; resolved_at: Date | null; breached: boolean }[]>`
        select t.number, t.subject, o.name as organization, t.priority::text, t.status::text, t.created_at, t.first_response_at, t.resolved_at, ${BREACHED} as breached
        from tickets t join organizations o on o.id = t.org_id
        where ${w} order by t.created_at, t.number limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`select count(*)::int as n from tickets t where ${w}`,
    ]);
    return {
      total: count[0].n,
      rows: rows.map((r) => ({
        number: r.number,
        subject: r.subject,
        organization: r.organization,
        priority: r.priority,
        status: r.status,
        createdAt: iso(r.created_at),
        firstResponseMinutes: minutesBetween(r.created_at, r.first_response_at),
        resolutionMinutes: minutesBetween(r.created_at, r.resolved_at),
        breached: r.breached ? 'yes' : 'no',
      })),
    };
  },
  async summary(ctx, sel) {
    const w = where(ctx, sel);
    const [r] = await db.$queryRaw<{ total: number; responded: number; resolved: number; breached: number; first_response: number | null; resolution: number | null }[]>`
      select count(*)::int as total, count(t.first_response_at)::int as responded, count(t.resolved_at)::int as resolved,
        count(*) filter (where ${BREACHED})::int as breached,
        (avg(extract(epoch from t.first_response_at - t.created_at)) / 60)::float8 as first_response,
        (avg(extract(epoch from t.resolved_at - t.created_at)) / 60)::float8 as resolution
      from tickets t where ${w}`;
    const perPriority = await db.$queryRaw<{ priority: string; hours: number | null }[]>`
      select t.priority::text, (avg(extract(epoch from t.resolved_at - t.created_at)) / 3600)::float8 as hours
      from tickets t where ${w} and t.resolved_at is not null group by t.priority order by t.priority`;
    const min = (n: number | null) => (n === null ? '–' : `${round1(n)} min`);
    return {
      figures: [
        { label: 'Tickets opened', value: String(r.total) },
        { label: 'Responded', value: String(r.responded) },
        { label: 'Resolved', value: String(r.resolved) },
        { label: 'Missed due time', value: String(r.breached) },
        { label: 'Mean first response', value: min(r.first_response) },
        { label: 'Mean resolution', value: min(r.resolution) },
      ],
      chart: { title: 'Mean resolution time by priority (hours)', bars: perPriority.map((p) => ({ label: p.priority, value: round1(p.hours) ?? 0 })) },
    };
  },
};
