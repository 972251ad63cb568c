// GET /audit-logs/reports/security-events: the entries a security review reads over a period,
// grouped into categories by action, plus every denied or failed entry whatever its action.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { auditWhereSql } from '@/lib/audit/audit-where-sql';
import { counted, reportPeriod } from '@/lib/audit/report-period';
import { AUDIT_COLUMNS_SQL, toAuditEntry, type AuditRow } from '@/lib/audit/read-audit-rows';
import type { TAuditReportQuery, TSecurityEventsReport } from '@/lib/audit/schemas';

/** The category of an entry, null for entries that are no security event. Order matters: first match wins. */
export const SECURITY_CATEGORY_SQL = Prisma.raw(`case
  when l.action like 'user.mfa%' then 'mfa'
  when l.action like 'user.login%' or l.action = 'user.logout' or l.action like 'portal.login%' or l.action = 'portal.logout' or l.action like 'session.%' then 'authentication'
  when l.action like 'role.%' or l.action in ('user.role_change', 'user.invite', 'user.invite_accept', 'user.remove', 'contact.portal_invite', 'contact.portal_revoke') or l.action like 'access_review.%' then 'access_control'
  when l.action like 'api\\_key.%' or l.action like 'service\\_principal.%' or l.action like 'enrollment\\_key.%' or l.action like 'portal.password%' then 'credentials'
  when l.action like 'security.%' or l.action = 'partner.settings_update' then 'security_settings'
  when l.result in ('denied', 'failure') then 'denied_or_failed'
end`);

const FAILED_SIGN_IN = Prisma.sql`l.action in ('user.login_failed', 'portal.login_failed', 'user.mfa_failed')`;

export async function securityEventsReport(ctx: ScopedContext, q: TAuditReportQuery): Promise<TSecurityEventsReport> {
  const { from, to, filters } = reportPeriod(q);
  const where = Prisma.sql`${auditWhereSql(ctx, filters)} and ${SECURITY_CATEGORY_SQL} is not null`;
  const [byCategory, byAction, failedAddresses, failedAccounts, [failed], recent] = await Promise.all([
    db.$queryRaw<{ category: TSecurityEventsReport['byCategory'][number]['category']; count: number }[]>`
      select ${SECURITY_CATEGORY_SQL} as category, count(*)::int as count from audit_logs l where ${where} group by 1 order by 2 desc, 1`,
    db.$queryRaw<TSecurityEventsReport['byAction']>`
      select l.action, count(*)::int as count, count(*) filter (where l.result = 'denied')::int as denied, count(*) filter (where l.result = 'failure')::int as failure
      from audit_logs l where ${where} group by l.action order by 2 desc, 1 limit ${q.top}`,
    db.$queryRaw<{ key: string | null; count: number }[]>`
      select l.ip as key, count(*)::int as count from audit_logs l where ${where} and ${FAILED_SIGN_IN} group by 1 order by 2 desc, 1 limit ${q.top}`,
    db.$queryRaw<{ key: string | null; count: number }[]>`
      select lower(l.actor_email) as key, count(*)::int as count from audit_logs l where ${where} and ${FAILED_SIGN_IN} group by 1 order by 2 desc, 1 limit ${q.top}`,
    db.$queryRaw<{ count: number }[]>`select count(*)::int as count from audit_logs l where ${where} and ${FAILED_SIGN_IN}`,
    db.$queryRaw<AuditRow[]>`select ${AUDIT_COLUMNS_SQL} from audit_logs l where ${where} order by l.created_at desc, l.id desc limit 50`,
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: byCategory.reduce((n, c) => n + c.count, 0),
    byCategory,
    byAction,
    failedSignIns: { count: failed.count, topAddresses: counted(failedAddresses), topAccounts: counted(failedAccounts) },
    recent: recent.map(toAuditEntry),
  };
}
