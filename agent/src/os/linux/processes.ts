// Processes from /proc (Linux): pid, parent, name, user, state, CPU (sampled over a short
// window, like `top`), resident memory, start time and command line; kill by signal.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { ToolError } from '../../channel';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  name: string;
  user: string | null;
  uid: number | null;
  state: string;
  cpuPercent: number;
  memoryBytes: number;
  memoryPercent: number;
  threads: number;
  startedAt: string | null;
  commandLine: string;
}

/** Kernel clock ticks per second (USER_HZ): 100 on every Linux architecture in use. */
const CLK_TCK = 100;
const PAGE_SIZE = 4096;
const SAMPLE_MS = 250;
export const KILL_SIGNALS = ['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGSTOP', 'SIGCONT', 'SIGUSR1', 'SIGUSR2'] as const;

export function assertLinux(what: string): void {
  if (process.platform !== 'linux') throw new ToolError('UNSUPPORTED_ON_PLATFORM', `${what} is not available on ${process.platform} in this agent`);
}

export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
  threads: number;
  /** Start time in clock ticks after boot. */
  startTicks: number;
  rssPages: number;
}

/** Parses /proc/<pid>/stat; the name (field 2) is in parentheses and may itself contain spaces and parentheses. */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text.slice(close + 2).trim().split(/\s+/);
  // rest[0] is field 3 (state); field n is rest[n - 3].
  const f = (n: number) => Number(rest[n - 3]);
  if (!Number.isInteger(pid) || rest.length < 22) return null;
  return { pid, comm: text.slice(open + 1, close), state: rest[0], ppid: f(4), cpuTicks: f(14) + f(15), threads: f(20), startTicks: f(22), rssPages: f(24) };
}

/** uid → user name, from /etc/passwd. */
export function parsePasswd(text: string): Map<number, string> {
  const users = new Map<number, string>();
  for (const line of text.split('\n')) {
    const [name, , uid] = line.split(':');
    if (name && uid !== undefined && /^\d+$/.test(uid)) users.set(Number(uid), name);
  }
  return users;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function bootTimeMs(): number {
  const btime = /^btime (\d+)$/m.exec(read('/proc/stat') ?? '');
  return btime ? Number(btime[1]) * 1000 : Date.now() - os.uptime() * 1000;
}

function sampleCpu(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = parseProcStat(read(`/proc/${entry}/stat`) ?? '');
    if (stat) ticks.set(stat.pid, stat.cpuTicks);
  }
  return ticks;
}

function describe(pid: number, users: Map<number, string>, boot: number, before: Map<number, number> | null, elapsedMs: number): ProcessInfo | null {
  const stat = parseProcStat(read(`/proc/${pid}/stat`) ?? '');
  if (!stat) return null; // gone meanwhile
  const uidMatch = /^Uid:\s+(\d+)/m.exec(read(`/proc/${pid}/status`) ?? '');
  const uid = uidMatch ? Number(uidMatch[1]) : null;
  const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').replace(/\0+$/, '').split('\0').join(' ');
  const memoryBytes = stat.rssPages * PAGE_SIZE;
  const previous = before?.get(pid);
  const cpuPercent = previous === undefined || elapsedMs <= 0 ? 0 : ((stat.cpuTicks - previous) / CLK_TCK / (elapsedMs / 1000)) * 100;
  return {
    pid,
    ppid: stat.ppid,
    name: stat.comm,
    user: uid === null ? null : (users.get(uid) ?? String(uid)),
    uid,
    state: stat.state,
    cpuPercent: Math.max(0, Math.round(cpuPercent * 10) / 10),
    memoryBytes,
    memoryPercent: Math.round((memoryBytes / os.totalmem()) * 1000) / 10,
    threads: stat.threads,
    startedAt: Number.isFinite(stat.startTicks) ? new Date(boot + (stat.startTicks / CLK_TCK) * 1000).toISOString() : null,
    commandLine: cmdline || `[${stat.comm}]`,
  };
}

export async function listProcesses(): Promise<{ processes: ProcessInfo[]; sampledMs: number }> {
  assertLinux('The process list');
  const users = parsePasswd(read('/etc/passwd') ?? '');
  const boot = bootTimeMs();
  const before = sampleCpu();
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, SAMPLE_MS));
  const elapsed = Date.now() - t0;
  const processes: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = describe(Number(entry), users, boot, before, elapsed);
    if (info) processes.push(info);
  }
  processes.sort((a, b) => a.pid - b.pid);
  return { processes, sampledMs: elapsed };
}

export async function getProcess(pid: number): Promise<ProcessInfo> {
  assertLinux('The process list');
  if (!Number.isInteger(pid) || pid <= 0) throw new ToolError('INVALID_REQUEST', 'pid must be a positive integer');
  const before = parseProcStat(read(`/proc/${pid}/stat`) ?? '');
  if (!before) throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid} on this device`);
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, SAMPLE_MS));
  const info = describe(pid, parsePasswd(read('/etc/passwd') ?? ''), bootTimeMs(), new Map([[pid, before.cpuTicks]]), Date.now() - t0);
  if (!info) throw new ToolError('PROCESS_NOT_FOUND', `Process ${pid} exited`);
  return info;
}

export function killProcess(pid: number, signal: string): { pid: number; signal: string; delivered: true } {
  assertLinux('Killing a process');
  if (!Number.isInteger(pid) || pid <= 1) throw new ToolError('INVALID_REQUEST', 'pid must be an integer above 1');
  if (!(KILL_SIGNALS as readonly string[]).includes(signal)) throw new ToolError('INVALID_REQUEST', `signal must be one of ${KILL_SIGNALS.join(', ')}`);
  if (pid === process.pid) throw new ToolError('OPERATION_REFUSED', 'The agent does not signal itself; restart its service instead');
  try {
    process.kill(pid, signal as NodeJS.Signals);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid} on this device`);
    if (code === 'EPERM') throw new ToolError('OPERATION_NOT_PERMITTED', `The agent may not signal process ${pid} (it runs as another user)`);
    throw error;
  }
  return { pid, signal, delivered: true };
}
