// Scenario 2: GET /devices in cursor pages of 500 across the 100k-device fleet while the whole
// fleet heartbeats every 60 s (1,667 beats/s; --quick: a tenth of the fleet every 6 s, the same
// rate). The target: a page's p95 <= 50 ms at a realistic reading load. Measured, in this order:
// - beats alone (10 s, once every device has beaten once): the web, worker and database CPU of a
//   heartbeat, to take out of the CPU of the reading phases below;
// - latency: pages requested open loop at a fixed pace of LATENCY_RATE a second (many consoles
//   and integrations reading at once), at every depth of the list; p50/p95/p99 from the moment
//   each page was due. This row carries the 50 ms target;
// - throughput: READERS closed-loop readers, each asking for its next page as soon as the last
//   arrived, so the server is never idle. Pages per second is the figure; its latency is only
//   READERS / throughput (readers queue behind each other), so that row has no latency target.
// CPU ms per page (app/worker/db) is each phase's CPU less the heartbeats it served (counted by
// the web processes' own request counters) at the beats-alone cost per beat: the page's own cost.
import { startLoad } from '../lib/child';
import { startSimulate } from '../lib/simulate';
import { mb, type BenchContext, type Scenario, type ScenarioResult } from '../lib/types';
import { fleetLabel } from './heartbeat';

const READERS = 20;
const LATENCY_RATE = 20;
const P95_TARGET_MS = 50;
const BEATS_ALONE_SECONDS = 10;
const LIMIT = 500;

interface PagesReport {
  pages: number;
  pagesPerSecond: number;
  devicesPerSecond: number;
  completeWalks: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: { total: number; byKind: Record<string, number> };
  offeredPerSecond?: number;
  maxInFlight?: number;
}

/** Requests the web processes have answered so far, from their Prometheus counters: heartbeats and device pages. */
async function servedSoFar(ctx: BenchContext): Promise<{ beats: number; pages: number }> {
  const token = ctx.stack.env.METRICS_TOKEN;
  let beats = 0;
  let pages = 0;
  for (const url of ctx.stack.urls) {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
    for (const line of (await res.text()).split('\n')) {
      if (!line.startsWith('http_requests_total{')) continue;
      const n = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (line.includes('route="/api/v1/agents/[agentId]/heartbeat"')) beats += n;
      else if (line.includes('method="GET"') && line.includes('route="/api/v1/devices"')) pages += n;
    }
  }
  return { beats, pages };
}

interface Window {
  cpu: Record<string, number>;
  beats: number;
  pages: number;
  seconds: number;
}

/** CPU seconds of each process group and the requests served while `work` runs. */
async function measure(ctx: BenchContext, work: () => Promise<unknown>): Promise<Window> {
  const before = await servedSoFar(ctx);
  const t0 = Date.now();
  ctx.stack.rss.reset();
  await work();
  const cpu = ctx.stack.rss.cpu();
  const seconds = (Date.now() - t0) / 1000;
  const after = await servedSoFar(ctx);
  return { cpu, beats: after.beats - before.beats, pages: after.pages - before.pages, seconds };
}

/** CPU ms per page of a reading window, its heartbeats taken out at the beats-alone cost per beat. */
function pageCpu(w: Window, alone: Window): ScenarioResult['cpuMsPerOp'] {
  if (!w.pages) return null;
  const per = (group: string) => {
    const v = w.cpu[group];
    if (v === undefined) return null;
    const perBeat = alone.beats ? (alone.cpu[group] ?? 0) / alone.beats : 0;
    return Math.max(0, Math.round(((v - perBeat * w.beats) * 1000 * 100) / w.pages) / 100);
  };
  return { app: per('app') ?? 0, worker: per('worker') ?? 0, db: per('db') };
}

/** Devices at full size: listed, and every one of them beating every 60 s. */
const FLEET = 100_000;

export const devicePagesScenario: Scenario = {
  key: '2',
  title: 'device list paging under heartbeat load',
  fleetSize: FLEET,
  async run(ctx) {
    const { scale } = ctx;
    // The scenario's own fleet beats: a run that also seeds scenario 7's larger fleet lists those
    // devices too (a page costs the same at any depth) but must not beat them all.
    const devices = ctx.fleet.slice(0, Math.round(FLEET / scale.factor));
    const beating = devices.length;
    const readSeconds = Math.max(20, scale.intervalSeconds);
    const fleet = `${Math.round((ctx.fleet.length * scale.factor) / 1000)}k devices`;
    ctx.log(`scenario 2: pages of ${LIMIT} over ${ctx.fleet.length} devices while ${beating} of them heartbeat (${Math.round(beating / scale.intervalSeconds)} beats/s)`);
    const sim = startSimulate({
      urls: ctx.stack.urls,
      devices,
      intervalSeconds: scale.intervalSeconds,
      // Longer than the phases need (the latency phase first walks the list once): ended below.
      durationSeconds: scale.intervalSeconds + BEATS_ALONE_SECONDS + 3 * readSeconds + 120,
      workDir: ctx.workDir,
      name: '2-background',
      log: ctx.log,
    });
    // Reading starts once every device has beaten once (steady heartbeat load).
    await new Promise((r) => setTimeout(r, scale.intervalSeconds * 1000));
    const alone = await measure(ctx, () => new Promise((r) => setTimeout(r, BEATS_ALONE_SECONDS * 1000)));
    ctx.log(`  beats alone: ${Math.round(alone.beats / alone.seconds)} beats/s, CPU s ${JSON.stringify(alone.cpu)}`);
    const common = ['--server', ctx.stack.urls[0], '--token', ctx.tenant.adminToken, '--limit', String(LIMIT), '--duration', String(readSeconds)];
    let paced: PagesReport | undefined;
    const latencyWindow = await measure(ctx, async () => {
      paced = await startLoad<PagesReport>('bench/load/device-pages.ts', [...common, '--rate', String(LATENCY_RATE)]).result;
    });
    const rssPaced = ctx.stack.rss.peak();
    ctx.log(`  paced: ${paced!.pagesPerSecond} pages/s, p95 ${paced!.latencyMs.p95} ms, ${latencyWindow.beats} beats beside`);
    let closed: PagesReport | undefined;
    const throughputWindow = await measure(ctx, async () => {
      closed = await startLoad<PagesReport>('bench/load/device-pages.ts', [...common, '--readers', String(READERS)]).result;
    });
    const rssClosed = ctx.stack.rss.peak();
    ctx.log(`  closed loop: ${closed!.pagesPerSecond} pages/s, p95 ${closed!.latencyMs.p95} ms, ${throughputWindow.beats} beats beside`);
    sim.child.kill('SIGTERM');
    // The pages are measured: a simulator that fails to report costs the background's figures only.
    const beats = await sim.result.catch((error: Error) => {
      ctx.log(`  simulator: ${error.message.split('\n')[0]}`);
      return null;
    });
    const steady = beats ? (beats.steady ?? { heartbeatsPerSecond: beats.heartbeatsPerSecond, latencyMs: beats.latencyMs }) : null;
    const background = {
      devices: beating,
      offeredPerSecond: Math.round((beating / scale.intervalSeconds) * 10) / 10,
      beatsPerSecond: steady?.heartbeatsPerSecond ?? null,
      beatsAlonePerSecond: Math.round((alone.beats / alone.seconds) * 10) / 10,
      p99: steady?.latencyMs.p99 ?? null,
      errors: beats?.errors.total ?? null,
    };
    const windowExtra = (w: Window) => ({ seconds: Math.round(w.seconds * 10) / 10, pagesServed: w.pages, beatsServed: w.beats, beatsPerSecond: Math.round((w.beats / w.seconds) * 10) / 10, cpuSeconds: w.cpu });
    const load = `${fleet} + ${fleetLabel(FLEET, ctx)}`;
    const p = paced!;
    const c = closed!;
    return [
      {
        id: '2-device-pages-latency',
        scenario: '2 GET /devices latency',
        load: `${LATENCY_RATE} pages/s paced x ${LIMIT}/page, ${load}`,
        throughput: p.pagesPerSecond,
        unit: 'pages/s',
        p50: p.latencyMs.p50,
        p95: p.latencyMs.p95,
        p99: p.latencyMs.p99,
        errors: p.errors.total,
        rssMb: { app: mb(rssPaced.app ?? 0), worker: mb(rssPaced.worker ?? 0) },
        cpuMsPerOp: pageCpu(latencyWindow, alone),
        target: `p95<=${P95_TARGET_MS} ms, 0 err`,
        met: p.latencyMs.p95 <= P95_TARGET_MS && p.errors.total === 0,
        extra: { maxMs: p.latencyMs.max, maxInFlight: p.maxInFlight, pageErrorsByKind: p.errors.byKind, window: windowExtra(latencyWindow), beatsAlone: windowExtra(alone), background },
      },
      {
        id: '2-device-pages',
        scenario: '2 GET /devices pages',
        load: `${READERS} closed-loop readers x ${LIMIT}/page, ${load}`,
        throughput: c.pagesPerSecond,
        unit: 'pages/s',
        p50: c.latencyMs.p50,
        p95: c.latencyMs.p95,
        p99: c.latencyMs.p99,
        errors: c.errors.total,
        rssMb: { app: mb(rssClosed.app ?? 0), worker: mb(rssClosed.worker ?? 0) },
        cpuMsPerOp: pageCpu(throughputWindow, alone),
        target: 'throughput (latency = readers/throughput)',
        met: null,
        extra: { devicesPerSecond: c.devicesPerSecond, completeWalks: c.completeWalks, maxMs: c.latencyMs.max, pageErrorsByKind: c.errors.byKind, window: windowExtra(throughputWindow), beatsAlone: windowExtra(alone), background },
      },
    ];
  },
};
