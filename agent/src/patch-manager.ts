// Patching on the machine's own package manager: refresh and list available updates, install
// exact versions, roll back to the previous version. apt (Debian, Ubuntu) and dnf (Fedora,
// RHEL family); other systems answer with a clear error. One patch operation runs at a time:
// apt and dnf hold exclusive locks, and a scheduled scan must not collide with an install.
//
// RMM_AGENT_APT_OPTIONS adds apt options to every apt call (e.g. `-o Dir::Etc::SourceList=…`
// to limit the refresh to some sources); tests use it so they never touch the machine's sources.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cveIdsIn, parseAptSimulation, parseDnfCheckUpdate, parseDnfUpdateInfo, type AvailableUpdate } from './patch-parse';

export interface PatchReport {
  manager: 'apt' | 'dnf';
  refreshed: boolean;
  refreshError?: string;
  updates: AvailableUpdate[];
}

export interface PackageTarget {
  patchId?: string;
  name: string;
  version: string;
}

export interface PackageOutcome extends PackageTarget {
  status: 'installed' | 'failed';
  installedVersion?: string;
  error?: string;
}

interface Exec {
  code: number;
  stdout: string;
  stderr: string;
}

const ENV = { ...process.env, LANG: 'C', LC_ALL: 'C', DEBIAN_FRONTEND: 'noninteractive' };

function exec(cmd: string, args: string[], timeoutMs: number): Promise<Exec> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: ENV }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) || (error && code === -1 ? error.message : '') });
    });
  });
}

let chain: Promise<unknown> = Promise.resolve();
/** Serializes package-manager operations (patching, software installs) in this process. */
export function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

export function packageManager(): 'apt' | 'dnf' | null {
  if (process.platform !== 'linux') return null;
  if (existsSync('/usr/bin/apt-get')) return 'apt';
  if (existsSync('/usr/bin/dnf')) return 'dnf';
  return null;
}

function unsupported(): Error {
  return new Error(
    process.platform === 'linux'
      ? 'Patching needs apt-get or dnf, and neither is installed on this device'
      : `Patching through the agent is supported on Linux (apt, dnf) only, not on ${process.platform}`,
  );
}

export const aptOptions = () => (process.env.RMM_AGENT_APT_OPTIONS ?? '').split(/\s+/).filter(Boolean);
const lastLines = (s: string) => s.trim().split('\n').slice(-5).join('\n').slice(0, 2000);

async function aptScan(): Promise<PatchReport> {
  const update = await exec('apt-get', [...aptOptions(), '-q', 'update'], 10 * 60_000);
  const sim = await exec('apt-get', [...aptOptions(), '-s', '-q', 'dist-upgrade'], 5 * 60_000);
  if (sim.code !== 0) throw new Error(`apt-get -s dist-upgrade failed: ${lastLines(sim.stderr || sim.stdout)}`);
  const updates = parseAptSimulation(sim.stdout);
  // Debian puts CVE ids in the changelog of security uploads; it needs the network for remote
  // packages, so only security updates are asked, with a short timeout each.
  for (const u of updates.filter((x) => x.severity === 'important').slice(0, 50)) {
    const log = await exec('apt-get', [...aptOptions(), '-q', 'changelog', `${u.name}=${u.version}`], 20_000);
    if (log.code === 0) u.cveIds = cveIdsIn(log.stdout.split(/\n(?=\S)/)[0] ?? '');
  }
  return { manager: 'apt', refreshed: update.code === 0, ...(update.code === 0 ? {} : { refreshError: lastLines(update.stderr || update.stdout) }), updates };
}

async function dnfScan(): Promise<PatchReport> {
  const list = await exec('rpm', ['-qa', '--queryformat', '%{NAME}\t%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}\n'], 60_000);
  const installed = new Map(list.stdout.split('\n').filter(Boolean).map((l) => l.split('\t') as [string, string]));
  const check = await exec('dnf', ['-q', 'check-update', '--refresh'], 10 * 60_000);
  // 100: updates available; 0: none.
  if (check.code !== 0 && check.code !== 100) throw new Error(`dnf check-update failed: ${lastLines(check.stderr || check.stdout)}`);
  const updates = parseDnfCheckUpdate(check.stdout, installed);
  const info = await exec('dnf', ['-q', 'updateinfo', 'list', '--security'], 5 * 60_000);
  const severities = info.code === 0 ? parseDnfUpdateInfo(info.stdout) : new Map();
  for (const u of updates) u.severity = severities.get(u.name) ?? 'low';
  return { manager: 'dnf', refreshed: true, updates };
}

export function scanPatches(): Promise<PatchReport> {
  const pm = packageManager();
  if (!pm) return Promise.reject(unsupported());
  return exclusive(() => (pm === 'apt' ? aptScan() : dnfScan()));
}

async function installedVersion(name: string): Promise<string | undefined> {
  const pm = packageManager();
  const r = pm === 'apt' ? await exec('dpkg-query', ['-W', '-f=${Version}', name], 30_000) : await exec('rpm', ['-q', '--queryformat', '%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}', name], 30_000);
  return r.code === 0 && r.stdout.trim() ? r.stdout.trim() : undefined;
}

/** Compares what is installed after the run with what was asked, package by package. */
async function outcomes(targets: PackageTarget[], run: Exec): Promise<PackageOutcome[]> {
  const out: PackageOutcome[] = [];
  for (const t of targets) {
    const now = await installedVersion(t.name);
    const ok = now === t.version || (now !== undefined && now.replace(/^\d+:/, '') === t.version.replace(/^\d+:/, ''));
    out.push(ok ? { ...t, status: 'installed', installedVersion: now } : { ...t, status: 'failed', installedVersion: now, error: lastLines(run.stderr || run.stdout) || `installed version is ${now ?? 'none'}` });
  }
  return out;
}

/** Installs exact versions; one call so apt resolves them together, one by one if that fails. */
export function installPackages(targets: PackageTarget[], opts: { downgrade?: boolean } = {}): Promise<PackageOutcome[]> {
  const pm = packageManager();
  if (!pm) return Promise.reject(unsupported());
  return exclusive(async () => {
    const args = (list: PackageTarget[]) =>
      pm === 'apt'
        ? [...aptOptions(), '-q', '-y', 'install', ...(opts.downgrade ? ['--allow-downgrades'] : ['--only-upgrade']), ...list.map((t) => `${t.name}=${t.version}`)]
        : ['-y', opts.downgrade ? 'downgrade' : 'upgrade', ...list.map((t) => `${t.name}-${t.version.replace(/^\d+:/, '')}`)];
    const cmd = pm === 'apt' ? 'apt-get' : 'dnf';
    const all = await exec(cmd, args(targets), 60 * 60_000);
    if (all.code === 0 || targets.length === 1) return outcomes(targets, all);
    const each: PackageOutcome[] = [];
    for (const t of targets) each.push(...(await outcomes([t], await exec(cmd, args([t]), 30 * 60_000))));
    return each;
  });
}
