// The one table a run prints, and the ratio table of --compare.
import type { ScenarioResult } from './types';

export interface BenchRun {
  startedAt: string;
  finishedAt: string;
  options: { scale: number; intervalSeconds: number; webProcesses: number; workers: number; scenarios: string[]; label: string | null; env?: Record<string, string>; durable?: boolean };
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    postgres: string;
    loadAverage?: { start: number; end: number; max?: number; mean?: number };
    stealPercent?: number | null;
    idlePercent?: number | null;
    /** Scenario 0's figure when the run measured it: the box's own limit for a heartbeat. */
    ceilingBeatsPerSecond?: number | null;
  };
  results: ScenarioResult[];
}

const num = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '-' : v >= 100 ? String(Math.round(v)) : v.toFixed(digits));

function render(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function cpuCell(r: ScenarioResult): string {
  const c = r.cpuMsPerOp;
  return c ? `${c.app.toFixed(2)}/${c.worker.toFixed(2)}/${c.db === null ? '-' : c.db.toFixed(2)}` : '-';
}

export function formatTable(run: BenchRun): string {
  const o = run.options;
  const title = `rmm bench ${run.startedAt} — ${run.machine.cpus} cores, node ${run.machine.node}, ${run.machine.postgres} PostgreSQL${run.machine.postgres === 'embedded' ? (o.durable ? ' (durable: fsync on)' : ' (throwaway: fsync off)') : ''}, ${o.webProcesses} web + ${o.workers} worker process(es), load average ${run.machine.loadAverage ? `${run.machine.loadAverage.start.toFixed(1)}→${run.machine.loadAverage.end.toFixed(1)}${run.machine.loadAverage.max !== undefined ? ` (max ${run.machine.loadAverage.max.toFixed(1)})` : ''}` : '?'}${run.machine.stealPercent != null ? `, steal ${run.machine.stealPercent} %` : ''}${run.machine.ceilingBeatsPerSecond ? `, ceiling ${Math.round(run.machine.ceilingBeatsPerSecond)} beats/s` : ''}${o.scale === 1 ? '' : `, scaled 1/${o.scale} (interval ${o.intervalSeconds} s)`}`;
  const header = ['scenario', 'load', 'throughput', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'RSS app MB', 'RSS worker MB', 'CPU ms/op app/wrk/db', 'target', 'met'];
  const rows = run.results.map((r) =>
    r.skipped
      ? [r.scenario, r.skipped, '-', '-', '-', '-', String(r.errors), '-', '-', '-', r.target, r.met === false ? 'NO' : '-']
      : [r.scenario, r.load, r.throughput === null ? '-' : `${num(r.throughput)} ${r.unit}`, num(r.p50), num(r.p95), num(r.p99), String(r.errors), String(r.rssMb.app), String(r.rssMb.worker), cpuCell(r), r.target, r.met === null ? '-' : r.met ? 'yes' : 'NO'],
  );
  return `${title}\n\n${render(header, rows)}`;
}

const ratio = (a: number | null, b: number | null) => (a && b !== null ? `${(b / a).toFixed(2)}x` : '-');

/** B relative to A, per scenario row present in both: >1 throughput is better, <1 latency is better. */
export function formatComparison(a: BenchRun, b: BenchRun): string {
  const header = ['scenario', 'load', 'throughput A', 'throughput B', 'B/A', 'p99 A', 'p99 B', 'B/A', 'errors A', 'errors B'];
  const rows: string[][] = [];
  for (const rb of b.results) {
    const ra = a.results.find((r) => r.id === rb.id);
    if (!ra) continue;
    rows.push([rb.scenario, rb.load, num(ra.throughput), num(rb.throughput), ratio(ra.throughput, rb.throughput), num(ra.p99), num(rb.p99), ratio(ra.p99, rb.p99), String(ra.errors), String(rb.errors)]);
  }
  const label = (r: BenchRun) => `${r.startedAt} (${r.options.webProcesses} web + ${r.options.workers} worker, scale 1/${r.options.scale}${r.options.label ? `, ${r.options.label}` : ''})`;
  return `A: ${label(a)}\nB: ${label(b)}\n\n${render(header, rows)}`;
}
