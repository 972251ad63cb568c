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

/** The status and search filters of the findings reads (`search`: the search's predicate, when resolved). */
function findingFilters(f: FindingFilters, search: Prisma.Sql | null = f.search ? searchAsPattern(f.search) : null): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  if (f.status) parts.push(Prisma.sql`f.status = ${f.status}::"VulnerabilityFindingStatus"`);
  if (f.statusNot) parts.push(Prisma.sql`f.status <> ${f.statusNot}::"VulnerabilityFindingStatus"`);
  if (search) parts.push(search);
  return parts;
}

/** `%term%` for ILIKE, the term's own `\`, `%` and `_` taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search as a pattern match on each finding: its CVE id or package name contains the term, in any case. */
function searchAsPattern(term: string): Prisma.Sql {
  const like = containsPattern(term);
  return Prisma.sql`(f.cve_id ilike ${like} or f.package_name ilike ${like})`;
}

/** Names a search may resolve to before it falls back to the pattern match on each finding. */
export const MAX_SEARCH_NAMES = 10_000;
/** Names a search may resolve to and still be offered to the findings' indexes. */
const INDEXED_SEARCH_NAMES = 200;

/**
 * The same search as `searchAsPattern`, resolved first against the CVE ids and package names
 * findings carry (vulnerability_finding_names, a superset of those of the findings: written in
 * the statement that writes the findings): the term is matched on those tens of thousands of
 * names once, and the findings are filtered by equality with the names found. A short list is
 * served by the (partner_id, status, cve_id …) and (partner_id, status, ecosystem, package_name …)
 * indexes; a long one is a hashed lookup per finding, still far cheaper than a case-insensitive
 * pattern match on each. A term matching more names than `MAX_SEARCH_NAMES` keeps the pattern
 * match (the lists would cost more to send and plan than they save).
 */
async function resolvedSearch(term: string): Promise<Prisma.Sql> {
  const names = await db.$queryRaw<{ kind: string; name: string }[]>`
    select kind, name from vulnerability_finding_names where name ilike ${containsPattern(term)} limit ${MAX_SEARCH_NAMES + 1}`;
  if (names.length > MAX_SEARCH_NAMES) return searchAsPattern(term);
  const cves = names.filter((n) => n.kind === 'cve').map((n) => n.name);
  const packages = names.filter((n) => n.kind === 'package').map((n) => n.name);
  const parts: Prisma.Sql[] = [];
  if (cves.length) parts.push(Prisma.sql`f.cve_id = any(${cves}::text[])`);
  if (packages.length) parts.push(Prisma.sql`f.package_name = any(${packages}::text[])`);
  if (!parts.length) return Prisma.sql`false`;
  const any = Prisma.join(parts, ' or ');
  // A long list stays a filter (IS TRUE hides it from the index conditions): as one it would be
  // sorted and walked on each of the many index scans of a page's groups, where the group's own
  // key is what narrows the scan.
  return names.length > INDEXED_SEARCH_NAMES ? Prisma.sql`((${any}) is true)` : Prisma.sql`(${any})`;
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
  const [excluded, search] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`select d.id from devices d where ${candidates} and not (${deviceScopeSql(ctx)})`,
    f.search ? resolvedSearch(f.search) : null,
  ]);
  if (excluded.length) parts.push(Prisma.sql`f.device_id <> all(${excluded.map((d) => d.id)}::uuid[])`);
  return Prisma.join([...parts, ...findingFilters(f, search)], ' and ');
}

/** An update of the finding's package found on its device by a patch scan (not yet installed). */
export const PATCH_FOUND_SQL = Prisma.sql`exists (select 1 from device_patches dp join patches p on p.id = dp.patch_id
  where dp.device_id = f.device_id and p.name = f.package_name and dp.status in ('available', 'failed'))`;
