// Findings recomputed for a slice of the fleet, never the whole fleet at once: the packages of a
// few devices (their inventory changed) or a few package names everywhere (a feed changed those
// advisories). The slice's software rows are matched against the advisories of their ecosystem
// and name; the findings of the slice are then brought in line in two statements: new and
// changed ones upserted (a resolved finding that matches again reopens), the others resolved.
// Distribution advisories (Debian, Ubuntu, Alpine) name source packages and source versions: a
// binary package is matched under its source package's name and version when the agent reported
// them (libssl3 under openssl); the finding names the installed binary, which is what upgrades.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { deviceEcosystem, schemeOf } from './ecosystems';
import { matchAdvisory } from './match';
import type { OsvEvent } from './osv';
import { compareVersions } from './versions';

export interface SoftwareRow {
  device_id: string;
  partner_id: string;
  org_id: string;
  name: string;
  version: string | null;
  source: string | null;
  os_name: string | null;
  os_version: string | null;
  source_name: string | null;
  source_version: string | null;
}

interface AdvisoryRow {
  advisory_id: string;
  cve_id: string;
  ecosystem: string;
  package_name: string;
  ranges: OsvEvent[][];
  versions: string[];
  severity: Severity;
  cvss_score: number | null;
  summary: string | null;
}

type Severity = 'critical' | 'high' | 'medium' | 'low' | 'unknown';
const RANK: Record<Severity, number> = { unknown: 0, low: 1, medium: 2, high: 3, critical: 4 };

interface Desired {
  partnerId: string;
  orgId: string;
  deviceId: string;
  cveId: string;
  ecosystem: string;
  packageName: string;
  installedVersion: string;
  /** The source package (and its version) the binary was matched under, when not its own name. */
  sourceName: string | null;
  sourceVersion: string | null;
  fixedVersion: string | null;
  advisoryIds: string[];
  severity: Severity;
  cvssScore: number | null;
  summary: string | null;
}

const SOFTWARE_COLUMNS = Prisma.sql`s.device_id, d.partner_id, d.org_id, s.name, s.version, s.source, i.os->>'name' as os_name, i.os->>'version' as os_version, s.source_name, s.source_version`;
const SOFTWARE_FROM = Prisma.sql`device_software s join devices d on d.id = s.device_id left join device_inventory i on i.device_id = s.device_id`;

async function advisoriesFor(pairs: Map<string, { ecosystem: string; name: string }>): Promise<Map<string, AdvisoryRow[]>> {
  const out = new Map<string, AdvisoryRow[]>();
  if (pairs.size === 0) return out;
  const list = [...pairs.values()];
  const rows = await db.$queryRaw<AdvisoryRow[]>`
    select advisory_id, cve_id, ecosystem, package_name, ranges, versions, severity::text as severity, cvss_score, summary
    from vulnerability_advisories
    where (ecosystem, package_name) in (select * from unnest(${list.map((p) => p.ecosystem)}::text[], ${list.map((p) => p.name)}::text[]))`;
  for (const r of rows) {
    const key = `${r.ecosystem}\u0000${r.package_name}`;
    const bucket = out.get(key);
    if (bucket) bucket.push(r);
    else out.set(key, [r]);
  }
  return out;
}

/** The findings a slice of software rows should have, keyed by device, CVE and package. */
export async function desiredFindings(rows: SoftwareRow[]): Promise<Map<string, Desired>> {
  const withEco = rows.flatMap((r) => {
    const ecosystem = r.version ? deviceEcosystem(r.source, { name: r.os_name ?? undefined, version: r.os_version ?? undefined }) : null;
    // The name and version advisories know it by: its source package's for a distribution package.
    const bySource = ecosystem !== null && ecosystem !== 'npm';
    return ecosystem ? [{ ...r, ecosystem, version: r.version!, matchName: (bySource && r.source_name) || r.name, matchVersion: (bySource && r.source_version) || r.version! }] : [];
  });
  const pairs = new Map(withEco.map((r) => [`${r.ecosystem}\u0000${r.matchName}`, { ecosystem: r.ecosystem, name: r.matchName }]));
  const advisories = await advisoriesFor(pairs);
  const desired = new Map<string, Desired>();
  for (const r of withEco) {
    const scheme = schemeOf(r.ecosystem);
    for (const a of advisories.get(`${r.ecosystem}\u0000${r.matchName}`) ?? []) {
      const hit = matchAdvisory(scheme, r.matchVersion, a);
      if (!hit) continue;
      const key = `${r.device_id}\u0000${a.cve_id}\u0000${r.name}`;
      const prev = desired.get(key);
      if (!prev) {
        const bySource = r.matchName !== r.name || r.matchVersion !== r.version;
        desired.set(key, { partnerId: r.partner_id, orgId: r.org_id, deviceId: r.device_id, cveId: a.cve_id, ecosystem: r.ecosystem, packageName: r.name, installedVersion: r.version, sourceName: bySource ? r.matchName : null, sourceVersion: bySource ? r.matchVersion : null, fixedVersion: hit.fixedVersion, advisoryIds: [a.advisory_id], severity: a.severity, cvssScore: a.cvss_score, summary: a.summary });
        continue;
      }
      // Several advisories name the same CVE (a DSA and the per-CVE record): the fix that
      // satisfies all of them is the highest, the severity the worst.
      if (!prev.advisoryIds.includes(a.advisory_id)) prev.advisoryIds.push(a.advisory_id);
      if (hit.fixedVersion === null || prev.fixedVersion === null) prev.fixedVersion = prev.fixedVersion ?? hit.fixedVersion;
      else if (compareVersions(scheme, hit.fixedVersion, prev.fixedVersion) > 0) prev.fixedVersion = hit.fixedVersion;
      if (RANK[a.severity] > RANK[prev.severity]) prev.severity = a.severity;
      if (a.cvss_score !== null && (prev.cvssScore === null || a.cvss_score > prev.cvssScore)) prev.cvssScore = a.cvss_score;
      prev.summary ??= a.summary;
    }
  }
  await fillSeverityFromOtherRecords(desired);
  return desired;
}

/**
 * A distribution's record often carries no severity (Debian's DSAs do not) while another record
 * of the same CVE does (Alpine's, GitHub's): a CVE is as severe wherever it is found.
 */
async function fillSeverityFromOtherRecords(desired: Map<string, Desired>) {
  const unknown = [...new Set([...desired.values()].filter((d) => d.severity === 'unknown' || d.cvssScore === null).map((d) => d.cveId))];
  if (!unknown.length) return;
  const rows = await db.$queryRaw<{ cve_id: string; severity: Severity; cvss: number | null }[]>`
    select cve_id, min(severity)::text as severity, max(cvss_score) as cvss from vulnerability_advisories
    where cve_id = any(${unknown}::text[]) and severity <> 'unknown' group by cve_id`;
  const byCve = new Map(rows.map((r) => [r.cve_id, r]));
  for (const d of desired.values()) {
    const other = byCve.get(d.cveId);
    if (!other) continue;
    if (d.severity === 'unknown') d.severity = other.severity;
    d.cvssScore ??= other.cvss;
  }
}

/** Brings the findings of `scope` (these devices, optionally only these package names) in line with `desired`. */
export async function applyFindings(desired: Map<string, Desired>, scope: { deviceIds: string[]; packageNames?: string[] }): Promise<{ upserted: number; resolved: number }> {
  if (scope.deviceIds.length === 0) return { upserted: 0, resolved: 0 };
  const existing = await db.$queryRaw<{ id: string; device_id: string; cve_id: string; package_name: string; status: string; installed_version: string; source_name: string | null; source_version: string | null; fixed_version: string | null; org_id: string; severity: string; cvss_score: number | null; advisory_ids: string[] }[]>`
    select id, device_id, cve_id, package_name, status::text as status, installed_version, source_name, source_version, fixed_version, org_id, severity::text as severity, cvss_score, advisory_ids
    from vulnerability_findings
    where device_id = any(${scope.deviceIds}::uuid[]) ${scope.packageNames ? Prisma.sql`and package_name = any(${scope.packageNames}::text[])` : Prisma.empty}`;
  const seen = new Map(existing.map((f) => [`${f.device_id}\u0000${f.cve_id}\u0000${f.package_name}`, f]));
  const changed = [...desired.entries()].filter(([key, d]) => {
    const f = seen.get(key);
    return !f || f.status === 'resolved' || f.installed_version !== d.installedVersion || f.source_name !== d.sourceName || f.source_version !== d.sourceVersion || f.fixed_version !== d.fixedVersion || f.org_id !== d.orgId || f.severity !== d.severity || f.cvss_score !== d.cvssScore || f.advisory_ids.join(',') !== d.advisoryIds.join(',');
  }).map(([, d]) => d);
  const stale = existing.filter((f) => f.status !== 'resolved' && !desired.has(`${f.device_id}\u0000${f.cve_id}\u0000${f.package_name}`)).map((f) => f.id);
  for (let i = 0; i < changed.length; i += 5000) await upsertFindings(changed.slice(i, i + 5000));
  if (stale.length) {
    await db.$executeRaw`update vulnerability_findings set status = 'resolved', resolved_at = now(), updated_at = now() where id = any(${stale}::uuid[])`;
  }
  return { upserted: changed.length, resolved: stale.length };
}

async function upsertFindings(batch: Desired[]) {
  if (!batch.length) return;
  const col = <K extends keyof Desired>(k: K) => batch.map((d) => d[k]);
  // The batch's CVE ids and package names join the names the search matches first
  // (finding-scope-sql.ts), in the same statement: no finding is ever visible without its names.
  // In key order, so two recomputations adding the same new names wait for each other in one
  // order and never deadlock.
  const names = (k: 'cveId' | 'packageName') => [...new Set(col(k))];
  await db.$executeRaw`
    with names as (
      insert into vulnerability_finding_names (kind, name)
      select n.kind, n.name from (select 'cve' as kind, unnest(${names('cveId')}::text[]) as name
        union all select 'package', unnest(${names('packageName')}::text[])) n
      order by n.kind, n.name
      on conflict do nothing
    )
    insert into vulnerability_findings (id, partner_id, org_id, device_id, cve_id, ecosystem, package_name, installed_version, source_name, source_version, fixed_version, advisory_ids, severity, cvss_score, summary, status, updated_at)
    select gen_random_uuid(), t.partner_id, t.org_id, t.device_id, t.cve_id, t.ecosystem, t.package_name, t.installed_version, t.source_name, t.source_version, t.fixed_version,
      string_to_array(t.advisory_ids, ' '), t.severity::"VulnerabilitySeverity", t.cvss_score, t.summary, 'open', now()
    from unnest(${col('partnerId')}::uuid[], ${col('orgId')}::uuid[], ${col('deviceId')}::uuid[], ${col('cveId')}::text[], ${col('ecosystem')}::text[], ${col('packageName')}::text[],
      ${col('installedVersion')}::text[], ${col('sourceName')}::text[], ${col('sourceVersion')}::text[], ${col('fixedVersion')}::text[], ${batch.map((d) => d.advisoryIds.join(' '))}::text[], ${col('severity')}::text[], ${col('cvssScore')}::float8[], ${col('summary')}::text[])
      as t(partner_id, org_id, device_id, cve_id, ecosystem, package_name, installed_version, source_name, source_version, fixed_version, advisory_ids, severity, cvss_score, summary)
    on conflict (device_id, cve_id, package_name) do update set
      partner_id = excluded.partner_id, org_id = excluded.org_id, ecosystem = excluded.ecosystem, installed_version = excluded.installed_version,
      source_name = excluded.source_name, source_version = excluded.source_version,
      fixed_version = excluded.fixed_version, advisory_ids = excluded.advisory_ids, severity = excluded.severity, cvss_score = excluded.cvss_score, summary = excluded.summary,
      status = case when vulnerability_findings.status = 'resolved' then 'open'::"VulnerabilityFindingStatus" else vulnerability_findings.status end,
      first_seen_at = case when vulnerability_findings.status = 'resolved' then now() else vulnerability_findings.first_seen_at end,
      accepted_reason = case when vulnerability_findings.status = 'resolved' then null else vulnerability_findings.accepted_reason end,
      accepted_until = case when vulnerability_findings.status = 'resolved' then null else vulnerability_findings.accepted_until end,
      mitigation_note = case when vulnerability_findings.status = 'resolved' then null else vulnerability_findings.mitigation_note end,
      resolved_at = null, updated_at = now()`;
}

/** Every package of these devices (their inventory changed, or they moved). */
export async function recomputeDevices(deviceIds: string[]) {
  const rows = await db.$queryRaw<SoftwareRow[]>`select ${SOFTWARE_COLUMNS} from ${SOFTWARE_FROM} where s.device_id = any(${deviceIds}::uuid[]) and d.status <> 'decommissioned'`;
  return applyFindings(await desiredFindings(rows), { deviceIds });
}

/** Devices read per page when a feed change touches packages across the fleet (a few of their packages each). */
const DEVICES_PER_PAGE = 2000;

/**
 * These package names on every device having them (a feed changed their advisories), a page of
 * software rows at a time in device order, so memory stays bounded whatever the fleet's size.
 * A name is a binary package's own or its source package's; each row found is matched in full,
 * and the findings brought in line are those of the names and of the binaries found.
 * The devices are listed once, then read back page by page as a range of device ids: the
 * (name, device_id) indexes then read only that page's entries, where a "next page after this
 * device" query would scan every remaining row again for each page.
 */
export async function recomputePackages(names: string[]) {
  const total = { upserted: 0, resolved: 0 };
  // Two index-only scans of the (name, device_id) and (source_name, device_id) indexes: as one
  // OR they became a bitmap scan reading a heap page per row (30,000 pages for 200 names at
  // 10,000 devices, most of a job's time).
  const devices = await db.$queryRaw<{ device_id: string }[]>`
    select s.device_id from device_software s where s.name = any(${names}::text[])
    union
    select s.device_id from device_software s where s.source_name = any(${names}::text[])
    order by 1`;
  for (let i = 0; i < devices.length; i += DEVICES_PER_PAGE) {
    const ids = devices.slice(i, i + DEVICES_PER_PAGE).map((d) => d.device_id);
    const rows = await db.$queryRaw<SoftwareRow[]>`
      select ${SOFTWARE_COLUMNS} from ${SOFTWARE_FROM}
      where (s.name = any(${names}::text[]) or s.source_name = any(${names}::text[]))
        and s.device_id between ${ids[0]}::uuid and ${ids[ids.length - 1]}::uuid and d.status <> 'decommissioned'`;
    const packageNames = [...new Set([...names, ...rows.map((r) => r.name)])];
    const r = await applyFindings(await desiredFindings(rows), { deviceIds: ids, packageNames });
    total.upserted += r.upserted;
    total.resolved += r.resolved;
  }
  return total;
}
