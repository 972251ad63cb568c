// GET /audit-logs/stats: counts over a period, by result, actor type, target type, action and
// actor, and one row per UTC day (days without entries included, for charts).
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { auditWhereSql } from '@/lib/audit/audit-where-sql';
import { counted, reportPeriod } from '@/lib/audit/report-period';
import type { TAuditReportQuery, TAuditStats } from '@/lib/audit/schemas';

type Counts = { key: string | null; count: number }[];

export async function auditStats(ctx: ScopedContext, q: TAuditReportQuery): Promise<TAuditStats> {
  const { from, to, filters } = reportPeriod(q);
  const where = auditWhereSql(ctx, filters);
  const top = (column: Prisma.Sql) =>
    db.$queryRaw<Counts>`select ${column} as key, count(*)::int as count from audit_logs l where ${where} group by 1 order by 2 desc, 1 limit ${q.top}`;
  const [[totals], byActorType, byTargetType, topActions, topActors, perDay] = await Promise.all([
    db.$queryRaw<{ total: number; success: number; denied: number; failure: number }[]>`
      select count(*)::int as total, count(*) filter (where l.result = 'success')::int as success,
             count(*) filter (where l.result = 'denied')::int as denied, count(*) filter (where l.result = 'failure')::int as failure
      from audit_logs l where ${where}`,
    top(Prisma.sql`l.actor_type`),
    top(Prisma.sql`l.target_type`),
    top(Prisma.sql`l.action`),
    db.$queryRaw<{ actorId: string | null; actorEmail: string | null; count: number }[]>`
      select l.actor_id::text as "actorId", max(l.actor_email) as "actorEmail", count(*)::int as count
      from audit_logs l where ${where} group by l.actor_id order by 3 desc, 2 limit ${q.top}`,
    db.$queryRaw<{ day: string; total: number; success: number; denied: number; failure: number }[]>`
      with days as (
        select to_char(d, 'YYYY-MM-DD') as day
        from generate_series(date_trunc('day', ${from}::timestamptz at time zone 'UTC'), date_trunc('day', ${to}::timestamptz at time zone 'UTC'), interval '1 day') d
      ), counts as (
        select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as total,
               count(*) filter (where l.result = 'success')::int as success, count(*) filter (where l.result = 'denied')::int as denied,
               count(*) filter (where l.result = 'failure')::int as failure
        from audit_logs l where ${where} group by 1
      )
      select days.day, coalesce(c.total, 0)::int as total, coalesce(c.success, 0)::int as success, coalesce(c.denied, 0)::int as denied, coalesce(c.failure, 0)::int as failure
      from days left join counts c on c.day = days.day order by days.day`,
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: totals.total,
    byResult: { success: totals.success, denied: totals.denied, failure: totals.failure },
    byActorType: counted(byActorType),
    byTargetType: counted(byTargetType),
    topActions: counted(topActions),
    topActors,
    perDay,
  };
}
