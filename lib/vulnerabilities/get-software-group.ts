// GET /vulnerabilities/software/:groupKey: one remediation group's summary and its findings
// (every status but resolved), device by device. A group with no finding in scope is 404.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { FINDINGS_FROM, PATCH_FOUND_SQL, findingScopeSql } from './finding-scope-sql';
import { parseGroupKey } from './group-key';
import { loadFindings } from './load-findings';
import { toGroup } from './list-software-groups';

export const MAX_GROUP_FINDINGS = 2000;

export async function getSoftwareGroup(ctx: ActorContext, groupKey: string) {
  const key = parseGroupKey(groupKey);
  if (!key) throw notFound('Software group');
  const where = Prisma.sql`${findingScopeSql(ctx, { statusNot: 'resolved' })} and f.ecosystem = ${key.ecosystem} and f.package_name = ${key.packageName}`;
  const [summary] = await db.$queryRaw<{ source_name: string | null; fixes: (string | null)[]; cves: number; devices: number; severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown'; kev: boolean; ready: number }[]>`
    select max(f.source_name) as source_name, array_agg(distinct f.fixed_version) as fixes, count(distinct f.cve_id)::int as cves, count(distinct f.device_id)::int as devices, min(f.severity)::text as severity,
      bool_or(exists (select 1 from known_exploited_vulnerabilities k where k.cve_id = f.cve_id)) as kev,
      count(distinct f.device_id) filter (where ${PATCH_FOUND_SQL})::int as ready
    from ${FINDINGS_FROM} where ${where}`;
  if (!summary || summary.devices === 0) throw notFound('Software group');
  const findings = await loadFindings(where, { limit: MAX_GROUP_FINDINGS, offset: 0 });
  return { group: toGroup({ ecosystem: key.ecosystem, package_name: key.packageName, ...summary }, summary.ready), findings: findings.data };
}
