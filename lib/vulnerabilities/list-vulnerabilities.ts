// GET /vulnerabilities: the By CVE view, one row per CVE over the findings in scope (open by
// default), worst severity first. Known-exploited status is read from the KEV catalog here, so
// loading a new catalog needs no recomputation.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { ListVulnerabilitiesQuery } from './schemas';
import { PATCH_FOUND_SQL, findingFilterSql } from './finding-scope-sql';
import { kevDto, type KevColumns } from './kev-dto';

const ORDER: Record<ListVulnerabilitiesQuery['sort'], string> = {
  severity: 'g.severity asc, g.devices desc, g.cve_id asc',
  devices: 'g.devices desc, g.severity asc, g.cve_id asc',
  cvss: 'g.cvss desc nulls last, g.cve_id asc',
  firstSeen: 'g.first_seen desc, g.cve_id asc',
};

interface Row extends KevColumns {
  cve_id: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  cvss: number | null;
  devices: number;
  first_seen: Date;
  total: number;
}

interface Detail {
  cve_id: string;
  summary: string | null;
  packages: string[];
  fix_available: boolean;
}

export async function listVulnerabilities(ctx: ActorContext, q: ListVulnerabilitiesQuery) {
  const where = await findingFilterSql(ctx, q);
  const having: Prisma.Sql[] = [Prisma.sql`true`];
  if (q.severity) having.push(Prisma.sql`g.severity = ${q.severity}::"VulnerabilitySeverity"`);
  if (q.knownExploited !== undefined) having.push(q.knownExploited ? Prisma.sql`k.cve_id is not null` : Prisma.sql`k.cve_id is null`);
  // First the CVEs in order from the covering index alone (the columns the sorts need), then the
  // rest of the page's few CVEs.
  const rows = await db.$queryRaw<Row[]>`
    with g as (
      select f.cve_id, min(f.severity) as severity, max(f.cvss_score) as cvss, count(distinct f.device_id)::int as devices, min(f.first_seen_at) as first_seen
      from vulnerability_findings f where ${where}
      group by f.cve_id
    )
    select g.*, k.cve_id as kev_cve, k.date_added, k.due_date, k.known_ransomware, k.vendor_project, k.product, count(*) over ()::int as total
    from g left join known_exploited_vulnerabilities k on k.cve_id = g.cve_id
    where ${Prisma.join(having, ' and ')}
    order by ${Prisma.raw(ORDER[q.sort])}
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const cves = rows.map((r) => r.cve_id);
  const [details, ready] = cves.length
    ? await Promise.all([
        db.$queryRaw<Detail[]>`
          select f.cve_id, max(f.summary) as summary, array_agg(distinct f.package_name) as packages, bool_or(f.fixed_version is not null) as fix_available
          from vulnerability_findings f where ${where} and f.cve_id = any(${cves}::text[])
          group by f.cve_id`,
        db.$queryRaw<{ cve_id: string; n: number }[]>`
          select f.cve_id, count(distinct f.device_id)::int as n from vulnerability_findings f
          where ${where} and f.cve_id = any(${cves}::text[]) and ${PATCH_FOUND_SQL}
          group by f.cve_id`,
      ])
    : [[], []];
  const detailBy = new Map(details.map((d) => [d.cve_id, d]));
  const readyBy = new Map(ready.map((r) => [r.cve_id, r.n]));
  return {
    data: rows.map((r) => {
      const d = detailBy.get(r.cve_id);
      return {
        cveId: r.cve_id,
        severity: r.severity,
        cvssScore: r.cvss,
        summary: d?.summary ?? null,
        knownExploited: r.kev_cve !== null,
        kev: kevDto(r),
        packages: d?.packages ?? [],
        affectedDevices: r.devices,
        fixAvailable: d?.fix_available ?? false,
        patchReady: readyBy.get(r.cve_id) ?? 0,
        firstSeenAt: r.first_seen.toISOString(),
      };
    }),
    pagination: { page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 },
  };
}
