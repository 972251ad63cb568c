// GET /audit-logs/reports/user-activity: one row per actor over a period, the most active
// first: what they did (counts by result, distinct actions, their top actions), when and from
// how many addresses.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { auditWhereSql } from '@/lib/audit/audit-where-sql';
import { reportPeriod } from '@/lib/audit/report-period';
import type { TAuditReportQuery, TUserActivityReport } from '@/lib/audit/schemas';

type Row = Omit<TUserActivityReport['data'][number], 'firstAt' | 'lastAt'> & { firstAt: Date; lastAt: Date; totalActors: number };

export async function userActivityReport(ctx: ScopedContext, q: TAuditReportQuery): Promise<TUserActivityReport> {
  const { from, to, filters } = reportPeriod(q);
  const where = auditWhereSql(ctx, filters);
  // Actors are told apart by id, or by email where no id was recorded (failed sign-ins).
  const rows = await db.$queryRaw<Row[]>`
    with matched as (
      select l.* from audit_logs l where ${where}
    ), actors as (
      select m.actor_type, m.actor_id, lower(coalesce(m.actor_email, '')) as email_key, max(m.actor_email) as actor_email,
             count(*)::int as total, count(*) filter (where m.result = 'success')::int as success,
             count(*) filter (where m.result = 'denied')::int as denied, count(*) filter (where m.result = 'failure')::int as failure,
             count(distinct m.action)::int as distinct_actions, count(distinct m.ip)::int as distinct_ips,
             min(m.created_at) as first_at, max(m.created_at) as last_at,
             (array_agg(m.ip order by m.created_at desc) filter (where m.ip is not null))[1] as last_ip
      from matched m
      group by m.actor_type, m.actor_id, lower(coalesce(m.actor_email, ''))
    ), ranked as (
      select a.*, count(*) over ()::int as total_actors from actors a order by a.total desc, a.last_at desc limit ${q.top}
    )
    select r.actor_type as "actorType", r.actor_id::text as "actorId", r.actor_email as "actorEmail", r.total, r.success, r.denied, r.failure,
           r.distinct_actions as "distinctActions", r.distinct_ips as "distinctIps", r.first_at as "firstAt", r.last_at as "lastAt",
           r.last_ip as "lastIp", r.total_actors as "totalActors",
           coalesce((select jsonb_agg(jsonb_build_object('key', t.action, 'count', t.n) order by t.n desc, t.action)
                     from (select m.action, count(*)::int as n from matched m
                           where m.actor_type = r.actor_type and m.actor_id is not distinct from r.actor_id and lower(coalesce(m.actor_email, '')) = r.email_key
                           group by m.action order by n desc, m.action limit 5) t), '[]'::jsonb) as "topActions"
    from ranked r order by r.total desc, r.last_at desc`;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    totalActors: rows[0]?.totalActors ?? 0,
    data: rows.map(({ totalActors: _t, firstAt, lastAt, ...r }) => ({ ...r, firstAt: firstAt.toISOString(), lastAt: lastAt.toISOString() })),
  };
}
