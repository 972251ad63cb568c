// serviceTested: the latest version the operator recorded has passed a smoke test. Stored (so the
// list filters on it) and recomputed on every write of latestVersion or testedVersion.
import { versionMatches } from '@/lib/third-party-catalog/version-match';

export function isServiceTested(latestVersion: string | null, testedVersion: string | null): boolean {
  return latestVersion !== null && testedVersion !== null && versionMatches(testedVersion, latestVersion);
}
