// software_install: installs a software catalog version on this machine.
// - A package-manager reference goes through the machine's own apt, dnf, yum, apk or zypper
//   (a pinned version, or the newest one the sources offer when the version is null). The
//   package index is refreshed first when it does not know the package or version.
// - An uploaded installer is downloaded from the agent's own server with the agent credential,
//   kept only when its SHA-256 matches the command's, run by type (.deb and .rpm through the
//   package manager, .sh with sh, other Linux executables directly; silent arguments are split
//   into argv, never given to a shell) and deleted afterwards.
// Linux only: on another system, for winget/choco/brew, or without the needed tool, the command
// fails with result { unsupported: true, reason } and nothing is run.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommandResult } from './executor';
import { aptOptions, exclusive } from './patch-manager';
import { downloadVerifiedInstaller, InstallerChecksumError } from './software-installer';
import { onPath, PACKAGE_NAME } from './software-uninstall';
import { ok, OUTPUT_MAX, run, type Run } from './run-process';

export interface PackageManagerSpec {
  kind: 'package_manager';
  manager: string;
  name: string;
  /** null: the newest version the sources offer. */
  version: string | null;
}

export interface InstallerSpec {
  kind: 'installer';
  versionId: string;
  fileName: string;
  sha256: string;
  sizeBytes: number;
  /** Path on the agent's server, with `{agentId}` standing for the agent's id. */
  downloadPath: string;
  silentArgs: string | null;
}

export interface SoftwareInstallPayload {
  deploymentId?: string;
  deploymentDeviceId?: string;
  thirdPartyTestId?: string;
  package: PackageManagerSpec | InstallerSpec;
}

export interface InstallContext {
  /** The agent's server, e.g. https://rmm.example.com (no /api/v1). */
  server: string;
  agentId: string;
  token: string;
  /** Aborted when the server cancels the command. */
  signal?: AbortSignal;
}

type Manager = 'apt' | 'dnf' | 'yum' | 'apk' | 'zypper';

const INSTALL_TIMEOUT_MS = 40 * 60_000;
const REFRESH_TIMEOUT_MS = 10 * 60_000;
const QUERY_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9+._~:-]{0,127}$/;
// Waits for a dpkg lock held by another run (unattended upgrades) instead of failing at once.
const APT_LOCK = ['-o', 'DPkg::Lock::Timeout=300'];

const stripEpoch = (v: string) => v.replace(/^\d+:/, '');
/** `1.2` matches an installed 1.2, 1:1.2 or 1.2-3 (a version given without its release). */
export function versionMatches(installed: string, wanted: string): boolean {
  const a = stripEpoch(installed);
  const b = stripEpoch(wanted);
  return installed === wanted || a === b || a.startsWith(`${b}-`);
}

/** Splits silent-install arguments into argv like a POSIX shell would, without expanding anything. */
export function splitArgs(input: string): string[] {
  const out: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < input.length && '"\\$`'.includes(input[i + 1])) current += input[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\') {
      if (i + 1 >= input.length) throw new Error('Silent arguments end with a lone backslash');
      current += input[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`Silent arguments have an unterminated ${quote} quote`);
  if (inWord) out.push(current);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Package managers

interface Driver {
  manager: Manager;
  /** The program that must be on PATH. */
  binary: string;
  installed(name: string): Promise<string | null>;
  /** Whether the package index offers it (only where a cheap query exists). */
  known?(name: string, version: string | null): Promise<boolean>;
  refresh(): [string, string[]];
  install(name: string, version: string | null, installedBefore: string | null): [string, string[]];
}

async function rpmVersion(name: string): Promise<string | null> {
  const r = await run('rpm', ['-q', '--queryformat', '%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}\n', name], { timeoutMs: QUERY_TIMEOUT_MS });
  const last = ok(r) ? r.stdout.trim().split('\n').pop()?.trim() : '';
  return last || null;
}

async function dpkgVersion(name: string): Promise<string | null> {
  const r = await run('dpkg-query', ['-W', '-f=${Status}\t${Version}', '--', name], { timeoutMs: QUERY_TIMEOUT_MS });
  const [status, version] = r.stdout.split('\t');
  return ok(r) && /install ok installed/.test(status ?? '') && version?.trim() ? version.trim() : null;
}

const DRIVERS: Record<Manager, Driver> = {
  apt: {
    manager: 'apt',
    binary: 'apt-get',
    installed: dpkgVersion,
    known: async (name, version) => {
      const r = await run('apt-cache', [...aptOptions(), 'show', version ? `${name}=${version}` : name], { timeoutMs: QUERY_TIMEOUT_MS });
      return ok(r) && /^Package:/m.test(r.stdout);
    },
    refresh: () => ['apt-get', [...aptOptions(), '-q', 'update']],
    // A pinned version is what the catalog asks for, so it may replace a newer one.
    install: (name, version) => ['apt-get', [...aptOptions(), ...APT_LOCK, '-q', '-y', '--no-install-recommends', ...(version ? ['--allow-downgrades'] : []), 'install', version ? `${name}=${version}` : name]],
  },
  dnf: {
    manager: 'dnf',
    binary: 'dnf',
    installed: rpmVersion,
    refresh: () => ['dnf', ['-q', '-y', 'makecache', '--refresh']],
    install: (name, version, before) => ['dnf', ['-y', !version && before ? 'upgrade' : 'install', version ? `${name}-${stripEpoch(version)}` : name]],
  },
  yum: {
    manager: 'yum',
    binary: 'yum',
    installed: rpmVersion,
    refresh: () => ['yum', ['-q', '-y', 'makecache']],
    install: (name, version, before) => ['yum', ['-y', !version && before ? 'update' : 'install', version ? `${name}-${stripEpoch(version)}` : name]],
  },
  apk: {
    manager: 'apk',
    binary: 'apk',
    installed: async (name) => {
      const r = await run('apk', ['list', '--installed', name], { timeoutMs: QUERY_TIMEOUT_MS });
      for (const word of r.stdout.split(/\s+/)) {
        if (word.startsWith(`${name}-`) && /^\d/.test(word.slice(name.length + 1))) return word.slice(name.length + 1);
      }
      return null;
    },
    refresh: () => ['apk', ['update']],
    install: (name, version) => ['apk', ['add', ...(version ? [`${name}=${version}`] : ['--upgrade', name])]],
  },
  zypper: {
    manager: 'zypper',
    binary: 'zypper',
    installed: rpmVersion,
    refresh: () => ['zypper', ['--non-interactive', 'refresh']],
    install: (name, version) => ['zypper', ['--non-interactive', 'install', ...(version ? ['--oldpackage', `${name}=${version}`] : [name])]],
  },
};

const FOREIGN: Record<string, string> = { winget: 'Windows', choco: 'Windows', brew: 'macOS' };

interface Outcome {
  installedVersion: string | null;
  manager: string | null;
  alreadyInstalled: boolean;
}

function unsupported(reason: string, manager: string | null): CommandResult {
  return { status: 'failed', stderr: reason, result: { unsupported: true, reason, installedVersion: null, manager, alreadyInstalled: false } };
}

function failed(message: string, code: string, extra: Record<string, unknown> = {}): CommandResult {
  return { status: 'failed', stderr: message, result: { code, installedVersion: null, manager: null, alreadyInstalled: false, ...extra } };
}

/** The command result of the runs that did the work, and what is installed afterwards. */
function finished(runs: Run[], success: boolean, outcome: Outcome, extra: Record<string, unknown>, problem?: string): CommandResult {
  const last = runs[runs.length - 1];
  const status: CommandResult['status'] = last?.cancelled ? 'cancelled' : last?.timedOut ? 'timed_out' : success ? 'completed' : 'failed';
  const note = last?.cancelled ? '[killed: cancelled from the server]' : last?.timedOut ? `[killed after the ${last.timeoutMs / 60_000} min timeout of ${last.command.split(' ')[0]}]` : (problem ?? '');
  const join = (parts: string[]) => parts.filter(Boolean).join('\n').slice(-OUTPUT_MAX);
  return {
    status,
    ...(last && last.code !== null ? { exitCode: last.code } : {}),
    stdout: join(runs.map((r) => `$ ${r.command}\n${r.stdout}`)),
    stderr: join([...runs.map((r) => r.stderr), note]),
    result: { ...outcome, ...extra, commands: runs.map((r) => r.command), ...(status === 'completed' ? {} : { code: 'INSTALL_FAILED' }) },
  };
}

async function installWithManager(spec: PackageManagerSpec, signal?: AbortSignal): Promise<CommandResult> {
  const requested = String(spec.manager ?? '');
  if (process.platform !== 'linux') return unsupported(`Installing packages through the agent is supported on Linux only, not on ${process.platform}`, requested || null);
  if (FOREIGN[requested]) return unsupported(`${requested} is a ${FOREIGN[requested]} package manager; this device runs Linux`, requested);
  const driver = DRIVERS[requested as Manager];
  if (!driver) return unsupported(`Unknown package manager "${requested}"`, requested || null);
  const name = String(spec.name ?? '');
  if (!PACKAGE_NAME.test(name)) return failed(`Refusing to install "${name}": not a valid package name`, 'INVALID_PACKAGE_NAME', { manager: requested });
  const version = spec.version && spec.version.toLowerCase() !== 'latest' ? spec.version : null;
  if (version !== null && !VERSION.test(version)) return failed(`Refusing to install version "${version}": not a valid version`, 'INVALID_VERSION', { manager: requested });
  if (!onPath(driver.binary)) return unsupported(`${driver.binary} is not installed on this device`, requested);
  const extra = { package: name, requestedVersion: version };

  return exclusive(async () => {
    const started = Date.now();
    const before = await driver.installed(name);
    if (version && before && versionMatches(before, version)) {
      return { status: 'completed', stdout: `${name} ${before} is already installed`, result: { installedVersion: before, manager: driver.manager, alreadyInstalled: true, ...extra, durationMs: Date.now() - started } };
    }
    const runs: Run[] = [];
    const exec = async ([cmd, args]: [string, string[]], timeoutMs: number) => {
      const r = await run(cmd, args, { timeoutMs, signal });
      runs.push(r);
      return r;
    };
    let refreshed = false;
    if (driver.known && !(await driver.known(name, version))) {
      await exec(driver.refresh(), REFRESH_TIMEOUT_MS);
      refreshed = true;
    }
    let install = await exec(driver.install(name, version, before), INSTALL_TIMEOUT_MS);
    // Without a cheap index query, a failure may come from a stale index: refresh once and retry.
    if (!ok(install) && !refreshed && !driver.known && !install.timedOut && !install.cancelled) {
      const refresh = await exec(driver.refresh(), REFRESH_TIMEOUT_MS);
      if (!refresh.cancelled && !refresh.timedOut) install = await exec(driver.install(name, version, before), INSTALL_TIMEOUT_MS);
    }
    const after = await driver.installed(name);
    const matches = after !== null && (version === null || versionMatches(after, version));
    const problem = ok(install) && !matches ? `${name} ${version ?? ''} is not installed after ${driver.binary} (installed: ${after ?? 'none'})`.replace('  ', ' ') : undefined;
    return finished(runs, ok(install) && matches, { installedVersion: after, manager: driver.manager, alreadyInstalled: ok(install) && before !== null && before === after }, { ...extra, refreshed, durationMs: Date.now() - started }, problem);
  });
}

// ---------------------------------------------------------------------------------------------
// Installers

type InstallerType = 'deb' | 'rpm' | 'sh' | 'executable';

/** What runs the file, by its name; null for a type this agent cannot run. */
export function installerType(fileName: string): InstallerType | null {
  const base = path.basename(fileName).toLowerCase();
  if (base.endsWith('.deb')) return 'deb';
  if (base.endsWith('.rpm')) return 'rpm';
  if (base.endsWith('.sh')) return 'sh';
  if (/\.(appimage|run|bin)$/.test(base) || !base.includes('.')) return 'executable';
  return null;
}

interface FileMeta {
  name: string;
  version: string;
}

async function debMeta(file: string): Promise<FileMeta | null> {
  const r = await run('dpkg-deb', ['-f', file, 'Package', 'Version'], { timeoutMs: QUERY_TIMEOUT_MS });
  const name = /^Package:\s*(\S+)/m.exec(r.stdout)?.[1];
  const version = /^Version:\s*(\S+)/m.exec(r.stdout)?.[1];
  return ok(r) && name && version ? { name, version } : null;
}

async function rpmMeta(file: string): Promise<FileMeta | null> {
  const r = await run('rpm', ['-qp', '--queryformat', '%{NAME}\t%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}', file], { timeoutMs: QUERY_TIMEOUT_MS });
  const [name, version] = r.stdout.trim().split('\t');
  return ok(r) && name && version ? { name, version } : null;
}

/** How a downloaded file is installed, or why it cannot be on this device. */
function installerPlan(type: InstallerType): { manager: string; command: (file: string, args: string[]) => [string, string[]] } | string {
  switch (type) {
    case 'deb':
      if (onPath('apt-get')) return { manager: 'apt', command: (file) => ['apt-get', [...aptOptions(), ...APT_LOCK, '-q', '-y', '--no-install-recommends', '--allow-downgrades', 'install', file]] };
      if (onPath('dpkg')) return { manager: 'dpkg', command: (file) => ['dpkg', ['-i', file]] };
      return 'A .deb installer needs apt-get or dpkg, and neither is installed on this device';
    case 'rpm':
      if (onPath('dnf')) return { manager: 'dnf', command: (file) => ['dnf', ['-y', 'install', file]] };
      if (onPath('yum')) return { manager: 'yum', command: (file) => ['yum', ['-y', 'install', file]] };
      if (onPath('zypper')) return { manager: 'zypper', command: (file) => ['zypper', ['--non-interactive', 'install', '--oldpackage', file]] };
      if (onPath('rpm')) return { manager: 'rpm', command: (file) => ['rpm', ['-U', '--oldpackage', file]] };
      return 'An .rpm installer needs dnf, yum, zypper or rpm, and none is installed on this device';
    case 'sh':
      if (onPath('sh')) return { manager: 'sh', command: (file, args) => ['sh', [file, ...args]] };
      return 'A .sh installer needs sh, which is not on this device';
    case 'executable':
      return { manager: 'executable', command: (file, args) => [file, args] };
  }
}

async function installInstaller(spec: InstallerSpec, ctx: InstallContext): Promise<CommandResult> {
  const fileName = path.basename(String(spec.fileName ?? ''));
  if (process.platform !== 'linux') return unsupported(`Running installers through the agent is supported on Linux only, not on ${process.platform}`, null);
  const type = installerType(fileName);
  if (!type || !fileName) return unsupported(`"${fileName}" is not an installer this agent can run on Linux (.deb, .rpm, .sh, .AppImage, .run, .bin or an executable without extension)`, null);
  const plan = installerPlan(type);
  if (typeof plan === 'string') return unsupported(plan, null);
  let args: string[];
  try {
    args = splitArgs(spec.silentArgs ?? '');
  } catch (error) {
    return failed((error as Error).message, 'INVALID_SILENT_ARGS');
  }
  // The credential goes to the agent's own server only.
  const base = new URL(ctx.server);
  const downloadPath = String(spec.downloadPath ?? '').replaceAll('{agentId}', encodeURIComponent(ctx.agentId));
  const url = downloadPath.startsWith('/') && !downloadPath.startsWith('//') ? new URL(downloadPath, base) : null;
  if (!url || url.origin !== base.origin) return failed(`Refusing to download the installer from "${spec.downloadPath}": not a path on the agent's server`, 'INVALID_DOWNLOAD_PATH');

  const extra = { fileName, versionId: spec.versionId };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-install-'));
  const started = Date.now();
  try {
    let file: string;
    try {
      file = await downloadVerifiedInstaller({ url: url.toString(), token: ctx.token, sha256: String(spec.sha256 ?? ''), dir, fileName, timeoutMs: DOWNLOAD_TIMEOUT_MS });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof InstallerChecksumError) return failed(message, 'CHECKSUM_MISMATCH', { ...extra, expectedSha256: error.expected, actualSha256: error.actual });
      return failed(message, 'DOWNLOAD_FAILED', extra);
    }
    if (ctx.signal?.aborted) return { status: 'cancelled', stderr: 'cancelled from the server before the installer ran', result: { installedVersion: null, manager: plan.manager, alreadyInstalled: false, ...extra } };
    const meta = type === 'deb' ? await debMeta(file) : type === 'rpm' ? await rpmMeta(file) : null;
    if ((type === 'deb' || type === 'rpm') && !meta) return failed(`${fileName} is not a readable .${type} package`, 'INVALID_PACKAGE_FILE', { ...extra, manager: plan.manager });
    const installed = meta ? () => (type === 'deb' ? dpkgVersion(meta.name) : rpmVersion(meta.name)) : async () => null;
    if (type === 'executable') chmodSync(file, 0o700);

    return await exclusive(async () => {
      const before = await installed();
      if (meta && before && versionMatches(before, meta.version)) {
        return { status: 'completed', stdout: `${meta.name} ${before} is already installed`, result: { installedVersion: before, manager: plan.manager, alreadyInstalled: true, package: meta.name, ...extra, durationMs: Date.now() - started } };
      }
      const [cmd, argv] = plan.command(file, args);
      const r = await run(cmd, argv, { timeoutMs: INSTALL_TIMEOUT_MS, signal: ctx.signal, cwd: dir });
      const after = await installed();
      const matches = !meta || (after !== null && versionMatches(after, meta.version));
      const problem = ok(r) && !matches ? `${meta!.name} ${meta!.version} is not installed after ${cmd} (installed: ${after ?? 'none'})` : undefined;
      return finished([r], ok(r) && matches, { installedVersion: after, manager: plan.manager, alreadyInstalled: false }, { ...(meta ? { package: meta.name } : {}), ...extra, durationMs: Date.now() - started }, problem);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function installSoftware(payload: SoftwareInstallPayload, ctx: InstallContext): Promise<CommandResult> {
  const spec = payload?.package;
  if (spec?.kind === 'package_manager') return installWithManager(spec, ctx.signal);
  if (spec?.kind === 'installer') return installInstaller(spec, ctx);
  return failed('The command carries no package to install (package.kind must be package_manager or installer)', 'INVALID_PAYLOAD');
}
