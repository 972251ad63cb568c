// OSV records (https://ossf.github.io/osv-schema/) as advisory rows: one per CVE, ecosystem and
// affected package, with the record's ECOSYSTEM/SEMVER range events kept in order for the
// matcher. A document is one record, an array of records, or an osv.dev query answer
// (`{ vulns: [...] }`). Withdrawn records, GIT ranges and ecosystems we cannot order are left out.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { cvss3BaseScore, ratingOf, type Severity } from './cvss';
import { normalizeEcosystem } from './ecosystems';

const ZEvent = z.object({ introduced: z.string().optional(), fixed: z.string().optional(), last_affected: z.string().optional(), limit: z.string().optional() }).passthrough();
const ZRecord = z
  .object({
    id: z.string().min(1).max(128),
    modified: z.string().optional(),
    published: z.string().optional(),
    withdrawn: z.string().optional(),
    aliases: z.array(z.string()).optional(),
    upstream: z.array(z.string()).optional(),
    related: z.array(z.string()).optional(),
    summary: z.string().optional(),
    details: z.string().optional(),
    severity: z.array(z.object({ type: z.string(), score: z.string() }).passthrough()).optional(),
    database_specific: z.record(z.string(), z.unknown()).optional(),
    affected: z
      .array(
        z
          .object({
            package: z.object({ ecosystem: z.string(), name: z.string().min(1).max(255) }).passthrough().optional(),
            ranges: z.array(z.object({ type: z.string(), events: z.array(ZEvent) }).passthrough()).optional(),
            versions: z.array(z.string()).optional(),
            severity: z.array(z.object({ type: z.string(), score: z.string() }).passthrough()).optional(),
            ecosystem_specific: z.record(z.string(), z.unknown()).optional(),
            database_specific: z.record(z.string(), z.unknown()).optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

export type OsvEvent = { introduced?: string; fixed?: string; last_affected?: string };

export interface AdvisoryRow {
  advisoryId: string;
  cveId: string;
  ecosystem: string;
  packageName: string;
  ranges: OsvEvent[][];
  versions: string[];
  severity: Severity;
  cvssScore: number | null;
  summary: string | null;
  publishedAt: Date | null;
  modifiedAt: Date | null;
  contentHash: string;
}

const CVE = /^CVE-\d{4}-\d{4,}$/;
const WORDS: Record<string, Severity> = { critical: 'critical', high: 'high', important: 'high', moderate: 'medium', medium: 'medium', low: 'low', negligible: 'low', unimportant: 'low' };

/** The CVE an identifier names: itself, or a distribution's per-CVE record (DEBIAN-CVE-…, UBUNTU-CVE-…, ALPINE-CVE-…). */
const cveNamedBy = (id: string) => (CVE.test(id) ? id : (/^[A-Z]+-(CVE-\d{4}-\d{4,})$/.exec(id)?.[1] ?? null));
const cvesIn = (ids: string[] | undefined) => [...new Set((ids ?? []).map(cveNamedBy).filter((c): c is string => c !== null))];
// A distribution's fix notice (DSA, DLA, DTSA, USN, ELA; Red Hat's RHSA, AlmaLinux's ALSA, Rocky
// Linux's RLSA) whose CVEs are listed only as related: how such records named them before the
// schema's `upstream` field.
const NOTICE = /^(DSA|DLA|DTSA|USN|ELA|RHSA|ALSA|RLSA)-/;

function cvesOf(r: z.infer<typeof ZRecord>): string[] {
  const own = cveNamedBy(r.id);
  if (own) return [own];
  // A notice's `upstream` names the CVEs it fixes, directly or through the distribution's own
  // per-CVE record (a USN lists UBUNTU-CVE-2024-6387, a DSA CVE-… or DEBIAN-CVE-…).
  const named = cvesIn([...(r.aliases ?? []), ...(r.upstream ?? [])]);
  if (named.length) return named;
  const related = NOTICE.test(r.id) ? cvesIn(r.related) : [];
  return related.length ? related : [r.id];
}

function severityOf(lists: ({ type: string; score: string }[] | undefined)[], words: unknown[]): { severity: Severity; cvssScore: number | null } {
  for (const list of lists) {
    for (const s of list ?? []) {
      const score = s.type.startsWith('CVSS_V3') ? cvss3BaseScore(s.score) : null;
      if (score !== null) return { severity: ratingOf(score), cvssScore: score };
      if (s.type === 'Ubuntu' && WORDS[s.score.toLowerCase()]) return { severity: WORDS[s.score.toLowerCase()], cvssScore: null };
    }
  }
  for (const w of words) if (typeof w === 'string' && WORDS[w.toLowerCase()]) return { severity: WORDS[w.toLowerCase()], cvssScore: null };
  return { severity: 'unknown', cvssScore: null };
}

const dateOf = (s?: string) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);
const cut = (s: string | undefined, n: number) => (s ? s.slice(0, n) : null);

export function recordsOf(doc: unknown): unknown[] {
  if (Array.isArray(doc)) return doc;
  if (doc && typeof doc === 'object' && Array.isArray((doc as { vulns?: unknown }).vulns)) return (doc as { vulns: unknown[] }).vulns;
  return [doc];
}

/** The row's identity within its feed (its unique key). */
export const advisoryKey = (r: { advisoryId: string; cveId: string; ecosystem: string; packageName: string }) => `${r.advisoryId}\u0000${r.cveId}\u0000${r.ecosystem}\u0000${r.packageName}`;

const hashOf = (r: Omit<AdvisoryRow, 'contentHash'>) => createHash('sha256').update(JSON.stringify(r)).digest('hex');

/** Two rows of one key (a package listed twice, in one record or two): both range groups kept. */
export function mergeAdvisoryRows(prev: AdvisoryRow, next: AdvisoryRow): AdvisoryRow {
  const { contentHash: _a, ...base } = next;
  void _a;
  const merged = { ...base, ranges: [...prev.ranges, ...next.ranges], versions: [...prev.versions, ...next.versions] };
  return { ...merged, contentHash: hashOf(merged) };
}

/** The advisory rows of one OSV record, or null when it is malformed (a withdrawn record has none). */
export function advisoryRowsOf(raw: unknown): AdvisoryRow[] | null {
  const parsed = ZRecord.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  if (r.withdrawn) return [];
  const rows = new Map<string, AdvisoryRow>();
  const cves = cvesOf(r);
  for (const a of r.affected ?? []) {
    const ecosystem = a.package ? normalizeEcosystem(a.package.ecosystem) : null;
    if (!ecosystem || !a.package) continue;
    const ranges = (a.ranges ?? [])
      .filter((g) => g.type === 'ECOSYSTEM' || g.type === 'SEMVER')
      .map((g) => g.events.flatMap((e): OsvEvent[] => (e.introduced !== undefined ? [{ introduced: e.introduced }] : e.fixed !== undefined ? [{ fixed: e.fixed }] : e.last_affected !== undefined ? [{ last_affected: e.last_affected }] : [])));
    const versions = (a.versions ?? []).slice(0, 5000);
    if (!ranges.length && !versions.length) continue;
    const sev = severityOf([a.severity, r.severity], [a.ecosystem_specific?.severity, a.ecosystem_specific?.ubuntu_priority, a.database_specific?.severity, r.database_specific?.severity, a.ecosystem_specific?.urgency]);
    for (const cveId of cves) {
      const base = { advisoryId: r.id, cveId: cveId.slice(0, 128), ecosystem, packageName: a.package.name, ranges, versions, ...sev, summary: cut(r.summary ?? r.details, 1000), publishedAt: dateOf(r.published), modifiedAt: dateOf(r.modified) };
      const row = { ...base, contentHash: hashOf(base) };
      const key = advisoryKey(row);
      const prev = rows.get(key);
      rows.set(key, prev ? mergeAdvisoryRows(prev, row) : row);
    }
  }
  return [...rows.values()];
}

/** The advisory rows of an OSV document, and how many records were skipped as malformed. */
export function parseOsv(doc: unknown): { rows: AdvisoryRow[]; records: number; invalid: number } {
  const rows = new Map<string, AdvisoryRow>();
  let invalid = 0;
  const records = recordsOf(doc);
  for (const raw of records) {
    const own = advisoryRowsOf(raw);
    if (!own) {
      invalid++;
      continue;
    }
    for (const row of own) {
      const key = advisoryKey(row);
      const prev = rows.get(key);
      rows.set(key, prev ? mergeAdvisoryRows(prev, row) : row);
    }
  }
  return { rows: [...rows.values()], records: records.length, invalid };
}
