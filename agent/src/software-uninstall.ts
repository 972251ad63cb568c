// uninstall_software: removes a package with the machine's own package manager. The first of
// apt-get, dnf and apk that is installed AND knows the package does the removal; a package none
// of them knows is refused (PACKAGE_NOT_FOUND) rather than guessed at. Only Linux: the server
// does not queue the command for other systems.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CommandResult } from './executor';
import { OUTPUT_MAX } from './run-process';

export interface UninstallPayload {
  name: string;
  version?: string | null;
}

// Debian, RPM and Alpine package names (dpkg allows an `:arch` suffix). Never a leading `-`, so
// the name cannot be read as an option by the package manager.
export const PACKAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9+._@:~-]{0,199}$/;
const REMOVE_TIMEOUT_MS = 10 * 60_000;

interface Manager {
  name: 'apt-get' | 'dnf' | 'apk';
  /** Whether the package is installed as far as this package manager knows. */
  knows(pkg: string): Promise<boolean>;
  remove(pkg: string): [string, string[]];
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: string;
}

function exec(cmd: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env, windowsHide: true }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr), error: error && code === null ? error.message : undefined });
    });
  });
}

export function onPath(cmd: string, envPath = process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin'): string | null {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, cmd))) return path.join(dir, cmd);
  }
  return null;
}

const MANAGERS: Manager[] = [
  {
    name: 'apt-get',
    knows: async (pkg) => /install ok installed/.test((await exec('dpkg-query', ['-W', '-f=${Status}', pkg], 30_000)).stdout),
    // Waits for a dpkg lock held by another run (unattended upgrades) instead of failing at once.
    remove: (pkg) => ['apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'remove', '-y', pkg]],
  },
  { name: 'dnf', knows: async (pkg) => (await exec('rpm', ['-q', pkg], 30_000)).code === 0, remove: (pkg) => ['dnf', ['remove', '-y', pkg]] },
  { name: 'apk', knows: async (pkg) => (await exec('apk', ['info', '-e', pkg], 30_000)).code === 0, remove: (pkg) => ['apk', ['del', pkg]] },
];

const tail = (s: string) => (s.length > OUTPUT_MAX ? s.slice(-OUTPUT_MAX) : s);

export async function uninstallSoftware(payload: UninstallPayload): Promise<CommandResult> {
  const pkg = payload.name;
  if (process.platform !== 'linux') return { status: 'failed', stderr: `Uninstalling packages is not supported on ${process.platform}`, result: { code: 'UNSUPPORTED_OS' } };
  if (!PACKAGE_NAME.test(pkg)) return { status: 'failed', stderr: `Refusing to uninstall "${pkg}": not a valid package name`, result: { code: 'INVALID_PACKAGE_NAME', package: pkg } };
  const present = MANAGERS.filter((m) => onPath(m.name));
  if (present.length === 0) return { status: 'failed', stderr: 'No supported package manager (apt-get, dnf, apk) on this machine', result: { code: 'NO_PACKAGE_MANAGER', package: pkg } };
  let manager: Manager | undefined;
  for (const m of present) {
    if (await m.knows(pkg)) {
      manager = m;
      break;
    }
  }
  if (!manager) {
    return {
      status: 'failed',
      stderr: `Package ${pkg} is not installed according to ${present.map((m) => m.name).join(', ')}: nothing was removed`,
      result: { code: 'PACKAGE_NOT_FOUND', package: pkg, managers: present.map((m) => m.name) },
    };
  }
  const [cmd, args] = manager.remove(pkg);
  const started = Date.now();
  const out = await exec(cmd, args, REMOVE_TIMEOUT_MS, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  const stillThere = await manager.knows(pkg);
  const ok = out.code === 0 && !stillThere;
  return {
    status: ok ? 'completed' : 'failed',
    exitCode: out.code ?? undefined,
    stdout: tail(out.stdout),
    stderr: tail(out.error ? `${out.stderr}\n${out.error}` : out.stderr) || (stillThere && out.code === 0 ? `${pkg} is still installed after ${cmd}` : ''),
    result: { manager: manager.name, package: pkg, command: [cmd, ...args].join(' '), removed: !stillThere, durationMs: Date.now() - started, ...(ok ? {} : { code: 'UNINSTALL_FAILED' }) },
  };
}
