// Peak resident memory of the app and worker processes, sampled from /proc. Each is launched
// through tsx's CLI, which runs the real program in a child: a process tree counts as its
// largest member (the program), and a group of several processes as the sum of those.
import { readFileSync } from 'node:fs';

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

function treeRss(root: number): number {
  let largest = rssBytes(root);
  for (const child of children(root)) largest = Math.max(largest, treeRss(child));
  return largest;
}

export class RssSampler {
  private peaks: Record<string, number> = {};
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly groups: Record<string, number[]>) {
    this.timer = setInterval(() => this.sample(), 500);
    this.timer.unref();
    this.reset();
  }

  private sample(): void {
    for (const [name, pids] of Object.entries(this.groups)) {
      const total = pids.reduce((sum, pid) => sum + treeRss(pid), 0);
      this.peaks[name] = Math.max(this.peaks[name] ?? 0, total);
    }
  }

  /** Starts a new measurement window (one scenario). */
  reset(): void {
    this.peaks = {};
    this.sample();
  }

  /** Peak bytes per group since the last reset. */
  peak(): Record<string, number> {
    this.sample();
    return { ...this.peaks };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
