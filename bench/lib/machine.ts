// What a result file records of the machine, so two files can be compared fairly: the CPU, how
// much of it the hypervisor took (steal), and how loaded the box was before and during the run.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

interface CpuTimes { total: number; steal: number; idle: number }

function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith('cpu '));
    if (!line) return null;
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal: f[7] ?? 0, idle: (f[3] ?? 0) + (f[4] ?? 0) };
  } catch {
    return null;
  }
}

export interface MachineRecord {
  cpus: number;
  cpuModel: string;
  /** Load average (1 min) before anything started, and sampled every 5 s during the run. */
  loadAverage: { start: number; end: number; max: number; mean: number };
  /** Share of CPU time the hypervisor gave to others during the run (percent), null off Linux. */
  stealPercent: number | null;
  /** Share of CPU time idle during the run (percent): the headroom left while the bench ran. */
  idlePercent: number | null;
}

export function watchMachine(): { stop: () => MachineRecord } {
  const start = loadavg()[0];
  const t0 = cpuTimes();
  const samples: number[] = [start];
  const timer = setInterval(() => samples.push(loadavg()[0]), 5_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const end = loadavg()[0];
      samples.push(end);
      const t1 = cpuTimes();
      const span = t0 && t1 ? t1.total - t0.total : 0;
      const pct = (a: number) => (span > 0 ? Math.round((a / span) * 1000) / 10 : null);
      return {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        loadAverage: { start, end, max: Math.max(...samples), mean: Math.round((samples.reduce((a, b) => a + b, 0) / samples.length) * 100) / 100 },
        stealPercent: t0 && t1 ? pct(t1.steal - t0.steal) : null,
        idlePercent: t0 && t1 ? pct(t1.idle - t0.idle) : null,
      };
    },
  };
}
