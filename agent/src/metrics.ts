// Real metrics of the host the agent runs on: CPU from the kernel's per-core time counters
// between two samples, memory from /proc/meminfo (MemAvailable) or the os module, disk from
// statfs of the mounted filesystems, load, processes and network counters from /proc.
import { readdirSync, statfsSync } from 'node:fs';
import os from 'node:os';
import { readText, run } from './system-info';

interface CpuSample {
  idle: number;
  total: number;
}

function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

export const round = (n: number) => Math.round(n * 10) / 10;
export const clampPercent = (n: number) => round(Math.min(100, Math.max(0, n)));

export class CpuMeter {
  private last: CpuSample = sampleCpu();

  /** Busy percentage since the previous call (the first call measures a short window). */
  async percent(): Promise<number> {
    let now = sampleCpu();
    if (now.total - this.last.total < 10) {
      await new Promise((r) => setTimeout(r, 250));
      now = sampleCpu();
    }
    const total = now.total - this.last.total;
    const idle = now.idle - this.last.idle;
    this.last = now;
    return total > 0 ? clampPercent(((total - idle) / total) * 100) : 0;
  }
}

export function memory(): { totalBytes: number; usedBytes: number; percent: number } {
  const meminfo = readText('/proc/meminfo');
  let total = os.totalmem();
  let available = os.freemem();
  if (meminfo) {
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(meminfo)?.[1] ?? NaN) * 1024;
    if (Number.isFinite(kb('MemTotal'))) total = kb('MemTotal');
    if (Number.isFinite(kb('MemAvailable'))) available = kb('MemAvailable');
  }
  const used = Math.max(0, total - available);
  return { totalBytes: total, usedBytes: used, percent: total > 0 ? clampPercent((used / total) * 100) : 0 };
}

const REAL_FILESYSTEMS = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'vfat', 'exfat', 'ntfs', 'ntfs3', 'f2fs', 'jfs', 'reiserfs', 'apfs', 'hfs', 'overlay']);

export interface MountInfo {
  mount: string;
  device: string;
  fsType: string;
  totalBytes: number;
  usedBytes: number;
}

/** Mounted fixed filesystems with their size (Linux /proc/mounts; the root volume elsewhere). */
export function filesystems(): MountInfo[] {
  const candidates: { mount: string; device: string; fsType: string }[] = [];
  const mounts = readText('/proc/mounts');
  if (mounts) {
    const seen = new Set<string>();
    for (const line of mounts.split('\n')) {
      const [device, mount, fsType] = line.split(' ');
      if (!device || !REAL_FILESYSTEMS.has(fsType) || seen.has(mount)) continue;
      if (fsType === 'overlay' && mount !== '/') continue;
      seen.add(mount);
      candidates.push({ device, mount: mount.replace(/\\040/g, ' '), fsType });
    }
  }
  if (candidates.length === 0) candidates.push({ device: '', mount: process.platform === 'win32' ? 'C:\\' : '/', fsType: '' });
  const out: MountInfo[] = [];
  for (const c of candidates) {
    try {
      const s = statfsSync(c.mount);
      const total = s.blocks * s.bsize;
      if (total <= 0) continue;
      out.push({ ...c, totalBytes: total, usedBytes: total - s.bfree * s.bsize });
    } catch {
      /* unmounted meanwhile or not permitted */
    }
  }
  return out;
}

function networkCounters(): { rx: number; tx: number } | null {
  const text = readText('/proc/net/dev');
  if (!text) return null;
  let rx = 0;
  let tx = 0;
  for (const line of text.split('\n').slice(2)) {
    const [name, rest] = line.split(':');
    if (!rest || name.trim() === 'lo') continue;
    const f = rest.trim().split(/\s+/).map(Number);
    rx += f[0] || 0;
    tx += f[8] || 0;
  }
  return { rx, tx };
}

function processCount(): number | undefined {
  try {
    return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;
  } catch {
    return undefined;
  }
}

/** The user signed in on a console or terminal, if any (`who` on Unix, `query user` on Windows). */
export async function loggedInUser(): Promise<string | undefined> {
  if (process.platform === 'win32') {
    const out = await run('query', ['user'], 5000);
    const line = out?.split('\n').slice(1).find((l) => l.trim());
    return line?.trim().replace(/^>/, '').split(/\s+/)[0];
  }
  const out = await run('who', [], 5000);
  return out?.split('\n').find((l) => l.trim())?.split(/\s+/)[0];
}

/** The fullest of the disks (the one the heartbeat reports). */
export function fullestDisk<T extends { usedBytes: number; totalBytes: number }>(disks: T[]): T | undefined {
  return disks.reduce<T | undefined>((a, d) => (!a || d.usedBytes / d.totalBytes > a.usedBytes / a.totalBytes ? d : a), undefined);
}

/** The heartbeat's disk fields for the fullest disk, if any. */
export function diskFields(disks: { usedBytes: number; totalBytes: number }[]): Pick<HeartbeatMetrics, 'diskPercent' | 'diskUsedBytes' | 'diskTotalBytes'> {
  const d = fullestDisk(disks.filter((x) => x.totalBytes > 0));
  return d ? { diskPercent: clampPercent((d.usedBytes / d.totalBytes) * 100), diskUsedBytes: d.usedBytes, diskTotalBytes: d.totalBytes } : {};
}

export interface HeartbeatMetrics {
  cpuPercent: number;
  memoryPercent: number;
  diskPercent?: number;
  memoryUsedBytes: number;
  memoryTotalBytes: number;
  diskUsedBytes?: number;
  diskTotalBytes?: number;
  /** Unix load averages; Windows has none and leaves them out. */
  load1?: number;
  load5?: number;
  load15?: number;
  processCount?: number;
  networkRxBytes?: number;
  networkTxBytes?: number;
}

export async function collectMetrics(cpu: CpuMeter): Promise<HeartbeatMetrics> {
  const mem = memory();
  const disks = filesystems();
  const fullest = fullestDisk(disks);
  const [l1, l5, l15] = os.loadavg();
  const net = networkCounters();
  return {
    cpuPercent: await cpu.percent(),
    memoryPercent: mem.percent,
    memoryUsedBytes: mem.usedBytes,
    memoryTotalBytes: mem.totalBytes,
    ...(fullest ? { diskPercent: clampPercent((fullest.usedBytes / fullest.totalBytes) * 100), diskUsedBytes: fullest.usedBytes, diskTotalBytes: fullest.totalBytes } : {}),
    load1: round(l1),
    load5: round(l5),
    load15: round(l15),
    processCount: processCount(),
    ...(net ? { networkRxBytes: net.rx, networkTxBytes: net.tx } : {}),
  };
}
