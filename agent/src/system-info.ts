// Who this machine is: OS, version, architecture, hostname and a stable machine identity.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

export type OsType = 'windows' | 'macos' | 'linux';

export function osType(): OsType {
  if (process.platform === 'win32') return 'windows';
  if (process.platform === 'darwin') return 'macos';
  return 'linux';
}

export function architecture(): string {
  return ({ x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm' } as Record<string, string>)[process.arch] ?? process.arch;
}

export function run(cmd: string, args: string[], timeoutMs = 10_000, maxBuffer = 64 * 1024 * 1024): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout));
  });
}

export function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function osRelease(): Record<string, string> {
  const text = readText('/etc/os-release') ?? readText('/usr/lib/os-release') ?? '';
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

export async function osVersion(): Promise<string> {
  if (process.platform === 'linux') {
    const rel = osRelease();
    return `${rel.PRETTY_NAME ?? rel.NAME ?? 'Linux'} (kernel ${os.release()})`;
  }
  if (process.platform === 'darwin') {
    const v = (await run('sw_vers', ['-productVersion']))?.trim();
    return `macOS ${v ?? os.release()}`;
  }
  return `${os.version()} ${os.release()}`.trim();
}

/** A SHA-256 of the OS's own machine identifier, so the raw id never leaves the machine. */
export async function machineId(): Promise<string | undefined> {
  let raw: string | null = null;
  if (process.platform === 'linux') {
    raw = readText('/etc/machine-id') ?? readText('/var/lib/dbus/machine-id');
  } else if (process.platform === 'darwin') {
    const out = await run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']);
    raw = out ? (/"IOPlatformUUID" = "([^"]+)"/.exec(out)?.[1] ?? null) : null;
  } else if (process.platform === 'win32') {
    const out = await run('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid']);
    raw = out ? (/MachineGuid\s+REG_SZ\s+(\S+)/.exec(out)?.[1] ?? null) : null;
  }
  raw = raw?.trim() || null;
  return raw ? createHash('sha256').update(`rmm-agent:${raw}`).digest('hex') : undefined;
}

export function dmi(field: string): string | undefined {
  const path = `/sys/class/dmi/id/${field}`;
  if (!existsSync(path)) return undefined;
  const v = readText(path)?.trim();
  return v && v !== 'To Be Filled By O.E.M.' && v !== 'Default string' ? v : undefined;
}
