// macOS: sysctl, vm_stat, df, netstat, system_profiler, pkgutil, launchctl, ps and the unified
// log; see each module. Scheduled tasks (launchd calendar jobs) are not read; the registry is
// Windows-only.
import type { CommandRunner } from '../command';
import type { PlatformCollectors } from '../types';
import { registryUnsupported, unsupported } from '../unsupported';
import { darwinHeartbeat, darwinSystem } from './system';
import { darwinSoftware } from './software';
import { darwinServices } from './services';
import { darwinProcesses } from './processes';
import { darwinLogs } from './logs';

export function darwinCollectors(runner: CommandRunner): PlatformCollectors {
  const noTasks = unsupported('Scheduled tasks are not available on macOS in this agent: launchd jobs are listed as services');
  return {
    os: 'macos',
    heartbeat: (cpu) => darwinHeartbeat(runner, cpu),
    system: () => darwinSystem(runner),
    software: () => darwinSoftware(runner),
    tools: {
      ...darwinProcesses(runner),
      ...darwinServices(runner),
      ...darwinLogs(runner),
      listTasks: noTasks,
      getTask: noTasks,
      taskHistory: noTasks,
      runTask: noTasks,
      setTaskEnabled: noTasks,
      registry: registryUnsupported('darwin'),
    },
  };
}
