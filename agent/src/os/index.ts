// Picks the collectors of the operating system the agent runs on (process.platform): win32 →
// Windows (PowerShell, CIM, the registry), darwin → macOS (sysctl, system_profiler, launchctl,
// pkgutil, ps, log, df), anything else → Linux. Everything else in the agent reaches the OS's
// facts through here.
import os from 'node:os';
import { clampPercent, round, type CpuMeter, type HeartbeatMetrics } from '../metrics';
import { log } from '../log';
import { scanManagementPosture } from '../posture';
import { execRunner, type CommandRunner } from './command';
import { linuxCollectors } from './linux';
import { windowsCollectors } from './windows';
import { darwinCollectors } from './darwin';
import type { PlatformCollectors } from './types';

export function collectorsFor(platform: NodeJS.Platform, runner: CommandRunner = execRunner): PlatformCollectors {
  if (platform === 'win32') return windowsCollectors(runner);
  if (platform === 'darwin') return darwinCollectors(runner);
  return linuxCollectors;
}

let current: PlatformCollectors | null = null;
export function collectors(): PlatformCollectors {
  current ??= collectorsFor(process.platform);
  return current;
}

/**
 * The heartbeat's metrics. When the OS's tools fail (PowerShell or vm_stat not answering), the
 * heartbeat still goes out with what Node itself knows: CPU, memory and (off Windows) load.
 */
export async function collectHeartbeatMetrics(cpu: CpuMeter, c: PlatformCollectors = collectors()): Promise<HeartbeatMetrics> {
  try {
    return await c.heartbeat(cpu);
  } catch (error) {
    log('warn', 'metrics collection failed, sending the basic figures', { error: error instanceof Error ? error.message : String(error) });
    return basicMetrics(await cpu.percent(), c.os);
  }
}

export function basicMetrics(cpuPercent: number, osType: PlatformCollectors['os']): HeartbeatMetrics {
  const total = os.totalmem();
  const used = Math.max(0, total - os.freemem());
  const [l1, l5, l15] = os.loadavg();
  return {
    cpuPercent,
    memoryPercent: total > 0 ? clampPercent((used / total) * 100) : 0,
    memoryUsedBytes: used,
    memoryTotalBytes: total,
    ...(osType === 'windows' ? {} : { load1: round(l1), load5: round(l5), load15: round(l15) }),
  };
}

/** The inventory upload (PUT /agents/:id/inventory): the machine, its software, other management products. */
export async function collectInventory(c: PlatformCollectors = collectors()) {
  const [system, software] = await Promise.all([c.system(), c.software()]);
  return {
    collectedAt: new Date().toISOString(),
    ...system,
    software,
    // Other RMM / remote-access products found here (management posture report).
    managementPosture: await scanManagementPosture(software),
  };
}
