// Picks the collectors of the operating system the agent runs on (process.platform): win32 →
// Windows (PowerShell, CIM, the registry), darwin → macOS (sysctl, system_profiler, launchctl,
// pkgutil, ps, log, df), anything else → Linux. Everything else in the agent reaches the OS's
// facts through here.
import type { CpuMeter, HeartbeatMetrics } from '../metrics';
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

export function collectHeartbeatMetrics(cpu: CpuMeter): Promise<HeartbeatMetrics> {
  return collectors().heartbeat(cpu);
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
