// Windows services from Win32_Service (name, display name, state, start mode, process, binary
// path, account), controlled with Start-Service / Stop-Service / Restart-Service. Mapped onto the
// contract's systemd-shaped fields: activeState active/inactive/activating/deactivating/failed,
// subState the Windows state (running, stopped, start-pending…), unitFileState the start mode
// (auto, auto-delayed, manual, disabled, boot, system).
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { ServiceDetail, ServiceSummary } from '../types';
import { asArray, psBool, psDate, psNumber, psText, runPowerShell, type PsObject } from './powershell';

export const LIST_SCRIPT = `
$rows = Get-CimInstance Win32_Service | Select-Object Name, DisplayName, State, StartMode, DelayedAutoStart, ExitCode
ConvertTo-Json -InputObject @($rows) -Depth 2 -Compress
`;

export const GET_SCRIPT = `
$s = Get-CimInstance Win32_Service | Where-Object { $_.Name -eq $p.name } | Select-Object Name, DisplayName, Description, State, StartMode, DelayedAutoStart, ExitCode, ProcessId, PathName, StartName
if (-not $s) { Fail 'SERVICE_NOT_FOUND' ("No service " + $p.name + " on this device") }
$proc = $null
if ($s.ProcessId) { $proc = Get-CimInstance Win32_Process -Filter ("ProcessId = " + [int]$s.ProcessId) | Select-Object CreationDate, WorkingSetSize }
[pscustomobject]@{ Service = $s; Process = $proc } | ConvertTo-Json -Depth 3 -Compress
`;

export const ACTION_SCRIPT = `
switch ($p.action) {
  'start' { Start-Service -Name $p.name }
  'stop' { Stop-Service -Name $p.name -Force }
  'restart' { Restart-Service -Name $p.name -Force }
}
`;

const ACTIVE: Record<string, string> = { running: 'active', stopped: 'inactive', 'start-pending': 'activating', 'stop-pending': 'deactivating', 'continue-pending': 'activating', 'pause-pending': 'deactivating', paused: 'inactive' };

function subState(state: unknown): string {
  return (psText(state) ?? 'unknown').toLowerCase().replace(/\s+/g, '-');
}

function summary(s: PsObject): ServiceSummary {
  const sub = subState(s.State);
  const mode = (psText(s.StartMode) ?? '').toLowerCase();
  // A stopped service whose last exit code is not 0 (nor 1077, "never started") failed.
  const exit = psNumber(s.ExitCode);
  const failed = sub === 'stopped' && exit !== null && exit !== 0 && exit !== 1077;
  return {
    name: psText(s.Name) ?? '',
    description: psText(s.DisplayName) ?? '',
    loadState: 'loaded',
    activeState: failed ? 'failed' : (ACTIVE[sub] ?? 'unknown'),
    subState: sub,
    unitFileState: mode ? (mode === 'auto' && psBool(s.DelayedAutoStart) ? 'auto-delayed' : mode) : null,
  };
}

export function parseServiceList(raw: unknown): ServiceSummary[] {
  return asArray(raw)
    .map(summary)
    .filter((s) => s.name)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function parseServiceDetail(raw: unknown): ServiceDetail {
  const r = (raw ?? {}) as PsObject;
  const s = (r.Service ?? {}) as PsObject;
  const proc = (r.Process ?? null) as PsObject | null;
  const pid = psNumber(s.ProcessId);
  const running = pid !== null && pid > 0;
  return {
    ...summary(s),
    mainPid: running ? pid : null,
    activeSince: running && proc ? psDate(proc.CreationDate) : null,
    fragmentPath: psText(s.PathName),
    user: psText(s.StartName),
    restart: null,
    memoryBytes: running && proc ? psNumber(proc.WorkingSetSize) : null,
  };
}

/** A Windows service (key) name: may hold spaces, never starts like an option. */
export const WINDOWS_SERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9 @._:\\-]{0,250}$/;

function checkName(name: string): string {
  if (!WINDOWS_SERVICE_NAME.test(name)) throw new ToolError('INVALID_REQUEST', 'Invalid service name');
  return name;
}

export function windowsServices(runner: CommandRunner) {
  const getService = async (name: string, signal?: AbortSignal) => parseServiceDetail(await runPowerShell(runner, GET_SCRIPT, { name: checkName(name) }, { signal }));
  return {
    listServices: async (signal?: AbortSignal) => ({ services: parseServiceList(await runPowerShell(runner, LIST_SCRIPT, undefined, { signal })) }),
    getService,
    serviceAction: async (name: string, action: string, signal?: AbortSignal) => {
      if (!['start', 'stop', 'restart'].includes(action)) throw new ToolError('INVALID_REQUEST', 'action must be start, stop or restart');
      const before = await getService(name, signal);
      await runPowerShell(runner, ACTION_SCRIPT, { name: before.name, action }, { signal, timeoutMs: 90_000 });
      return getService(before.name, signal);
    },
  };
}
