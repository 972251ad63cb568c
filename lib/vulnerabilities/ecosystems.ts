// OSV ecosystems, normalised once so a device's packages and an advisory meet on one key:
// "Debian:12" → "debian:12", "Ubuntu:22.04:LTS" / "Ubuntu:Pro:22.04:LTS" → "ubuntu:22.04",
// "Alpine:v3.19" → "alpine:v3.19", "Red Hat:enterprise_linux:9::baseos" → "redhat:9",
// "AlmaLinux:9" → "almalinux:9", "Rocky Linux:9" → "rocky:9", "npm" → "npm" (RPM distributions by
// major release: their minor releases are one stream of updates). The scheme says how its
// versions order.
import type { VersionScheme } from './versions';

export function normalizeEcosystem(raw: string): string | null {
  const parts = raw.trim().split(':').filter((p) => p !== 'Pro' && p !== 'LTS' && p !== 'FIPS');
  const base = parts[0]?.toLowerCase();
  if (base === 'debian' && /^\d+$/.test(parts[1] ?? '')) return `debian:${parts[1]}`;
  if (base === 'ubuntu' && /^\d+\.\d+$/.test(parts[1] ?? '')) return `ubuntu:${parts[1]}`;
  if (base === 'alpine' && /^v\d+\.\d+$/.test(parts[1] ?? '')) return `alpine:${parts[1]}`;
  if (base === 'npm' && parts.length === 1) return 'npm';
  // Red Hat's records name a product stream; only the main one (not the extended-support or
  // SAP streams, whose fixed versions belong to their own release trains).
  if (base === 'red hat' && parts[1] === 'enterprise_linux' && /^\d+$/.test(parts[2] ?? '')) return `redhat:${parts[2]}`;
  if (base === 'almalinux' && /^\d+$/.test(parts[1] ?? '')) return `almalinux:${parts[1]}`;
  if (base === 'rocky linux' && /^\d+$/.test(parts[1] ?? '')) return `rocky:${parts[1]}`;
  return null;
}

const RPM_ECOSYSTEMS = /^(redhat|almalinux|rocky):/;

export function schemeOf(ecosystem: string): VersionScheme {
  return ecosystem.startsWith('alpine:') ? 'apk' : ecosystem === 'npm' ? 'semver' : RPM_ECOSYSTEMS.test(ecosystem) ? 'rpm' : 'dpkg';
}

/**
 * The ecosystem of a device's package: its package manager (the inventory's `source`) and the
 * operating system the agent read from os-release (`name`, `version`). Null: not matched.
 */
export function deviceEcosystem(source: string | null, os: { name?: unknown; version?: unknown } | null): string | null {
  const name = typeof os?.name === 'string' ? os.name.toLowerCase() : '';
  const version = typeof os?.version === 'string' ? os.version : '';
  if (source === 'npm') return 'npm';
  if (source === 'dpkg' || source === null) {
    if (name.startsWith('debian')) return /^\d+/.test(version) ? `debian:${/^\d+/.exec(version)![0]}` : null;
    if (name.startsWith('ubuntu')) return /^\d+\.\d+/.test(version) ? `ubuntu:${/^\d+\.\d+/.exec(version)![0]}` : null;
  }
  if ((source === 'apk' || source === null) && name.startsWith('alpine')) {
    const m = /^(\d+)\.(\d+)/.exec(version);
    return m ? `alpine:v${m[1]}.${m[2]}` : null;
  }
  if (source === 'rpm' || source === null) {
    const major = /^\d+/.exec(version)?.[0];
    if (!major) return null;
    if (name.startsWith('red hat enterprise linux')) return `redhat:${major}`;
    if (name.startsWith('almalinux')) return `almalinux:${major}`;
    if (name.startsWith('rocky linux')) return `rocky:${major}`;
  }
  return null;
}
