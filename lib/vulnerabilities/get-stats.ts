// GET /vulnerabilities/stats: the priority counts of the dashboard, in one pass over the findings in scope.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { EXPIRING_SOON_DAYS, SEVERITIES } from './schemas';
import { FINDINGS_FROM, PATCH_FOUND_SQL, findingScopeSql } from './finding-scope-sql';

export async function getVulnerabilityStats(ctx: ActorContext, q: { orgId?: string }) {
  const where = findingScopeSql(ctx, { orgId: q.orgId, statusNot: 'resolved' });
  const soon = new Date(Date.now() + EXPIRING_SOON_DAYS * 86_400_000);
  const [row] = await db.$queryRaw<{ critical_cves: number; critical: number; kev_cves: number; kev_devices: number; ready: number; expiring: number; open: number; devices: number }[]>`
    with f as (
      select f.*, exists (select 1 from known_exploited_vulnerabilities k where k.cve_id = f.cve_id) as kev from ${FINDINGS_FROM} where ${where}
    )
    select count(distinct cve_id) filter (where status = 'open' and severity = 'critical')::int as critical_cves,
      count(*) filter (where status = 'open' and severity = 'critical')::int as critical,
      count(distinct cve_id) filter (where status = 'open' and kev)::int as kev_cves,
      count(distinct device_id) filter (where status = 'open' and kev)::int as kev_devices,
      count(*) filter (where status = 'open' and ${PATCH_FOUND_SQL})::int as ready,
      count(*) filter (where status = 'accepted' and accepted_until <= ${soon})::int as expiring,
      count(*) filter (where status = 'open')::int as open,
      count(distinct device_id) filter (where status = 'open')::int as devices
    from f`;
  const bySev = await db.$queryRaw<{ severity: string; n: number }[]>`
    select f.severity::text as severity, count(*)::int as n from ${FINDINGS_FROM} where ${where} and f.status = 'open' group by 1`;
  return {
    criticalOpen: row.critical_cves,
    criticalOpenFindings: row.critical,
    knownExploitedExposure: { cves: row.kev_cves, devices: row.kev_devices },
    patchReady: row.ready,
    acceptedExpiringSoon: row.expiring,
    open: row.open,
    affectedDevices: row.devices,
    bySeverity: Object.fromEntries(SEVERITIES.map((s) => [s, bySev.find((b) => b.severity === s)?.n ?? 0])) as Record<(typeof SEVERITIES)[number], number>,
  };
}
