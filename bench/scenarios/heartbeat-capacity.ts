// Scenario 7: heartbeat capacity. Scenario 1 offers exactly the fleet's rate, so it cannot tell
// how much headroom there is, nor whether a second web process adds any. This one raises the
// offered rate in steps of a tenth of the same run's bare-server ceiling (30 %, 40 %, … 100 % of
// it) until the stack stops keeping up, then offers once more halfway between the last step within
// the target and the next, and reports the highest rate it sustained with p99 within the target:
// the fraction is read at a resolution of 5 % on any box, where fixed rates would start above a
// slow box's capacity and report nothing. Run it with `--procs 1` and `--procs 2`
// and compare the two result files to see what scaling out buys.
import { runHeartbeat } from './heartbeat';
import { ensureCeiling } from './ceiling';
import { seedDevices, seedOrg, type SeededDevice } from '../lib/seed';
import { dbPool } from '@/lib/db';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/types';

const BASE_DEVICES = 100_000;
/** Offered rates as fractions of the ceiling. */
const STEPS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Used only when no ceiling could be measured: multiples of the 100k fleet's 1,667 beats/s. */
const FALLBACK_STEPS = [1, 1.5, 2, 2.5, 3, 3.5, 4];
/**
 * The fleet seeded before the run: the fallback steps' 4 × 100k devices. The ceiling's steps need
 * as many devices as the box's ceiling allows (a 15,800 beats/s ceiling is 95k devices beating
 * every 6 s), so once it is known the scenario seeds what its steps lack.
 */
const FLEET_DEVICES = 400_000;
const P99_TARGET_MS = 250;

export const heartbeatCapacityScenario: Scenario = {
  key: '7',
  title: 'heartbeat capacity',
  fleetSize: FLEET_DEVICES,
  async run(ctx) {
    // The same run's ceiling first, while the app is idle: capacity is reported as a fraction of it.
    const ceiling = await ensureCeiling(ctx);
    const steps: ScenarioResult[] = [];
    const byCeiling = ceiling.beatsPerSecond > 0;
    const simulatedAt = (step: number) => (byCeiling ? Math.round(ceiling.beatsPerSecond * step * ctx.scale.intervalSeconds) : Math.round((BASE_DEVICES * step) / ctx.scale.factor));
    const plan = byCeiling ? STEPS : FALLBACK_STEPS;
    const extra = await seedMissing(ctx, simulatedAt(plan[plan.length - 1]));
    const fleetCtx: BenchContext = extra ? { ...ctx, fleet: [...ctx.fleet, ...extra.devices] } : ctx;
    /** Runs one step; true when it kept up (whatever its p99). */
    const runStep = async (step: number): Promise<boolean> => {
      // Devices in full-scale terms (runHeartbeat divides by the scale factor).
      const simulated = simulatedAt(step);
      const row = await runHeartbeat(fleetCtx, simulated * ctx.scale.factor, byCeiling ? `7-capacity-${Math.round(step * 100)}pct` : `7-capacity-${step}x`);
      steps.push(row);
      return (row.throughput ?? 0) >= (simulated / ctx.scale.intervalSeconds) * 0.95 && row.errors === 0;
    };
    try {
      // Past saturation every further step only queues more: stop at the first one not kept up.
      for (const step of plan) if (!(await runStep(step))) break;
      // One more step halfway between the last one within the target and the next, so the
      // fraction reads to 5 % instead of 10 %: with steps of 10 % either side of one half, the same
      // service read 40, 50 or 60 % as the ceiling's own reading moved between runs.
      const lastMet = steps.findLastIndex((r) => r.met);
      if (byCeiling && lastMet >= 0 && lastMet + 1 < steps.length) await runStep((plan[lastMet] + plan[lastMet + 1]) / 2);
    } finally {
      if (extra) await removeOrg(ctx, extra.orgId);
    }
    const sustained = steps.filter((r) => r.met);
    const best = sustained[sustained.length - 1];
    const peak = steps.reduce((a, b) => ((b.throughput ?? 0) > (a.throughput ?? 0) ? b : a));
    const sustainedRate = best?.throughput ?? 0;
    const fraction = ceiling.beatsPerSecond ? Math.round((sustainedRate / ceiling.beatsPerSecond) * 1000) / 1000 : null;
    return [
      ...steps.map((r) => ({ ...r, scenario: '7 heartbeat capacity step', met: null, target: `${r.target.split(',')[0]} offered` })),
      {
        id: '7-capacity',
        scenario: '7 heartbeat capacity',
        load: `${ctx.stack.urls.length} web process(es), offered ${byCeiling ? '30–100 % of the ceiling' : '1×–4× of 1,667 beats/s'}; ${fraction === null ? 'no ceiling measured' : `${(fraction * 100).toFixed(1)} % of this run's bare-server ceiling (${Math.round(ceiling.beatsPerSecond)} beats/s)`}`,
        throughput: best?.throughput ?? 0,
        unit: 'beats/s',
        p50: best?.p50 ?? null,
        p95: best?.p95 ?? null,
        p99: best?.p99 ?? null,
        errors: steps.reduce((n, r) => n + r.errors, 0),
        rssMb: { app: Math.max(...steps.map((r) => r.rssMb.app)), worker: Math.max(...steps.map((r) => r.rssMb.worker)) },
        cpuMsPerOp: best?.cpuMsPerOp ?? null,
        target: `p99<=${P99_TARGET_MS} ms at >= half the bare-server ceiling`,
        met: fraction === null ? null : fraction >= 0.5,
        extra: { sustainedBeatsPerSecond: sustainedRate, ceilingBeatsPerSecond: ceiling.beatsPerSecond, fractionOfCeiling: fraction, peakBeatsPerSecond: peak.throughput, peakP99: peak.p99, webProcesses: ctx.stack.urls.length },
      },
    ];
  },
};

/**
 * Seeds the devices the steps need beyond the run's fleet, in an organization of their own so the
 * fleet organization keeps the size later scenarios expect; null when the fleet is big enough.
 */
async function seedMissing(ctx: BenchContext, needed: number): Promise<{ orgId: string; devices: SeededDevice[] } | null> {
  if (needed <= ctx.fleet.length) return null;
  const started = Date.now();
  const org = await seedOrg(ctx.tenant.partnerId, 'Capacity');
  const devices = await seedDevices(ctx.tenant, ctx.fleet.length, needed, org.id, null);
  ctx.log(`scenario 7: seeded ${devices.length} more devices for the ceiling's steps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { orgId: org.id, devices };
}

/** Removes the devices seedMissing added (and what they wrote), so later scenarios see the fleet they expect. */
async function removeOrg(ctx: BenchContext, orgId: string): Promise<void> {
  const started = Date.now();
  await dbPool().query('delete from devices where org_id = $1', [orgId]);
  await dbPool().query('delete from organizations where id = $1', [orgId]);
  ctx.log(`scenario 7: removed the extra devices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
