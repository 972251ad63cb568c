// Agent release versions are Semantic Versions 2.0.0 (https://semver.org), ordered and validated
// by the `semver` package: numeric pre-release identifiers compare as numbers (rc.9 < rc.10) and
// build metadata has no precedence (1.2.0+build.5 ranks equal to 1.2.0).
import semver from 'semver';
import { z } from 'zod';

/** Longest version the registry stores (agent_versions.version is varchar(64)). */
export const MAX_RELEASE_VERSION_LENGTH = 64;

/** A plain semantic version as it is registered: `1.2.3`, `1.2.3-rc.1`, `1.2.3+build.7` (no `v` prefix). */
export function isReleaseVersion(version: string): boolean {
  return version.length <= MAX_RELEASE_VERSION_LENGTH && /^\d/.test(version) && semver.valid(version) !== null;
}

export const RELEASE_VERSION_MESSAGE = 'must be a semantic version such as 1.2.3 or 1.2.3-rc.1';

export const ZReleaseVersion = z
  .string()
  .trim()
  .min(1)
  .max(MAX_RELEASE_VERSION_LENGTH)
  .refine(isReleaseVersion, { message: `Agent version ${RELEASE_VERSION_MESSAGE}` })
  .describe('A semantic version (https://semver.org), e.g. 1.2.3 or 1.2.3-rc.1');

/**
 * Orders release versions by semantic-version precedence (a sort comparator: negative, 0,
 * positive). A string that is not a semantic version ranks below every valid one, so it is never
 * taken for the newest release; two such strings compare as text.
 */
export function compareReleaseVersions(a: string, b: string): number {
  const validA = isReleaseVersion(a);
  const validB = isReleaseVersion(b);
  if (validA && validB) return semver.compare(a, b);
  if (validA !== validB) return validA ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders registered releases oldest to newest: by version precedence, then (for versions that
 * differ only in build metadata) by registration time, so a rebuilt agent registered later wins.
 */
export function compareReleases(a: { version: string; releasedAt: Date }, b: { version: string; releasedAt: Date }): number {
  return compareReleaseVersions(a.version, b.version) || a.releasedAt.getTime() - b.releasedAt.getTime();
}
