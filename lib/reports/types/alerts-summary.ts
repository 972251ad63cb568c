// Alerts summary: alerts triggered in the period per organization, by severity and state, with
// the mean time to resolve; summarized by severity.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { round1, selectionSql, tenantSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

const where = (ctx: ScopedContext, sel: ReportSelection) =>
  Prisma.sql`${tenantSql(ctx, 'a')} and ${selectionSql(sel, 'a')} and a.triggered_at >= ${sel.from} and a.triggered_at < ${sel.to}`;

const COUNTS = Prisma.sql`count(*)::int as total,
  count(*) filter (where a.severity = 'critical')::int as critical, count(*) filter (where a.severity = 'high')::int as high,
  count(*) filter (where a.severity = 'medium')::int as medium, count(*) filter (where a.severity = 'low')::int as low,
  count(*) filter (where a.severity = 'info')::int as info,
  count(*) filter (where a.status in ('active', 'acknowledged', 'suppressed'))::int as open,
  count(*) filter (where a.status = 'resolved')::int as resolved,
  (avg(extract(epoch from a.resolved_at - a.triggered_at)) filter (where a.resolved_at is not null) / 60)::float8 as mttr`;

type Counts = Record<(typeof SEVERITIES)[number] | 'total' | 'open' | 'resolved', number> & { mttr: number | null };

export const alertsSummary: ReportDefinition = {
  title: 'Alerts summary',
  description: 'Alerts triggered in the period per organization by severity and state, with mean time to resolve',
  landscape: true,
  columns: [
    { key: 'organization', header: 'Organization' },
    { key: 'total', header: 'Alerts', width: 50, align: 'right' },
    ...SEVERITIES.map((s) => ({ key: s, header: s[0].toUpperCase() + s.slice(1), width: 50, align: 'right' as const })),
    { key: 'open', header: 'Open', width: 45, align: 'right' },
    { key: 'resolved', header: 'Resolved', width: 55, align: 'right' },
    { key: 'mttrMinutes', header: 'Mean time to resolve (min)', width: 90, align: 'right' },
  ],
  async rows(ctx, sel, page) {
    const w = where(ctx, sel);
    const [rows, count] = await Promise.all([
      db.$queryRaw<(Counts & { org_id: string; organization: string })[]>`
        select o.id::text as org_id, o.name as organization, ${COUNTS}
        from alerts a join organizations o on o.id = a.org_id
        where ${w}
        group by o.id order by total desc, o.name
        limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`select count(distinct a.org_id)::int as n from alerts a where ${w}`,
    ]);
    return {
      total: count[0].n,
      rows: rows.map((r) => ({
        orgId: r.org_id,
        organization: r.organization,
        total: r.total,
        ...Object.fromEntries(SEVERITIES.map((s) => [s, r[s]])),
        open: r.open,
        resolved: r.resolved,
        mttrMinutes: round1(r.mttr),
      })),
    };
  },
  async summary(ctx, sel) {
    const [r] = await db.$queryRaw<Counts[]>`select ${COUNTS} from alerts a where ${where(ctx, sel)}`;
    return {
      figures: [
        { label: 'Alerts', value: String(r.total) },
        { label: 'Open', value: String(r.open) },
        { label: 'Resolved', value: String(r.resolved) },
        { label: 'Mean time to resolve', value: r.mttr === null ? '–' : `${round1(r.mttr)} min` },
      ],
      chart: { title: 'Alerts by severity', bars: SEVERITIES.map((s) => ({ label: s, value: r[s] })) },
    };
  },
};
