// GET /audit-logs/reports/compliance: evidence that the trail is complete and protected over a
// period: coverage by day, privileged changes, exports of the log, entries per organization,
// and whether the database still enforces append-only.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { auditScopeSql, auditWhereSql } from '@/lib/audit/audit-where-sql';
import { reportPeriod } from '@/lib/audit/report-period';
import { SECURITY_CATEGORY_SQL } from '@/lib/audit/security-events-report';
import type { TAuditReportQuery, TComplianceReport } from '@/lib/audit/schemas';

/** audit_logs_prune never removes entries younger than this (migration audit_append_only). */
export const MINIMUM_RETENTION_DAYS = 90;

type Summary = Record<'total' | 'success' | 'denied' | 'failure' | 'daysWithEntries' | 'privilegedChanges' | 'auditExports' | 'distinctActors' | 'entriesWithoutActor', number>;

export async function complianceReport(ctx: ScopedContext, q: TAuditReportQuery): Promise<TComplianceReport> {
  const { from, to, filters } = reportPeriod(q);
  const where = auditWhereSql(ctx, filters);
  const [[summary], [range], byOrganization, [integrity]] = await Promise.all([
    db.$queryRaw<Summary[]>`
      select count(*)::int as total,
             count(*) filter (where l.result = 'success')::int as success, count(*) filter (where l.result = 'denied')::int as denied,
             count(*) filter (where l.result = 'failure')::int as failure,
             count(distinct (l.created_at at time zone 'UTC')::date)::int as "daysWithEntries",
             count(*) filter (where ${SECURITY_CATEGORY_SQL} in ('access_control', 'credentials', 'security_settings') and l.result = 'success')::int as "privilegedChanges",
             count(*) filter (where l.action = 'audit.export')::int as "auditExports",
             count(distinct l.actor_id)::int as "distinctActors",
             count(*) filter (where l.actor_id is null)::int as "entriesWithoutActor"
      from audit_logs l where ${where}`,
    db.$queryRaw<{ oldest: Date | null; newest: Date | null }[]>`select min(l.created_at) as oldest, max(l.created_at) as newest from audit_logs l where ${auditScopeSql(ctx)}`,
    db.$queryRaw<TComplianceReport['byOrganization']>`
      select l.org_id::text as "orgId", o.name as "orgName", count(*)::int as count
      from audit_logs l left join organizations o on o.id = l.org_id
      where ${where} group by l.org_id, o.name order by 3 desc, 2 nulls first limit ${q.top}`,
    db.$queryRaw<{ appendOnly: boolean }[]>(Prisma.sql`
      select count(*) filter (where t.tgname in ('audit_logs_append_only', 'audit_logs_no_truncate') and t.tgenabled <> 'D') = 2 as "appendOnly"
      from pg_trigger t where t.tgrelid = 'audit_logs'::regclass`),
  ]);
  const days = Math.floor(to.getTime() / 86_400_000) - Math.floor(from.getTime() / 86_400_000) + 1;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: summary.total,
    byResult: { success: summary.success, denied: summary.denied, failure: summary.failure },
    daysInPeriod: days,
    daysWithEntries: summary.daysWithEntries,
    privilegedChanges: summary.privilegedChanges,
    auditExports: summary.auditExports,
    distinctActors: summary.distinctActors,
    entriesWithoutActor: summary.entriesWithoutActor,
    oldestEntryAt: range.oldest?.toISOString() ?? null,
    newestEntryAt: range.newest?.toISOString() ?? null,
    byOrganization,
    integrity: { appendOnly: integrity.appendOnly, minimumRetentionDays: MINIMUM_RETENTION_DAYS },
  };
}
