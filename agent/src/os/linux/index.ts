// Linux: metrics from /proc and statfs, inventory from DMI/os-release and dpkg/apk/rpm, processes
// from /proc, services and timers through systemd, logs from journald, cron jobs from their files.
import { collectMetrics } from '../../metrics';
import { installedSoftware, linuxSystemInventory } from '../../inventory';
import { registryUnsupported } from '../unsupported';
import type { PlatformCollectors } from '../types';
import { getProcess, killProcess, listProcesses } from './processes';
import { getService, listServices, serviceAction } from './services';
import { getEvent, getLog, listEvents, listLogs } from './journal';
import { getTask, listTasks, runTask, setTaskEnabled, taskHistory } from './tasks';

export const linuxCollectors: PlatformCollectors = {
  os: 'linux',
  heartbeat: (cpu) => collectMetrics(cpu),
  system: linuxSystemInventory,
  software: installedSoftware,
  tools: {
    listProcesses: () => listProcesses(),
    getProcess: (pid) => getProcess(pid),
    killProcess: async (pid, sig) => killProcess(pid, sig),
    listServices,
    getService,
    serviceAction,
    listLogs,
    getLog,
    listEvents,
    getEvent,
    listTasks,
    getTask,
    taskHistory,
    runTask,
    setTaskEnabled,
    registry: registryUnsupported(process.platform),
  },
};
