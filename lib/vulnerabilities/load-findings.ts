// Findings in scope as API rows (with the device's hostname, the KEV flag and the update a scan
// found for the package when it reaches the fixed version), a page at a time.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { FINDINGS_FROM } from './finding-scope-sql';
import { schemeOf } from './ecosystems';
import { compareVersions } from './versions';

interface Row {
  id: string;
  device_id: string;
  hostname: string | null;
  org_id: string;
  cve_id: string;
  ecosystem: string;
  package_name: string;
  installed_version: string;
  source_name: string | null;
  source_version: string | null;
  fixed_version: string | null;
  advisory_ids: string[];
  severity: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
  cvss_score: number | null;
  kev: boolean;
  status: 'open' | 'accepted' | 'mitigated' | 'resolved';
  accepted_reason: string | null;
  accepted_until: Date | null;
  mitigation_note: string | null;
  ticket_id: string | null;
  first_seen_at: Date;
  resolved_at: Date | null;
  total: number;
}

export interface FixingPatch {
  patchId: string;
  version: string;
  status: string;
}

/** Per finding id: the scanned update of its package on its device that reaches the fixed version. */
export async function fixingPatches(findings: { id: string; deviceId: string; packageName: string; ecosystem: string; fixedVersion: string | null }[]): Promise<Map<string, FixingPatch>> {
  const out = new Map<string, FixingPatch>();
  const fixable = findings.filter((f) => f.fixedVersion !== null);
  if (!fixable.length) return out;
  const patches = await db.$queryRaw<{ device_id: string; name: string; patch_id: string; version: string; status: string }[]>`
    select dp.device_id, p.name, p.id as patch_id, p.version, dp.status::text as status
    from device_patches dp join patches p on p.id = dp.patch_id
    where dp.device_id = any(${[...new Set(fixable.map((f) => f.deviceId))]}::uuid[]) and p.name = any(${[...new Set(fixable.map((f) => f.packageName))]}::text[])
      and p.source = 'linux' and dp.status in ('available', 'failed', 'installing')`;
  for (const f of fixable) {
    const scheme = schemeOf(f.ecosystem);
    const candidates = patches.filter((p) => p.device_id === f.deviceId && p.name === f.packageName && compareVersions(scheme, p.version, f.fixedVersion!) >= 0);
    candidates.sort((a, b) => compareVersions(scheme, b.version, a.version));
    if (candidates[0]) out.set(f.id, { patchId: candidates[0].patch_id, version: candidates[0].version, status: candidates[0].status });
  }
  return out;
}

export async function loadFindings(where: Prisma.Sql, page: { limit: number; offset: number }) {
  const rows = await db.$queryRaw<Row[]>`
    select f.id, f.device_id, d.hostname, f.org_id, f.cve_id, f.ecosystem, f.package_name, f.installed_version, f.source_name, f.source_version, f.fixed_version, f.advisory_ids,
      f.severity::text as severity, f.cvss_score, exists (select 1 from known_exploited_vulnerabilities k where k.cve_id = f.cve_id) as kev,
      f.status::text as status, f.accepted_reason, f.accepted_until, f.mitigation_note, f.ticket_id, f.first_seen_at, f.resolved_at, count(*) over ()::int as total
    from ${FINDINGS_FROM} where ${where}
    order by f.severity asc, d.hostname asc, f.cve_id asc, f.id asc
    limit ${page.limit} offset ${page.offset}`;
  const patches = await fixingPatches(rows.map((r) => ({ id: r.id, deviceId: r.device_id, packageName: r.package_name, ecosystem: r.ecosystem, fixedVersion: r.fixed_version })));
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      hostname: r.hostname,
      orgId: r.org_id,
      cveId: r.cve_id,
      ecosystem: r.ecosystem,
      packageName: r.package_name,
      installedVersion: r.installed_version,
      sourcePackage: r.source_name,
      sourceVersion: r.source_version,
      fixedVersion: r.fixed_version,
      advisoryIds: r.advisory_ids,
      severity: r.severity,
      cvssScore: r.cvss_score,
      knownExploited: r.kev,
      status: r.status,
      acceptedReason: r.accepted_reason,
      acceptedUntil: r.accepted_until?.toISOString() ?? null,
      mitigationNote: r.mitigation_note,
      ticketId: r.ticket_id,
      patch: patches.get(r.id) ?? null,
      firstSeenAt: r.first_seen_at.toISOString(),
      resolvedAt: r.resolved_at?.toISOString() ?? null,
    })),
  };
}
