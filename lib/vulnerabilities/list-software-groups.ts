// GET /vulnerabilities/software: findings grouped by remediation unit, the package (in its
// ecosystem) whose upgrade fixes them, worst first. `fixedVersion` is the highest fix of the
// group's findings: upgrading to it clears every CVE of the group (null when one has no fix).
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { ListSoftwareGroupsQuery } from './schemas';
import { PATCH_FOUND_SQL, findingFilterSql } from './finding-scope-sql';
import { groupKeyOf } from './group-key';
import { schemeOf } from './ecosystems';
import { compareVersions } from './versions';

interface Row {
  ecosystem: string;
  package_name: string;
  source_name: string | null;
  fixes: (string | null)[];
  cves: number;
  devices: number;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  kev: boolean;
  total: number;
}

export function highestFix(ecosystem: string, fixes: (string | null)[]): string | null {
  if (fixes.some((f) => f === null)) return null;
  return (fixes as string[]).reduce<string | null>((top, f) => (top === null || compareVersions(schemeOf(ecosystem), f, top) > 0 ? f : top), null);
}

export async function listSoftwareGroups(ctx: ActorContext, q: ListSoftwareGroupsQuery) {
  const where = await findingFilterSql(ctx, q);
  // First the groups in order from the (…, ecosystem, package_name, device_id) covering index
  // alone (what the order needs), then the rest of the page's few groups.
  const order = await db.$queryRaw<{ ecosystem: string; package_name: string; devices: number; severity: Row['severity']; total: number }[]>`
    select f.ecosystem, f.package_name, count(distinct f.device_id)::int as devices, min(f.severity)::text as severity, count(*) over ()::int as total
    from vulnerability_findings f where ${where}
    group by f.ecosystem, f.package_name
    order by min(f.severity) asc, count(distinct f.device_id) desc, f.package_name asc, f.ecosystem asc
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  if (!order.length) return { data: [], pagination: { page: q.page, limit: q.limit, total: 0 } };
  const page = Prisma.sql`(f.ecosystem, f.package_name) in (select * from unnest(${order.map((r) => r.ecosystem)}::text[], ${order.map((r) => r.package_name)}::text[]))`;
  const [details, ready] = await Promise.all([
    // Group by group (the page's keys first): the findings of each are then read from the
    // package index whatever the planner guesses of a search's long list of names.
    db.$queryRaw<Omit<Row, 'devices' | 'severity' | 'total'>[]>`
      select g.ecosystem, g.package_name, d.source_name, d.fixes, d.cves, d.kev
      from unnest(${order.map((r) => r.ecosystem)}::text[], ${order.map((r) => r.package_name)}::text[]) as g(ecosystem, package_name)
      cross join lateral (
        select max(f.source_name) as source_name, array_agg(distinct f.fixed_version) as fixes, count(distinct f.cve_id)::int as cves,
          bool_or(f.cve_id in (select k.cve_id from known_exploited_vulnerabilities k)) as kev
        from vulnerability_findings f where ${where} and f.ecosystem = g.ecosystem and f.package_name = g.package_name
      ) d
      where d.cves > 0`,
    db.$queryRaw<{ ecosystem: string; package_name: string; n: number }[]>`
      select f.ecosystem, f.package_name, count(distinct f.device_id)::int as n from vulnerability_findings f
      where ${where} and ${page} and ${PATCH_FOUND_SQL}
      group by f.ecosystem, f.package_name`,
  ]);
  const detailBy = new Map(details.map((d) => [groupKeyOf(d.ecosystem, d.package_name), d]));
  const readyBy = new Map(ready.map((r) => [groupKeyOf(r.ecosystem, r.package_name), r.n]));
  return {
    data: order.map((r) => {
      const key = groupKeyOf(r.ecosystem, r.package_name);
      const d = detailBy.get(key);
      return toGroup({ source_name: null, fixes: [], cves: 0, kev: false, ...d, ...r }, readyBy.get(key) ?? 0);
    }),
    pagination: { page: q.page, limit: q.limit, total: order[0].total },
  };
}

export function toGroup(r: Omit<Row, 'total'>, patchReady: number) {
  return {
    groupKey: groupKeyOf(r.ecosystem, r.package_name),
    ecosystem: r.ecosystem,
    packageName: r.package_name,
    sourcePackage: r.source_name,
    fixedVersion: highestFix(r.ecosystem, r.fixes),
    cveCount: r.cves,
    affectedDevices: r.devices,
    worstSeverity: r.severity,
    knownExploited: r.kev,
    patchReady,
  };
}
