// The findings a caller may see, as SQL over `vulnerability_findings f join devices d`: the
// device scope (tenancy, live organizations, not decommissioned) plus the common filters.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { tenantWhere } from '@/lib/tenancy/scope';

export interface FindingFilters {
  orgId?: string;
  status?: string;
  statusNot?: string;
  search?: string;
}

export const FINDINGS_FROM = Prisma.sql`vulnerability_findings f join devices d on d.id = f.device_id`;

export function findingScopeSql(ctx: ScopedContext, f: FindingFilters): Prisma.Sql {
  const parts = [deviceScopeSql(ctx)];
  const { partnerId } = tenantWhere(ctx);
  // The findings' own partner column lets their (partner_id, status, cve_id) index serve.
  if (partnerId) parts.push(Prisma.sql`f.partner_id = ${partnerId}::uuid`);
  if (f.orgId) parts.push(Prisma.sql`f.org_id = ${f.orgId}::uuid`);
  return Prisma.join([...parts, ...findingFilters(f)], ' and ');
}

/** The status and search filters of the findings reads. */
function findingFilters(f: FindingFilters): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (f.status) parts.push(Prisma.sql`f.status = ${f.status}::"VulnerabilityFindingStatus"`);
  if (f.statusNot) parts.push(Prisma.sql`f.status <> ${f.statusNot}::"VulnerabilityFindingStatus"`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(Prisma.sql`(f.cve_id ilike ${like} or f.package_name ilike ${like})`);
  }
  return parts;
}

/**
 * The same findings as `findingScopeSql`, as predicates over `vulnerability_findings f` alone,
 * for the aggregates over every finding in scope. A join with the devices would make the
 * planner read the findings in device order and sort them again for the grouping; here the
 * findings are read in the order of their (partner_id, status, cve_id, device_id) and
 * (partner_id, status, ecosystem, package_name, device_id) covering indexes, and the device
 * scope is applied as an exclusion instead: the devices of the caller's partner that fail it
 * (decommissioned, in a deleted organization, outside the caller's organizations), usually
 * none or few, are read first and passed as a list. Passed as a value, the planner sees how
 * few they are; as a subquery it guessed that half the findings fail and sorted them all.
 * A finding's partner is its device's (devices never change partner); its organization column
 * only narrows the scan early, the exclusion decides (the asked `orgId` is the finding's
 * column, as in `findingScopeSql`).
 */
export async function findingFilterSql(ctx: ScopedContext, f: FindingFilters): Promise<Prisma.Sql> {
  const t = tenantWhere(ctx);
  const parts: Prisma.Sql[] = [];
  if (t.partnerId) parts.push(Prisma.sql`f.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`f.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`f.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  if (f.orgId) parts.push(Prisma.sql`f.org_id = ${f.orgId}::uuid`);
  const candidates = t.partnerId ? Prisma.sql`d.partner_id = ${t.partnerId}::uuid` : Prisma.sql`true`;
  const excluded = await db.$queryRaw<{ id: string }[]>`select d.id from devices d where ${candidates} and not (${deviceScopeSql(ctx)})`;
  if (excluded.length) parts.push(Prisma.sql`f.device_id <> all(${excluded.map((d) => d.id)}::uuid[])`);
  return Prisma.join([...parts, ...findingFilters(f)], ' and ');
}

/** An update of the finding's package found on its device by a patch scan (not yet installed). */
export const PATCH_FOUND_SQL = Prisma.sql`exists (select 1 from device_patches dp join patches p on p.id = dp.patch_id
  where dp.device_id = f.device_id and p.name = f.package_name and dp.status in ('available', 'failed'))`;
