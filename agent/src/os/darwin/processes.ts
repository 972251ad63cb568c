// macOS processes from ps: two samples of each process's CPU time (`time`) 250 ms apart give its
// CPU use (percent of one core, like the Linux list); pid, parent, uid and user, state letter,
// resident memory, start time (`lstart`) and command line from one `ps -axww` call, the
// executable's name from `comm` and the thread count from `ps -M` (a line per thread). Killing
// sends the signal directly, as on Linux.
import { ToolError } from '../../channel';
import { runChecked, type CommandRunner } from '../command';
import type { ProcessInfo } from '../types';
import { KILL_SIGNALS } from '../linux/processes';
import { parseLstart } from './services';

const SAMPLE_MS = 250;
export const PS_FIELDS = 'pid=,ppid=,uid=,user=,state=,time=,rss=,lstart=,args=';

/** ps's cumulative CPU time, `[[dd-]hh:]mm:ss.cc`, in seconds. */
export function parseCpuTime(text: string): number | null {
  const m = /^(?:(?:(\d+)-)?(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** `ps -axo pid=,time=`: pid → seconds of CPU. */
export function parseCpuSample(text: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of text.split('\n')) {
    const [pid, time] = line.trim().split(/\s+/);
    const secs = parseCpuTime(time ?? '');
    if (/^\d+$/.test(pid ?? '') && secs !== null) out.set(Number(pid), secs);
  }
  return out;
}

/** `ps -axww -o pid=,comm=`: pid → executable (a path that may hold spaces). */
export function parseComm(text: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(.+)$/.exec(line);
    if (m) out.set(Number(m[1]), m[2].trim());
  }
  return out;
}

/** `ps -axM -o pid=`: one line per thread. */
export function parseThreads(text: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of text.split('\n')) {
    const pid = line.trim();
    if (/^\d+$/.test(pid)) out.set(Number(pid), (out.get(Number(pid)) ?? 0) + 1);
  }
  return out;
}

export interface PsSnapshot {
  before: string;
  after: string;
  comm: string;
  threads: string | null;
  elapsedMs: number;
  totalMemory: number;
}

export function parsePs(s: PsSnapshot): ProcessInfo[] {
  const before = parseCpuSample(s.before);
  const names = parseComm(s.comm);
  const threads = s.threads === null ? new Map<number, number>() : parseThreads(s.threads);
  const out: ProcessInfo[] = [];
  for (const line of s.after.split('\n')) {
    // pid ppid uid user state time rss, then lstart (five words), then the command line.
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\w{3}\s+\w{3}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}\s+\d{4})\s?(.*)$/.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    const cpuNow = parseCpuTime(m[6]);
    const cpuBefore = before.get(pid);
    const cpuPercent = cpuNow === null || cpuBefore === undefined || s.elapsedMs <= 0 ? 0 : ((cpuNow - cpuBefore) / (s.elapsedMs / 1000)) * 100;
    const memoryBytes = Number(m[7]) * 1024;
    const exe = names.get(pid) ?? '';
    const name = exe.split('/').pop() || exe;
    out.push({
      pid,
      ppid: Number(m[2]),
      name,
      user: m[4],
      uid: Number(m[3]),
      // The first letter is the state (R, S, I idle, T, U uninterruptible, Z); the rest are flags.
      state: m[5][0],
      cpuPercent: Math.max(0, Math.round(cpuPercent * 10) / 10),
      memoryBytes,
      memoryPercent: s.totalMemory > 0 ? Math.round((memoryBytes / s.totalMemory) * 1000) / 10 : 0,
      threads: threads.get(pid) ?? 1,
      startedAt: parseLstart(m[8]),
      commandLine: m[9].trim() || `[${name}]`,
    });
  }
  return out.sort((a, b) => a.pid - b.pid);
}

export function darwinProcesses(runner: CommandRunner) {
  const snapshot = async (pid: number | null, signal?: AbortSignal): Promise<{ processes: ProcessInfo[]; sampledMs: number }> => {
    const which = pid === null ? ['-ax'] : ['-p', String(pid)];
    const before = await runner('ps', [...which, '-o', 'pid=,time='], { signal });
    if (pid !== null && !before.stdout.trim()) throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid} on this device`);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    const elapsedMs = Date.now() - t0;
    const [after, comm, threads, memsize] = await Promise.all([
      runChecked(runner, 'ps', [...which, '-ww', '-o', PS_FIELDS], { signal }).catch((e) => {
        if (pid !== null) throw new ToolError('PROCESS_NOT_FOUND', `Process ${pid} exited`);
        throw e;
      }),
      runner('ps', [...which, '-ww', '-o', 'pid=,comm='], { signal }),
      runner('ps', [...which, '-M', '-o', 'pid='], { signal }),
      runner('sysctl', ['-n', 'hw.memsize'], { signal }),
    ]);
    const processes = parsePs({ before: before.stdout, after, comm: comm.stdout, threads: threads.code === 0 ? threads.stdout : null, elapsedMs, totalMemory: Number(memsize.stdout.trim()) || 0 });
    return { processes, sampledMs: elapsedMs };
  };
  return {
    listProcesses: (signal?: AbortSignal) => snapshot(null, signal),
    getProcess: async (pid: number, signal?: AbortSignal) => {
      if (!Number.isInteger(pid) || pid <= 0) throw new ToolError('INVALID_REQUEST', 'pid must be a positive integer');
      const [info] = (await snapshot(pid, signal)).processes;
      if (!info) throw new ToolError('PROCESS_NOT_FOUND', `Process ${pid} exited`);
      return info;
    },
    killProcess: async (pid: number, killSignal: string) => {
      if (!Number.isInteger(pid) || pid <= 1) throw new ToolError('INVALID_REQUEST', 'pid must be an integer above 1');
      if (!(KILL_SIGNALS as readonly string[]).includes(killSignal)) throw new ToolError('INVALID_REQUEST', `signal must be one of ${KILL_SIGNALS.join(', ')}`);
      if (pid === process.pid) throw new ToolError('OPERATION_REFUSED', 'The agent does not signal itself; restart its service instead');
      try {
        process.kill(pid, killSignal as NodeJS.Signals);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ESRCH') throw new ToolError('PROCESS_NOT_FOUND', `No process ${pid} on this device`);
        if (code === 'EPERM') throw new ToolError('OPERATION_NOT_PERMITTED', `The agent may not signal process ${pid} (it runs as another user)`);
        throw error;
      }
      return { pid, signal: killSignal, delivered: true as const };
    },
  };
}
