// Contract of the system tools (device-scoped, under /system-tools/devices/:deviceId), served
// by the device's agent over its live channel.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const ZSystemToolDeviceParams = z.object({ deviceId: z.string().uuid() });
export const ZProcessParams = ZSystemToolDeviceParams.extend({
  pid: z.coerce.number().int().min(1).max(4_194_304).describe('Process id on the device'),
});
/** systemd unit names (`.service` is implied when absent), Windows service names, launchd labels. Never starts with `-` (not an option). */
export const ZServiceParams = ZSystemToolDeviceParams.extend({
  name: z
    .string()
    // Windows service names may hold spaces; a router that kept one encoded hands over `%20`.
    .transform((v) => (/%20/.test(v) ? v.replace(/%20/g, ' ') : v))
    .pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 @._:\\-]{0,250}$/, 'A service name: letters, digits, spaces and @ . _ : - \\'))
    .describe('Service name, e.g. `nginx` or `nginx.service`; a Windows service name (`Spooler`) or a launchd label'),
});

export const KILL_SIGNALS = ['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGSTOP', 'SIGCONT', 'SIGUSR1', 'SIGUSR2'] as const;
export const ZKillInput = z
  .object({ signal: z.enum(KILL_SIGNALS).default('SIGTERM').describe('Signal to send; default SIGTERM') })
  .strict()
  .meta({ id: 'ProcessKillInput' });

export const ZProcess = z
  .object({
    pid: z.number().int(),
    ppid: z.number().int(),
    name: z.string(),
    user: z.string().nullable(),
    uid: z.number().int().nullable(),
    state: z.string().describe('Kernel state letter: R running, S sleeping, D disk wait, Z zombie, T stopped, I idle (Windows has none: R)'),
    cpuPercent: z.number().describe('CPU use over a 250 ms sample, percent of one core (above 100 on several cores)'),
    memoryBytes: z.number().int().describe('Resident memory'),
    memoryPercent: z.number(),
    threads: z.number().int(),
    startedAt: ZTimestamp.nullable(),
    commandLine: z.string(),
  })
  .meta({ id: 'DeviceProcess' });

export const ZProcessList = z
  .object({ data: z.array(ZProcess), sampledMs: z.number().int().describe('Length of the CPU sample'), collectedAt: ZTimestamp })
  .meta({ id: 'DeviceProcessList' });

export const ZKillResult = z
  .object({ pid: z.number().int(), signal: z.enum(KILL_SIGNALS), delivered: z.literal(true) })
  .meta({ id: 'ProcessKillResult' });

export const ZService = z
  .object({
    name: z.string(),
    description: z.string(),
    loadState: z.string().describe('loaded, not-found, masked, not-loaded (installed but never loaded)…; Windows services and launchd jobs: loaded'),
    activeState: z.string().describe('active, inactive, failed, activating, deactivating'),
    subState: z.string().describe('running, exited, dead, failed…; Windows: running, stopped, start-pending, paused…; macOS: running, waiting, exited (status)'),
    unitFileState: z.string().nullable().describe('enabled, disabled, static, masked…; Windows: the start mode (auto, auto-delayed, manual, disabled, boot, system); macOS: enabled or disabled when launchd has an override'),
  })
  .meta({ id: 'DeviceService' });

export const ZServiceDetail = ZService.extend({
  mainPid: z.number().int().nullable(),
  activeSince: ZTimestamp.nullable(),
  fragmentPath: z.string().nullable(),
  user: z.string().nullable(),
  restart: z.string().nullable().describe('Restart policy'),
  memoryBytes: z.number().nullable(),
}).meta({ id: 'DeviceServiceDetail' });

export const ZServiceList = z.object({ data: z.array(ZService), collectedAt: ZTimestamp }).meta({ id: 'DeviceServiceList' });
