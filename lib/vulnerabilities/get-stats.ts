// GET /vulnerabilities/stats: the priority counts of the dashboard. The open findings in scope are
// read once, from the covering index, and grouped two ways in that one pass (by CVE and by
// device, so no distinct count sorts them); the patch-ready count is a semi-join from the patch
// side, and the accepted findings near their expiry are few.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { EXPIRING_SOON_DAYS, SEVERITIES } from './schemas';
import { PATCH_FOUND_SQL, findingFilterSql } from './finding-scope-sql';

type Severity = (typeof SEVERITIES)[number];

interface OpenCounts {
  critical_cves: number;
  critical: number;
  kev_cves: number;
  kev_devices: number;
  devices: number;
  open: number;
  by_severity: Record<Severity, number>;
}

export async function getVulnerabilityStats(ctx: ActorContext, q: { orgId?: string }) {
  const scope = await findingFilterSql(ctx, { orgId: q.orgId });
  const open = Prisma.sql`${scope} and f.status = 'open'`;
  const accepted = Prisma.sql`${scope} and f.status = 'accepted'`;
  const soon = new Date(Date.now() + EXPIRING_SOON_DAYS * 86_400_000);
  const bySeverity = Prisma.join(
    SEVERITIES.map((s) => Prisma.sql`${s}::text, coalesce(sum(g.n) filter (where g.cve_id is not null and g.severity = ${s}::text), 0)::int`),
    ', ',
  );
  const [[counts], [ready], [expiring]] = await Promise.all([
    db.$queryRaw<OpenCounts[]>`
      select count(distinct g.cve_id) filter (where g.severity = 'critical')::int as critical_cves,
        coalesce(sum(g.n) filter (where g.cve_id is not null and g.severity = 'critical'), 0)::int as critical,
        count(distinct g.cve_id) filter (where g.kev)::int as kev_cves,
        count(*) filter (where g.device_id is not null and g.kev)::int as kev_devices,
        count(*) filter (where g.device_id is not null)::int as devices,
        coalesce(sum(g.n) filter (where g.cve_id is not null), 0)::int as open,
        json_build_object(${bySeverity}) as by_severity
      from (
        select f.cve_id, f.device_id, f.severity::text as severity, count(*) as n,
          bool_or(f.cve_id in (select k.cve_id from known_exploited_vulnerabilities k)) as kev
        from vulnerability_findings f where ${open}
        group by grouping sets ((f.cve_id, f.severity), (f.device_id))
      ) g`,
    db.$queryRaw<{ n: number }[]>`select count(*)::int as n from vulnerability_findings f where ${open} and ${PATCH_FOUND_SQL}`,
    db.$queryRaw<{ n: number }[]>`select count(*)::int as n from vulnerability_findings f where ${accepted} and f.accepted_until <= ${soon}`,
  ]);
  return {
    criticalOpen: counts.critical_cves,
    criticalOpenFindings: counts.critical,
    knownExploitedExposure: { cves: counts.kev_cves, devices: counts.kev_devices },
    patchReady: ready.n,
    acceptedExpiringSoon: expiring.n,
    open: counts.open,
    affectedDevices: counts.devices,
    bySeverity: Object.fromEntries(SEVERITIES.map((s) => [s, counts.by_severity[s] ?? 0])) as Record<Severity, number>,
  };
}
