// Scenario 0: the machine's ceiling for a heartbeat. The same load generator as scenarios 1 and
// 7 (`rmm-agent simulate`, its sockets and pacing) drives a bare Node HTTP server that answers
// heartbeats without doing any work (bench/load/bare-heartbeat-server.ts). The offered rate rises
// ×1.5 a step from 1,667 beats/s until the pair stops keeping up, then the last step is bisected
// twice; the highest rate kept up with
// p99 within the target is what a heartbeat can reach on this box at all. Scenario 7 reports the
// app's capacity as a fraction of it, which holds from one machine to another where an absolute
// figure does not.
import { randomUUID } from 'node:crypto';
import { startLoad } from '../lib/child';
import { startSimulate } from '../lib/simulate';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/types';

const START_PER_SECOND = 1_667;
const GROWTH = 1.5;
const MAX_STEPS = 9;
const REFINE_STEPS = 2;
const P99_TARGET_MS = 250;
/** The bare server has no fleet to hold: a short interval keeps the simulated device count small. */
const INTERVAL_SECONDS = 6;
const MEASURE_SECONDS = 20;

export interface Ceiling {
  /** The highest offered rate kept up (≥95 % completed, p99 within the target, no errors). */
  beatsPerSecond: number;
  /** The most beats/s completed at any step, kept up or not. */
  peakBeatsPerSecond: number;
  /** Server CPU per beat at the sustained step (ms): the floor of any real handler. */
  serverCpuMsPerBeat: number | null;
}

async function startBareServer(): Promise<{ url: string; stop: () => Promise<{ served: number; cpuSeconds: number }> }> {
  let resolvePort: (port: number) => void = () => undefined;
  const port = new Promise<number>((resolve) => (resolvePort = resolve));
  const server = startLoad<{ served: number; refused: number; cpuSeconds: number }>('bench/load/bare-heartbeat-server.ts', [String(INTERVAL_SECONDS)], {
    onStderr: (line) => {
      const m = /^listening (\d+)/.exec(line.trim());
      if (m) resolvePort(Number(m[1]));
    },
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the bare heartbeat server did not start within 30 s')), 30_000).unref());
  const listening = await Promise.race([port, timeout, server.result.then(() => Promise.reject(new Error('the bare heartbeat server exited')))]);
  return {
    url: `http://127.0.0.1:${listening}`,
    stop: async () => {
      server.child.kill('SIGTERM');
      return server.result;
    },
  };
}

export async function measureCeiling(ctx: BenchContext): Promise<{ ceiling: Ceiling; rows: ScenarioResult[] }> {
  const bare = await startBareServer();
  const rows: ScenarioResult[] = [];
  // Set inside tryRate; declared with a cast so the compiler does not narrow it to null here.
  let sustained = null as { row: ScenarioResult; cpuMs: number | null } | null;
  try {
    const tryRate = async (offered: number): Promise<boolean> => {
      const n = offered * INTERVAL_SECONDS;
      const devices = Array.from({ length: n }, (_, i) => ({ hostname: `bare-${i}`, agentId: randomUUID(), token: 'bare-server-takes-any-token', deviceId: randomUUID() }));
      ctx.log(`scenario 0: bare server, ${offered} beats/s offered`);
      const sim = startSimulate({ urls: [bare.url], devices, intervalSeconds: INTERVAL_SECONDS, durationSeconds: INTERVAL_SECONDS + MEASURE_SECONDS, workDir: ctx.workDir, name: `0-ceiling-${offered}`, log: ctx.log });
      const report = await sim.result;
      const steady = report.steady ?? { heartbeatsPerSecond: report.heartbeatsPerSecond, latencyMs: report.latencyMs };
      const keptUp = steady.heartbeatsPerSecond >= offered * 0.95 && steady.latencyMs.p99 <= P99_TARGET_MS && report.errors.total === 0;
      const row: ScenarioResult = {
        id: `0-ceiling-${offered}`,
        scenario: '0 bare-server ceiling step',
        load: `${offered} beats/s offered (${n} simulated devices @${INTERVAL_SECONDS} s)`,
        throughput: steady.heartbeatsPerSecond,
        unit: 'beats/s',
        p50: steady.latencyMs.p50,
        p95: steady.latencyMs.p95,
        p99: steady.latencyMs.p99,
        errors: report.errors.total,
        rssMb: { app: 0, worker: 0 },
        target: `${offered}/s offered`,
        met: null,
        extra: { offeredPerSecond: offered, keptUp, generatorCpuSeconds: report.cpuSeconds, heartbeats: report.heartbeats },
      };
      rows.push(row);
      if (keptUp) sustained = { row, cpuMs: null };
      return keptUp;
    };
    // Grow ×1.5 a step until the pair stops keeping up, then halve the last interval twice: the
    // ceiling is read to within about 6 %, not to a whole ×1.5 step.
    let good = 0;
    let bad = 0;
    for (let step = 0; step < MAX_STEPS; step++) {
      const offered = Math.round(START_PER_SECOND * GROWTH ** step);
      if (await tryRate(offered)) good = offered;
      else {
        bad = offered;
        break;
      }
    }
    for (let i = 0; good > 0 && bad > 0 && i < REFINE_STEPS; i++) {
      const mid = Math.round((good + bad) / 2);
      if (await tryRate(mid)) good = mid;
      else bad = mid;
    }
  } finally {
    const totals = await bare.stop().catch(() => null);
    if (sustained && totals?.served) sustained.cpuMs = Math.round((totals.cpuSeconds * 1000 * 1000) / totals.served) / 1000;
  }
  const peak = rows.reduce((a, b) => ((b.throughput ?? 0) > (a.throughput ?? 0) ? b : a), rows[0]);
  const ceiling: Ceiling = { beatsPerSecond: sustained?.row.throughput ?? 0, peakBeatsPerSecond: peak?.throughput ?? 0, serverCpuMsPerBeat: sustained?.cpuMs ?? null };
  return { ceiling, rows };
}

/** The run's ceiling: measured once, by scenario 0 or by the first scenario that needs it. */
export async function ensureCeiling(ctx: BenchContext): Promise<Ceiling> {
  if (!ctx.ceiling) ctx.ceiling = (await measureCeiling(ctx)).ceiling;
  return ctx.ceiling;
}

export const ceilingScenario: Scenario = {
  key: '0',
  title: 'bare-server ceiling',
  fleetSize: 0,
  async run(ctx) {
    const { ceiling, rows } = await measureCeiling(ctx);
    ctx.ceiling = ceiling;
    const best = rows.filter((r) => r.extra?.keptUp).pop();
    return [
      ...rows,
      {
        id: '0-ceiling',
        scenario: '0 bare-server ceiling',
        load: 'the same generator against a server doing no work, offered ×1.5 a step from 1,667 beats/s, then bisected twice',
        throughput: ceiling.beatsPerSecond,
        unit: 'beats/s',
        p50: best?.p50 ?? null,
        p95: best?.p95 ?? null,
        p99: best?.p99 ?? null,
        errors: 0,
        rssMb: { app: 0, worker: 0 },
        target: `the highest rate with p99<=${P99_TARGET_MS} ms: this box's limit`,
        met: null,
        extra: { ...ceiling },
      },
    ];
  },
};
