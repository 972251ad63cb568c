// GET /vulnerabilities/software: findings grouped by remediation unit, the package (in its
// ecosystem) whose upgrade fixes them, worst first. `fixedVersion` is the highest fix of the
// group's findings: upgrading to it clears every CVE of the group (null when one has no fix).
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { ListSoftwareGroupsQuery } from './schemas';
import { FINDINGS_FROM, PATCH_FOUND_SQL, findingScopeSql } from './finding-scope-sql';
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
  const where = findingScopeSql(ctx, q);
  const rows = await db.$queryRaw<Row[]>`
    select f.ecosystem, f.package_name, max(f.source_name) as source_name, array_agg(distinct f.fixed_version) as fixes, count(distinct f.cve_id)::int as cves,
      count(distinct f.device_id)::int as devices, min(f.severity)::text as severity,
      bool_or(exists (select 1 from known_exploited_vulnerabilities k where k.cve_id = f.cve_id)) as kev, count(*) over ()::int as total
    from ${FINDINGS_FROM} where ${where}
    group by f.ecosystem, f.package_name
    order by min(f.severity) asc, count(distinct f.device_id) desc, f.package_name asc, f.ecosystem asc
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const ready = rows.length
    ? await db.$queryRaw<{ ecosystem: string; package_name: string; n: number }[]>`
        select f.ecosystem, f.package_name, count(distinct f.device_id)::int as n from ${FINDINGS_FROM}
        where ${where} and f.package_name = any(${rows.map((r) => r.package_name)}::text[]) and ${PATCH_FOUND_SQL}
        group by f.ecosystem, f.package_name`
    : [];
  const readyBy = new Map(ready.map((r) => [groupKeyOf(r.ecosystem, r.package_name), r.n]));
  return {
    data: rows.map((r) => toGroup(r, readyBy.get(groupKeyOf(r.ecosystem, r.package_name)) ?? 0)),
    pagination: { page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 },
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
