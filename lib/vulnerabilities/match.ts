// Is an installed version affected by an advisory row, and which release fixes it? OSV's
// evaluation: a listed version is affected; otherwise each range's events, sorted by version,
// switch "affected" on at `introduced` (0 = the beginning) and off at `fixed` (or just past
// `last_affected`).
import { compareVersions, type VersionScheme } from './versions';
import type { OsvEvent } from './osv';

const versionOf = (e: OsvEvent) => e.introduced ?? e.fixed ?? e.last_affected ?? '0';

function inRange(scheme: VersionScheme, version: string, events: OsvEvent[]): boolean {
  const cmp = (a: string, b: string) => (a === '0' ? (b === '0' ? 0 : -1) : b === '0' ? 1 : compareVersions(scheme, a, b));
  const sorted = [...events].sort((a, b) => cmp(versionOf(a), versionOf(b)));
  let affected = false;
  for (const e of sorted) {
    if (e.introduced !== undefined && cmp(version, e.introduced) >= 0) affected = true;
    else if (e.fixed !== undefined && cmp(version, e.fixed) >= 0) affected = false;
    else if (e.last_affected !== undefined && cmp(version, e.last_affected) > 0) affected = false;
  }
  return affected;
}

/** Null when `version` is not affected; else the lowest fixed version above it (null inside: no fix published). */
export function matchAdvisory(scheme: VersionScheme, version: string, advisory: { ranges: OsvEvent[][]; versions: string[] }): { fixedVersion: string | null } | null {
  const listed = advisory.versions.some((v) => compareVersions(scheme, v, version) === 0);
  if (!listed && !advisory.ranges.some((r) => inRange(scheme, version, r))) return null;
  const fixes = advisory.ranges.flat().flatMap((e) => (e.fixed !== undefined && compareVersions(scheme, e.fixed, version) > 0 ? [e.fixed] : []));
  fixes.sort((a, b) => compareVersions(scheme, a, b));
  return { fixedVersion: fixes[0] ?? null };
}
