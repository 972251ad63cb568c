// Windows processes from Win32_Process: two samples of each process's kernel + user time 250 ms
// apart give its CPU use (percent of one core, like the Linux list), plus parent, name, command
// line, start time, working set and threads; owners from Get-Process -IncludeUserName (it needs
// the administrator rights the agent's service has; without them the user is null). Windows has
// no process state letters: a listed process is running ('R'). Killing goes through taskkill:
// SIGTERM asks the process to close, SIGKILL (and SIGINT) terminate it.
import path from 'node:path';
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { ProcessInfo } from '../types';
import { asArray, psDate, psNumber, psText, runPowerShell, type PsObject } from './powershell';

export const PROCESS_SCRIPT = `
$q = @{ ClassName = 'Win32_Process' }
if ($p -and $p.pid) { $q.Filter = 'ProcessId = ' + [int]$p.pid }
$before = @{}
foreach ($c in Get-CimInstance @q -Property ProcessId, KernelModeTime, UserModeTime) { $before[[string]$c.ProcessId] = [double]$c.KernelModeTime + [double]$c.UserModeTime }
if ($p -and $p.pid -and $before.Count -eq 0) { Fail 'PROCESS_NOT_FOUND' ('No process ' + [int]$p.pid + ' on this device') }
$sw = [Diagnostics.Stopwatch]::StartNew()
Start-Sleep -Milliseconds 250
$rows = Get-CimInstance @q | Select-Object ProcessId, ParentProcessId, Name, CommandLine, CreationDate, WorkingSetSize, ThreadCount, KernelModeTime, UserModeTime
$elapsed = $sw.ElapsedMilliseconds
$users = @{}
try { foreach ($g in Get-Process -IncludeUserName) { $users[[string]$g.Id] = $g.UserName } } catch { }
$memory = (Get-CimInstance Win32_ComputerSystem).TotalPhysicalMemory
[pscustomobject]@{ ElapsedMs = $elapsed; TotalMemory = $memory; Before = $before; Users = $users; Processes = @($rows) } | ConvertTo-Json -Depth 3 -Compress
`;

const round1 = (n: number) => Math.round(n * 10) / 10;

export function parseProcesses(raw: unknown): { processes: ProcessInfo[]; sampledMs: number } {
  const r = (raw ?? {}) as PsObject;
  const elapsedMs = psNumber(r.ElapsedMs) ?? 0;
  const totalMemory = psNumber(r.TotalMemory) ?? 0;
  const before = (r.Before ?? {}) as Record<string, unknown>;
  const users = (r.Users ?? {}) as Record<string, unknown>;
  const processes: ProcessInfo[] = [];
  for (const p of asArray(r.Processes)) {
    const pid = psNumber(p.ProcessId);
    if (pid === null) continue;
    // Kernel and user mode times are in 100 ns units.
    const cpuNow = (psNumber(p.KernelModeTime) ?? 0) + (psNumber(p.UserModeTime) ?? 0);
    const cpuBefore = psNumber(before[String(pid)]);
    const cpuPercent = cpuBefore === null || elapsedMs <= 0 ? 0 : ((cpuNow - cpuBefore) / 10_000 / elapsedMs) * 100;
    const memoryBytes = psNumber(p.WorkingSetSize) ?? 0;
    const name = psText(p.Name) ?? '';
    processes.push({
      pid,
      ppid: psNumber(p.ParentProcessId) ?? 0,
      name,
      user: psText(users[String(pid)]),
      uid: null,
      state: 'R',
      cpuPercent: Math.max(0, round1(cpuPercent)),
      memoryBytes,
      memoryPercent: totalMemory > 0 ? round1((memoryBytes / totalMemory) * 100) : 0,
      threads: psNumber(p.ThreadCount) ?? 0,
      startedAt: psDate(p.CreationDate),
      // The System Idle Process, System and protected processes show no command line.
      commandLine: psText(p.CommandLine) ?? `[${name}]`,
    });
  }
  processes.sort((a, b) => a.pid - b.pid);
  return { processes, sampledMs: elapsedMs };
}

function taskkillPath(): string {
  return path.win32.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'taskkill.exe');
}

/** taskkill's arguments for a signal: SIGTERM closes politely, SIGKILL and SIGINT force. */
export function taskkillArgs(pid: number, signal: string): string[] {
  if (signal === 'SIGTERM') return ['/PID', String(pid)];
  if (signal === 'SIGKILL' || signal === 'SIGINT') return ['/PID', String(pid), '/F'];
  throw new ToolError('UNSUPPORTED_ON_PLATFORM', `Windows has no ${signal}: a process is ended with SIGTERM (close) or SIGKILL (terminate)`);
}

export function windowsProcesses(runner: CommandRunner) {
  return {
    listProcesses: async (signal?: AbortSignal) => parseProcesses(await runPowerShell(runner, PROCESS_SCRIPT, {}, { signal })),
    getProcess: async (pid: number, signal?: AbortSignal) => {
      if (!Number.isInteger(pid) || pid <= 0) throw new ToolError('INVALID_REQUEST', 'pid must be a positive integer');
      const [info] = parseProcesses(await runPowerShell(runner, PROCESS_SCRIPT, { pid }, { signal })).processes;
      if (!info) throw new ToolError('PROCESS_NOT_FOUND', `Process ${pid} exited`);
      return info;
    },
    killProcess: async (pid: number, killSignal: string, signal?: AbortSignal) => {
      // 0 is the System Idle Process and 4 is System.
      if (!Number.isInteger(pid) || pid <= 4) throw new ToolError('INVALID_REQUEST', 'pid must be an integer above 4');
      if (pid === process.pid) throw new ToolError('OPERATION_REFUSED', 'The agent does not end itself; restart its service instead');
      const r = await runner(taskkillPath(), taskkillArgs(pid, killSignal), { signal, timeoutMs: 30_000 });
      const text = `${r.stderr}${r.stdout}`.trim();
      // taskkill exits 128 when there is no such process.
      if (r.code === 128) throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid} on this device`);
      if (r.code !== 0) {
        if (/access is denied/i.test(text)) throw new ToolError('OPERATION_NOT_PERMITTED', `The agent may not end process ${pid}`);
        throw new ToolError('AGENT_OPERATION_FAILED', `taskkill failed: ${text.slice(0, 2000) || `exit code ${r.code}`}`);
      }
      return { pid, signal: killSignal, delivered: true as const };
    },
  };
}
