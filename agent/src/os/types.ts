// The one interface every operating system's collectors implement (os/index.ts picks one by
// process.platform): the heartbeat's metrics, the inventory's description of the machine and its
// installed software, and the system tools the server drives over the live channel. The shapes
// are the server's contract (lib/system-tools/*-schemas.ts, PUT /agents/:id/inventory); Linux's
// modules defined them first, so their types are the common ones.
import type { HeartbeatMetrics, CpuMeter } from '../metrics';
import type { Software } from '../inventory';
import type { ProcessInfo } from './linux/processes';
import type { ServiceDetail, ServiceSummary } from './linux/services';
import type { EventQuery, JournalEvent, JournalLog } from './linux/journal';
import type { ScheduledTask, ScheduledTaskDetail, TaskRun } from './linux/tasks';

export type { HeartbeatMetrics, Software, ProcessInfo, ServiceDetail, ServiceSummary, EventQuery, JournalEvent as LogEvent, JournalLog as EventLog, ScheduledTask, ScheduledTaskDetail, TaskRun };

export interface Hardware {
  cpuModel: string | null;
  cpuCores: number;
  memoryBytes: number;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string | null;
  boardVendor: string | null;
  biosVersion: string | null;
  biosDate: string | null;
}

export interface OsDescription {
  type: 'linux' | 'windows' | 'macos';
  name: string;
  version: string;
  prettyName: string | null;
  kernel: string;
  architecture: string;
  hostname: string;
  uptimeSeconds: number;
}

export interface DiskInfo {
  mount: string;
  device?: string;
  fsType?: string;
  totalBytes: number;
  usedBytes: number;
}

export interface NetworkInterface {
  name: string;
  mac?: string;
  ipv4: string[];
  ipv6: string[];
}

/** The inventory without its software: what the machine is. */
export interface SystemInventory {
  hardware: Hardware;
  os: OsDescription;
  disks: DiskInfo[];
  network: NetworkInterface[];
}

export type RegistryType = 'REG_SZ' | 'REG_EXPAND_SZ' | 'REG_MULTI_SZ' | 'REG_DWORD' | 'REG_QWORD' | 'REG_BINARY';
export interface RegistryValue {
  hive: string;
  key: string;
  name: string;
  type: RegistryType;
  data: string | string[] | number;
}
export interface RegistrySubkey {
  name: string;
  subkeyCount: number;
  valueCount: number;
  lastWriteTime: string | null;
}

export interface RegistryTools {
  keys(hive: string, key: string, signal?: AbortSignal): Promise<{ hive: string; key: string; data: RegistrySubkey[] }>;
  values(hive: string, key: string, signal?: AbortSignal): Promise<{ hive: string; key: string; data: RegistryValue[] }>;
  getValue(hive: string, key: string, name: string, signal?: AbortSignal): Promise<RegistryValue>;
  setValue(value: RegistryValue, signal?: AbortSignal): Promise<RegistryValue>;
  deleteValue(hive: string, key: string, name: string, signal?: AbortSignal): Promise<{ deleted: true }>;
  createKey(hive: string, key: string, signal?: AbortSignal): Promise<{ hive: string; key: string; created: boolean }>;
  deleteKey(hive: string, key: string, recursive: boolean, signal?: AbortSignal): Promise<{ deleted: true }>;
}

export interface SystemTools {
  listProcesses(signal?: AbortSignal): Promise<{ processes: ProcessInfo[]; sampledMs: number }>;
  getProcess(pid: number, signal?: AbortSignal): Promise<ProcessInfo>;
  killProcess(pid: number, killSignal: string, signal?: AbortSignal): Promise<{ pid: number; signal: string; delivered: true }>;
  listServices(signal?: AbortSignal): Promise<{ services: ServiceSummary[] }>;
  getService(name: string, signal?: AbortSignal): Promise<ServiceDetail>;
  serviceAction(name: string, action: string, signal?: AbortSignal): Promise<ServiceDetail>;
  listLogs(signal?: AbortSignal): Promise<{ logs: JournalLog[] }>;
  getLog(name: string, signal?: AbortSignal): Promise<{ name: string; kind: JournalLog['kind']; firstEntryAt: string | null; lastEntryAt: string | null }>;
  listEvents(name: string, q: EventQuery, signal?: AbortSignal): Promise<{ events: JournalEvent[]; nextCursor: string | null }>;
  getEvent(name: string, recordId: string, signal?: AbortSignal): Promise<JournalEvent & { fields: Record<string, string> }>;
  listTasks(signal?: AbortSignal): Promise<{ tasks: ScheduledTask[]; sources: { systemd: boolean; cron: boolean; taskScheduler?: boolean } }>;
  getTask(path: string, signal?: AbortSignal): Promise<ScheduledTaskDetail>;
  taskHistory(path: string, limit: number, signal?: AbortSignal): Promise<{ runs: TaskRun[]; journal: boolean }>;
  runTask(path: string, signal?: AbortSignal): Promise<{ path: string; runId: string | null; startedAt: string; target: string }>;
  setTaskEnabled(path: string, enabled: boolean, signal?: AbortSignal): Promise<ScheduledTaskDetail>;
  registry: RegistryTools;
}

export interface PlatformCollectors {
  os: OsDescription['type'];
  heartbeat(cpu: CpuMeter): Promise<HeartbeatMetrics>;
  system(): Promise<SystemInventory>;
  /** Throws rather than answer an empty list when the package database cannot be read. */
  software(): Promise<Software[]>;
  tools: SystemTools;
}
