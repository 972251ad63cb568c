// macOS metrics and inventory: sysctl (hw.memsize, hw.ncpu, hw.pagesize, machdep.cpu.brand_string,
// kern.boottime, kern.osproductversion, kern.osrelease), vm_stat for the memory in use,
// `system_profiler -json SPHardwareDataType SPSoftwareDataType` for model, serial and firmware,
// `df -kP` for the volumes, `netstat -ibn` for the network counters and ps for the process count.
// Interfaces come from Node (os.networkInterfaces works on macOS as on Linux).
import os from 'node:os';
import { architecture } from '../../system-info';
import { clampPercent, diskFields, round, type CpuMeter, type HeartbeatMetrics } from '../../metrics';
import { runChecked, type CommandRunner } from '../command';
import type { DiskInfo, NetworkInterface, SystemInventory } from '../types';

export const SYSCTL_KEYS = ['hw.memsize', 'hw.ncpu', 'hw.pagesize', 'machdep.cpu.brand_string', 'kern.boottime', 'kern.osproductversion', 'kern.osrelease'];

/** `sysctl a b c` lines, `name: value`. */
export function parseSysctl(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([a-z0-9_.]+):\s?(.*)$/i.exec(line.trim());
    if (m) out[m[1]] = m[2].trim();
  }
  return out;
}

/** kern.boottime: `{ sec = 1705312345, usec = 123456 } Mon Jan 15 10:52:25 2024`. */
export function bootTime(value: string | undefined): Date | null {
  const m = /sec\s*=\s*(\d+)/.exec(value ?? '');
  return m ? new Date(Number(m[1]) * 1000) : null;
}

/** vm_stat: its page size and each `Pages …:` counter. */
export function parseVmStat(text: string): { pageSize: number; pages: Record<string, number> } {
  const pageSize = Number(/page size of (\d+) bytes/.exec(text)?.[1] ?? 4096);
  const pages: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^"?([^":]+)"?:\s+(\d+)\.?\s*$/.exec(line.trim());
    if (m) pages[m[1].trim()] = Number(m[2]);
  }
  return { pageSize, pages };
}

/** Memory in use as Activity Monitor counts it: everything but free, inactive, speculative and purgeable pages. */
export function memoryUse(totalBytes: number, vm: { pageSize: number; pages: Record<string, number> }): { usedBytes: number; percent: number } {
  const p = (k: string) => vm.pages[k] ?? 0;
  const available = (p('Pages free') + p('Pages inactive') + p('Pages speculative') + p('Pages purgeable')) * vm.pageSize;
  const usedBytes = Math.max(0, totalBytes - available);
  return { usedBytes, percent: totalBytes > 0 ? clampPercent((usedBytes / totalBytes) * 100) : 0 };
}

// APFS's helper volumes of the system container, not where anything of the user's lives.
const HIDDEN_VOLUMES = /^\/System\/Volumes\/(VM|Preboot|Update|xarts|iSCPreboot|Hardware)(\/|$)/;

/** `df -kP`: 1024-blocks, used and available of every mounted disk volume (mount points may hold spaces). */
export function parseDf(text: string): DiskInfo[] {
  const out: DiskInfo[] = [];
  for (const line of text.split('\n').slice(1)) {
    const m = /^(\/dev\/\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+%\s+(.+)$/.exec(line.trim());
    if (!m || HIDDEN_VOLUMES.test(m[5])) continue;
    const total = Number(m[2]) * 1024;
    if (total <= 0) continue;
    out.push({ mount: m[5], device: m[1], totalBytes: total, usedBytes: Number(m[3]) * 1024 });
  }
  return out;
}

/** `netstat -ibn`: bytes in and out summed over the link rows of every interface but loopback. */
export function parseNetstat(text: string): { rx: number; tx: number } | null {
  let rx = 0;
  let tx = 0;
  let seen = false;
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10 || !cols[2]?.startsWith('<Link#') || cols[0].startsWith('lo')) continue;
    // From the end: Ibytes Opkts Oerrs Obytes Coll (the address column is empty for tunnels).
    const n = cols.length;
    rx += Number(cols[n - 5]) || 0;
    tx += Number(cols[n - 2]) || 0;
    seen = true;
  }
  return seen ? { rx, tx } : null;
}

interface Profile {
  SPHardwareDataType?: Record<string, unknown>[];
  SPSoftwareDataType?: Record<string, unknown>[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function parseDarwinInventory(sysctlText: string, profileJson: string, networks: NetworkInterface[], now: Date = new Date()): SystemInventory {
  const s = parseSysctl(sysctlText);
  let profile: Profile = {};
  try {
    profile = JSON.parse(profileJson) as Profile;
  } catch {
    // system_profiler failed: sysctl alone still describes the machine
  }
  const hw = profile.SPHardwareDataType?.[0] ?? {};
  const sw = profile.SPSoftwareDataType?.[0] ?? {};
  const osVersion = str(sw.os_version);
  const boot = bootTime(s['kern.boottime']);
  return {
    hardware: {
      cpuModel: str(s['machdep.cpu.brand_string']) ?? str(hw.chip_type) ?? str(hw.cpu_type),
      cpuCores: Number(s['hw.ncpu']) || os.cpus().length,
      memoryBytes: Number(s['hw.memsize']) || os.totalmem(),
      manufacturer: 'Apple Inc.',
      model: str(hw.machine_model),
      serialNumber: str(hw.serial_number),
      boardVendor: null,
      biosVersion: str(hw.boot_rom_version),
      biosDate: null,
    },
    os: {
      type: 'macos',
      name: 'macOS',
      version: str(s['kern.osproductversion']) ?? /(\d+(?:\.\d+)+)/.exec(osVersion ?? '')?.[1] ?? os.release(),
      prettyName: osVersion,
      kernel: str(s['kern.osrelease']) ?? os.release(),
      architecture: architecture(),
      hostname: os.hostname(),
      uptimeSeconds: boot ? Math.max(0, Math.round((now.getTime() - boot.getTime()) / 1000)) : Math.round(os.uptime()),
    },
    disks: [],
    network: networks,
  };
}

/** The interfaces with an external address, as the Linux inventory lists them. */
export function nodeInterfaces(): NetworkInterface[] {
  return Object.entries(os.networkInterfaces())
    .filter(([, addrs]) => addrs && addrs.some((a) => !a.internal))
    .map(([name, addrs]) => ({
      name,
      mac: addrs!.find((a) => a.mac && a.mac !== '00:00:00:00:00:00')?.mac,
      ipv4: addrs!.filter((a) => a.family === 'IPv4').map((a) => a.address),
      ipv6: addrs!.filter((a) => a.family === 'IPv6').map((a) => a.address),
    }));
}

export async function darwinSystem(runner: CommandRunner): Promise<SystemInventory> {
  // sysctl exits non-zero when one name is unknown (kern.osproductversion before macOS 10.13.4) but prints the others.
  const [sysctl, profile, df] = await Promise.all([
    runner('sysctl', SYSCTL_KEYS),
    runner('system_profiler', ['-json', 'SPHardwareDataType', 'SPSoftwareDataType'], { timeoutMs: 60_000 }),
    runChecked(runner, 'df', ['-kP']),
  ]);
  return { ...parseDarwinInventory(sysctl.stdout, profile.stdout, nodeInterfaces()), disks: parseDf(df) };
}

export function parseDarwinMetrics(input: { cpuPercent: number; sysctl: string; vmStat: string; df: string; netstat: string | null; ps: string | null }): HeartbeatMetrics {
  const s = parseSysctl(input.sysctl);
  const total = Number(s['hw.memsize']) || 0;
  const mem = memoryUse(total, parseVmStat(input.vmStat));
  const net = input.netstat === null ? null : parseNetstat(input.netstat);
  const [l1, l5, l15] = os.loadavg();
  const processes = input.ps === null ? undefined : input.ps.split('\n').filter((l) => l.trim()).length;
  return {
    cpuPercent: input.cpuPercent,
    memoryPercent: mem.percent,
    memoryUsedBytes: mem.usedBytes,
    memoryTotalBytes: total,
    ...diskFields(parseDf(input.df)),
    load1: round(l1),
    load5: round(l5),
    load15: round(l15),
    ...(processes !== undefined ? { processCount: processes } : {}),
    ...(net ? { networkRxBytes: net.rx, networkTxBytes: net.tx } : {}),
  };
}

export async function darwinHeartbeat(runner: CommandRunner, cpu: CpuMeter): Promise<HeartbeatMetrics> {
  const [cpuPercent, sysctl, vmStat, df, netstat, ps] = await Promise.all([
    cpu.percent(),
    runChecked(runner, 'sysctl', ['hw.memsize']),
    runChecked(runner, 'vm_stat', []),
    runChecked(runner, 'df', ['-kP']),
    runner('netstat', ['-ibn']),
    runner('ps', ['-axo', 'pid=']),
  ]);
  return parseDarwinMetrics({ cpuPercent, sysctl, vmStat, df, netstat: netstat.code === 0 ? netstat.stdout : null, ps: ps.code === 0 ? ps.stdout : null });
}
