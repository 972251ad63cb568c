// Peak resident memory and CPU time of the app, worker and database processes, from /proc.
// The app and worker may run as a process tree (tsx's CLI runs the real program in a child): a
// process tree's memory counts as its largest member (the program), a group of several processes
// as the sum of those. CPU time is summed over whole trees (PostgreSQL: the postmaster and its
// backends). On a box shared with other work, CPU per operation is the figure that stays
// comparable between runs when wall-clock throughput does not.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and cutime, cstime: the CPU of children it has reaped (PostgreSQL backends
    // that ended when the pool closed an idle connection), which would otherwise vanish from the
    // sum mid-scenario and make a group's CPU go backwards.
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

function tree(root: number): number[] {
  return [root, ...children(root).flatMap(tree)];
}

/** Resident memory of one process tree now (its largest member, as the sampler counts it). */
export function treeRss(pid: number): number {
  return Math.max(0, ...tree(pid).map(rssBytes));
}

export class RssSampler {
  private peaks: Record<string, number> = {};
  private cpuStart: Record<string, number> = {};
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly groups: Record<string, number[]>) {
    this.timer = setInterval(() => this.sample(), 500);
    this.timer.unref();
    this.reset();
  }

  private sample(): void {
    for (const [name, pids] of Object.entries(this.groups)) {
      const total = pids.reduce((sum, pid) => sum + Math.max(0, ...tree(pid).map(rssBytes)), 0);
      this.peaks[name] = Math.max(this.peaks[name] ?? 0, total);
    }
  }

  private cpuSeconds(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, pids] of Object.entries(this.groups)) {
      out[name] = pids.flatMap(tree).reduce((sum, pid) => sum + cpuTicks(pid), 0) / TICKS_PER_SECOND;
    }
    return out;
  }

  /** Starts a new measurement window (one scenario). */
  reset(): void {
    this.peaks = {};
    this.cpuStart = this.cpuSeconds();
    this.sample();
  }

  /** Peak bytes per group since the last reset. */
  peak(): Record<string, number> {
    this.sample();
    return { ...this.peaks };
  }

  /** CPU seconds per group since the last reset. */
  cpu(): Record<string, number> {
    const now = this.cpuSeconds();
    return Object.fromEntries(Object.keys(now).map((k) => [k, Math.round((now[k] - (this.cpuStart[k] ?? 0)) * 100) / 100]));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
