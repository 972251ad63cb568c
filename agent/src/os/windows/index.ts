// Windows: everything through Windows PowerShell 5.1 (part of every supported Windows) and CIM,
// the registry and the Windows cmdlets; see each module. Scripts run under powershell.exe or
// cmd.exe (run-script.ts).
import type { CommandRunner } from '../command';
import type { PlatformCollectors } from '../types';
import { windowsHeartbeat, windowsSystem } from './system';
import { windowsSoftware } from './software';
import { windowsServices } from './services';
import { windowsProcesses } from './processes';
import { windowsEventLogs } from './eventlogs';
import { windowsTasks } from './tasks';
import { windowsRegistry } from './registry';

export function windowsCollectors(runner: CommandRunner): PlatformCollectors {
  return {
    os: 'windows',
    heartbeat: (cpu) => windowsHeartbeat(runner, cpu),
    system: () => windowsSystem(runner),
    software: () => windowsSoftware(runner),
    tools: {
      ...windowsProcesses(runner),
      ...windowsServices(runner),
      ...windowsEventLogs(runner),
      ...windowsTasks(runner),
      registry: windowsRegistry(runner),
    },
  };
}
