// Parsers of the package managers' update listings, kept pure so they are tested on real output.

export type PatchSeverity = 'critical' | 'important' | 'moderate' | 'low' | 'unknown';

export interface AvailableUpdate {
  name: string;
  installedVersion: string;
  version: string;
  architecture?: string;
  /** Where the distribution published it: apt's "Origin:version/suite" list, dnf's repository. */
  origin?: string;
  severity: PatchSeverity;
  cveIds: string[];
}

// `apt-get -s dist-upgrade` under LANG=C prints one line per package it would upgrade:
//   Inst libssl3 [3.0.11-1~deb12u1] (3.0.15-1~deb12u1 Debian-Security:12/oldstable-security [amd64])
// A package newly pulled in as a dependency has no [installed] part and is not an update.
const APT_INST = /^Inst (\S+) \[([^\]]+)\] \((\S+) (.*?)\s*\[([^\]]+)\]\)/;

/** Debian and Ubuntu publish security fixes in their own suite: those rank important. */
export function aptSeverity(origin: string): PatchSeverity {
  return /security/i.test(origin) ? 'important' : 'low';
}

export function parseAptSimulation(output: string): AvailableUpdate[] {
  const updates: AvailableUpdate[] = [];
  for (const line of output.split('\n')) {
    const m = APT_INST.exec(line.trim());
    if (!m) continue;
    const [, name, installedVersion, version, origin, architecture] = m;
    updates.push({ name, installedVersion, version, architecture, origin: origin.trim() || undefined, severity: aptSeverity(origin), cveIds: [] });
  }
  return updates;
}

// `dnf check-update` (exit 100 when updates exist): "name.arch  epoch:version-release  repo",
// after a metadata banner; a long name wraps its columns onto the next line.
export function parseDnfCheckUpdate(output: string, installed: Map<string, string>): AvailableUpdate[] {
  const tokens: string[][] = [];
  let pending: string[] = [];
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (!line || /^(Last metadata|Obsoleting Packages|Security:)/i.test(line)) continue;
    pending.push(...line.split(/\s+/));
    if (pending.length >= 3) {
      tokens.push(pending.slice(0, 3));
      pending = [];
    }
  }
  const updates: AvailableUpdate[] = [];
  for (const [nameArch, version, repo] of tokens) {
    const dot = nameArch.lastIndexOf('.');
    if (dot <= 0 || !/\d/.test(version)) continue;
    const name = nameArch.slice(0, dot);
    updates.push({ name, architecture: nameArch.slice(dot + 1), installedVersion: installed.get(name) ?? '', version, origin: repo, severity: 'unknown', cveIds: [] });
  }
  return updates;
}

// `dnf updateinfo list --security` lines: "FEDORA-2024-1234 Important/Sec. openssl-3.2.1-2.fc40.x86_64"
// or "RHSA-2024:1234 Important/Sec. …". Gives each package's advisory severity.
export function parseDnfUpdateInfo(output: string): Map<string, PatchSeverity> {
  const out = new Map<string, PatchSeverity>();
  for (const line of output.split('\n')) {
    const m = /^\S+\s+(Critical|Important|Moderate|Low)\/Sec\.\s+(\S+)$/i.exec(line.trim());
    if (!m) continue;
    const nevra = m[2].replace(/\.[^.]+$/, '');
    const name = nevra.replace(/-[^-]+-[^-]+$/, '');
    out.set(name, m[1].toLowerCase() as PatchSeverity);
  }
  return out;
}

/** CVE ids mentioned in a text (changelog, advisory), unique and in order. */
export function cveIdsIn(text: string): string[] {
  return [...new Set(text.match(/CVE-\d{4}-\d{4,7}/g) ?? [])].slice(0, 100);
}
