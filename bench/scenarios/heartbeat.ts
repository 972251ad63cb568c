// Scenario 1: heartbeat ingest with `rmm-agent simulate` — 10k, 50k and 100k devices at a 60 s
// interval, measured in steady state (after every device has beaten once).
import { startSimulate } from '../lib/simulate';
import { cpuPerOp, mb, type BenchContext, type Scenario, type ScenarioResult } from '../lib/types';

export const FLEETS = [10_000, 50_000, 100_000];
const P99_TARGET_MS = 250;

export function fleetLabel(devices: number, ctx: BenchContext): string {
  const k = `${devices / 1000}k`;
  return ctx.scale.factor === 1 ? `${k} devices @60 s` : `${k} @60 s (${devices / ctx.scale.factor} @${ctx.scale.intervalSeconds} s)`;
}

/** Steady-state measuring time after the first interval: enough beats for a stable p99. */
export function measureSeconds(ctx: BenchContext): number {
  return Math.max(20, ctx.scale.intervalSeconds * 2);
}

export async function runHeartbeat(ctx: BenchContext, devices: number, id: string): Promise<ScenarioResult> {
  const n = Math.round(devices / ctx.scale.factor);
  ctx.stack.rss.reset();
  ctx.log(`scenario 1: ${n} devices every ${ctx.scale.intervalSeconds} s (${(n / ctx.scale.intervalSeconds).toFixed(0)} beats/s offered)`);
  const sim = startSimulate({
    urls: ctx.stack.urls,
    devices: ctx.fleet.slice(0, n),
    intervalSeconds: ctx.scale.intervalSeconds,
    durationSeconds: ctx.scale.intervalSeconds + measureSeconds(ctx),
    workDir: ctx.workDir,
    name: id,
    log: ctx.log,
  });
  const report = await sim.result;
  const steady = report.steady ?? { heartbeatsPerSecond: report.heartbeatsPerSecond, latencyMs: report.latencyMs };
  const offered = n / ctx.scale.intervalSeconds;
  const rss = ctx.stack.rss.peak();
  const cpu = ctx.stack.rss.cpu();
  // Keeping up means the steady rate is (within sampling noise) the offered rate.
  const keptUp = steady.heartbeatsPerSecond >= offered * 0.95;
  return {
    id,
    scenario: '1 heartbeat ingest',
    load: fleetLabel(devices, ctx),
    throughput: steady.heartbeatsPerSecond,
    unit: 'beats/s',
    p50: steady.latencyMs.p50,
    p95: steady.latencyMs.p95,
    p99: steady.latencyMs.p99,
    errors: report.errors.total,
    rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
    cpuMsPerOp: cpuPerOp(cpu, report.heartbeats),
    target: `${offered.toFixed(0)}/s, p99<=${P99_TARGET_MS} ms, 0 err`,
    met: keptUp && steady.latencyMs.p99 <= P99_TARGET_MS && report.errors.total === 0,
    extra: { offeredPerSecond: Math.round(offered * 10) / 10, errorsByKind: report.errors.byKind, devices: n, intervalSeconds: ctx.scale.intervalSeconds, maxMs: steady.latencyMs.max, cpuSeconds: { ...cpu, simulate: report.cpuSeconds }, heartbeats: report.heartbeats },
  };
}

export const heartbeatScenario: Scenario = {
  key: '1',
  title: 'heartbeat ingest',
  fleetSize: Math.max(...FLEETS),
  async run(ctx) {
    const out: ScenarioResult[] = [];
    for (const devices of FLEETS) out.push(await runHeartbeat(ctx, devices, `1-heartbeat-${devices / 1000}k`));
    return out;
  },
};
