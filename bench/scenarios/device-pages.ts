// Scenario 2: GET /devices in cursor pages of 500 across 100k devices, 20 concurrent readers,
// while 50k devices heartbeat (scenario 1's load) in the background.
import { startLoad } from '../lib/child';
import { startSimulate } from '../lib/simulate';
import { mb, type Scenario } from '../lib/types';
import { fleetLabel } from './heartbeat';

const READERS = 20;
const P95_TARGET_MS = 100;

interface PagesReport {
  pages: number;
  pagesPerSecond: number;
  devicesPerSecond: number;
  completeWalks: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: { total: number; byKind: Record<string, number> };
}

export const devicePagesScenario: Scenario = {
  key: '2',
  title: 'device list paging under heartbeat load',
  fleetSize: 100_000,
  async run(ctx) {
    const { scale } = ctx;
    const beating = Math.round(50_000 / scale.factor);
    const readSeconds = Math.max(20, scale.intervalSeconds);
    ctx.log(`scenario 2: ${READERS} readers over ${ctx.fleet.length} devices while ${beating} devices heartbeat`);
    const sim = startSimulate({
      urls: ctx.stack.urls,
      devices: ctx.fleet.slice(0, beating),
      intervalSeconds: scale.intervalSeconds,
      durationSeconds: scale.intervalSeconds + readSeconds + 5,
      workDir: ctx.workDir,
      name: '2-background',
      log: ctx.log,
    });
    // Readers start once every device has beaten once (steady heartbeat load).
    await new Promise((r) => setTimeout(r, scale.intervalSeconds * 1000));
    ctx.stack.rss.reset();
    const readers = startLoad<PagesReport>('bench/load/device-pages.ts', ['--server', ctx.stack.urls[0], '--token', ctx.tenant.adminToken, '--readers', String(READERS), '--limit', '500', '--duration', String(readSeconds)]);
    const pages = await readers.result;
    const rss = ctx.stack.rss.peak();
    sim.child.kill('SIGTERM');
    const beats = await sim.result;
    const steady = beats.steady ?? { heartbeatsPerSecond: beats.heartbeatsPerSecond, latencyMs: beats.latencyMs };
    return [{
      id: '2-device-pages',
      scenario: '2 GET /devices pages',
      load: `${READERS} readers x 500/page, ${Math.round(ctx.fleet.length * scale.factor / 1000)}k devices + ${fleetLabel(50_000, ctx)}`,
      throughput: pages.pagesPerSecond,
      unit: 'pages/s',
      p50: pages.latencyMs.p50,
      p95: pages.latencyMs.p95,
      p99: pages.latencyMs.p99,
      errors: pages.errors.total,
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      target: `p95<=${P95_TARGET_MS} ms`,
      met: pages.latencyMs.p95 <= P95_TARGET_MS && pages.errors.total === 0,
      extra: {
        devicesPerSecond: pages.devicesPerSecond,
        completeWalks: pages.completeWalks,
        pageErrorsByKind: pages.errors.byKind,
        background: { devices: beating, offeredPerSecond: beating / scale.intervalSeconds, beatsPerSecond: steady.heartbeatsPerSecond, p99: steady.latencyMs.p99, errors: beats.errors.total },
      },
    }];
  },
};
