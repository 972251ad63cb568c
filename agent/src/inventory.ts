// The Linux inventory: hardware (CPU, memory, DMI), OS, filesystems, network interfaces and the
// installed packages (dpkg, apk or rpm when present). The whole upload, with the
// management-posture scan, is put together for every OS in os/index.ts.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dmi, osRelease, osType, architecture, run } from './system-info';
import { filesystems, memory } from './metrics';
import type { SystemInventory } from './os/types';

export interface Software {
  name: string;
  version?: string;
  publisher?: string;
  source: string;
  installedAt?: string;
  /**
   * The source package a binary package was built from, and its version, when they differ from
   * the binary's (dpkg's `source:Package`/`source:Version`, apk's origin, the file name of rpm's
   * SOURCERPM): distribution security advisories name source packages and their versions
   * (libssl3 is fixed in openssl's update).
   */
  sourceName?: string;
  sourceVersion?: string;
}

const MAX_PACKAGES = 20_000;
const cut = (s: string | undefined, n: number) => (s ? s.slice(0, n) : undefined);

// The list replaces the stored one, so a listing that failed (a busy box hitting the timeout,
// or dpkg in the middle of an install rewriting its database) is retried a few times, and when
// it keeps failing the inventory is not sent at all: an empty list would wipe the device's
// software on the server (and with it its vulnerability findings) until the next inventory.
const RETRY_DELAYS_MS = [500, 1_500, 3_000];

async function listPackages(cmd: string, args: string[]): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const out = await run(cmd, args, attempt === 0 ? 30_000 : 60_000);
    if (out !== null) return out;
    if (attempt >= RETRY_DELAYS_MS.length) throw new Error(`${cmd} failed ${attempt + 1} times: the package list is not sent, the stored one stays`);
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
  }
}

/** Source name and version, each only when it differs from the binary package's own. */
function sourceOf(name: string, version: string | undefined, sourceName: string | undefined, sourceVersion: string | undefined): Pick<Software, 'sourceName' | 'sourceVersion'> {
  const out: Pick<Software, 'sourceName' | 'sourceVersion'> = {};
  if (sourceName && sourceName !== name) out.sourceName = cut(sourceName, 500);
  if (sourceVersion && sourceVersion !== version) out.sourceVersion = cut(sourceVersion, 200);
  return out;
}

/**
 * Alpine's installed database (/lib/apk/db/installed): one stanza per package, separated by a
 * blank line, with one-letter keys (P name, V version, o origin: the source package, m maintainer,
 * t build time). Read directly: it is the file `apk` itself reads, and needs no lock.
 */
export function parseApkInstalled(text: string): Software[] {
  const out: Software[] = [];
  for (const stanza of text.split(/\n\s*\n/)) {
    const field: Record<string, string> = {};
    for (const line of stanza.split('\n')) if (line[1] === ':') field[line[0]] ??= line.slice(2);
    if (!field.P) continue;
    out.push({ name: cut(field.P, 500)!, version: cut(field.V, 200), publisher: cut(field.m, 500), source: 'apk', ...sourceOf(field.P, field.V, field.o, undefined) });
  }
  return out;
}

const APK_INSTALLED = '/lib/apk/db/installed';

/**
 * Name, [epoch:]version-release (the epoch only when the package has one, as dpkg prints it and
 * as distribution advisories write fixed versions), vendor, install time and the source RPM's
 * file name, tab-separated, one package a line.
 */
export const RPM_QUERY_FORMAT = '%{NAME}\t%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}\t%{VENDOR}\t%{INSTALLTIME}\t%{SOURCERPM}\n';

/**
 * A source RPM's file name (`openssl-3.0.7-27.el9.src.rpm`) as name and version-release: the
 * release and the version are the last two dash-separated fields (neither may contain a dash),
 * the name is the rest. Null for `(none)` (gpg-pubkey) or anything not shaped like one.
 */
export function parseSourceRpm(file: string | undefined): { name: string; version: string } | null {
  const m = /^(.+)-([^-]+)-([^-]+)\.(?:no)?src\.rpm$/.exec(file?.trim() ?? '');
  return m ? { name: m[1], version: `${m[2]}-${m[3]}` } : null;
}

/** `rpm -qa --queryformat RPM_QUERY_FORMAT` output as packages, each with its source package. */
export function parseRpmQuery(text: string): Software[] {
  return text
    .split('\n')
    .map((l) => l.split('\t'))
    .filter(([name]) => name)
    .map(([name, version, vendor, installed, sourceRpm]) => {
      const src = parseSourceRpm(sourceRpm);
      // A binary and its source package share the epoch; the file name of the source RPM has none.
      const epoch = /^(\d+):/.exec(version ?? '')?.[0] ?? '';
      return {
        name: cut(name, 500)!,
        version: cut(version, 200),
        publisher: vendor && vendor !== '(none)' ? cut(vendor, 500) : undefined,
        source: 'rpm',
        installedAt: Number(installed) > 0 ? new Date(Number(installed) * 1000).toISOString() : undefined,
        ...(src ? sourceOf(name, version, src.name, `${epoch}${src.version}`) : {}),
      };
    });
}

/** Packages of dpkg, apk or rpm, whichever this Linux has (none found: an empty list). */
export async function installedSoftware(): Promise<Software[]> {
  const dpkg = existsSync('/usr/bin/dpkg-query') ? await listPackages('dpkg-query', ['-W', '-f=${Package}\t${Version}\t${Maintainer}\t${db:Status-Abbrev}\t${source:Package}\t${source:Version}\n']) : null;
  if (dpkg !== null) {
    return dpkg
      .split('\n')
      .map((l) => l.split('\t'))
      .filter(([name, , , status]) => name && (status ?? 'ii').startsWith('ii'))
      .slice(0, MAX_PACKAGES)
      .map(([name, version, maintainer, , sourceName, sourceVersion]) => ({ name: cut(name, 500)!, version: cut(version, 200), publisher: cut(maintainer, 500), source: 'dpkg', ...sourceOf(name, version, sourceName, sourceVersion) }));
  }
  if (existsSync(APK_INSTALLED)) return parseApkInstalled(readFileSync(APK_INSTALLED, 'utf8')).slice(0, MAX_PACKAGES);
  const rpm = existsSync('/usr/bin/rpm') ? await listPackages('rpm', ['-qa', '--queryformat', RPM_QUERY_FORMAT]) : null;
  if (rpm !== null) return parseRpmQuery(rpm).slice(0, MAX_PACKAGES);
  return [];
}

/** The machine as Linux describes it: os.cpus, /proc/meminfo, DMI, os-release, mounts, interfaces. */
export async function linuxSystemInventory(): Promise<SystemInventory> {
  const cpus = os.cpus();
  const rel = osRelease();
  const nets = os.networkInterfaces();
  return {
    hardware: {
      cpuModel: cpus[0]?.model?.trim() ?? null,
      cpuCores: cpus.length,
      memoryBytes: memory().totalBytes,
      manufacturer: dmi('sys_vendor') ?? null,
      model: dmi('product_name') ?? null,
      serialNumber: dmi('product_serial') ?? null,
      boardVendor: dmi('board_vendor') ?? null,
      biosVersion: dmi('bios_version') ?? null,
      biosDate: dmi('bios_date') ?? null,
    },
    os: {
      type: osType(),
      name: rel.NAME ?? os.type(),
      version: rel.VERSION_ID ?? os.release(),
      prettyName: rel.PRETTY_NAME ?? null,
      kernel: os.release(),
      architecture: architecture(),
      hostname: os.hostname(),
      uptimeSeconds: Math.round(os.uptime()),
    },
    disks: filesystems().map((d) => ({ mount: d.mount, device: d.device || undefined, fsType: d.fsType || undefined, totalBytes: d.totalBytes, usedBytes: d.usedBytes })),
    network: Object.entries(nets)
      .filter(([, addrs]) => addrs && addrs.some((a) => !a.internal))
      .map(([name, addrs]) => ({
        name,
        mac: addrs!.find((a) => a.mac && a.mac !== '00:00:00:00:00:00')?.mac,
        ipv4: addrs!.filter((a) => a.family === 'IPv4').map((a) => a.address),
        ipv6: addrs!.filter((a) => a.family === 'IPv6').map((a) => a.address),
      })),
  };
}
