// Scenario 9: patch management at fleet size. 10,000 devices each upload a patch scan (about 50
// packages, 10 with an update, drawn from a shared pool so the catalogue rows are shared as in a
// real fleet) through PUT /agents/:agentId/patches, 64 uploads in flight; then the same scans
// again (a rescan: nothing new, the common case once a fleet is known). Reports time, uploads/s,
// latency and the rows the patch tables gained. Then the console's reads at that size:
// GET /patches (first page, and a filtered page) and GET /patches/compliance, p95 over N requests.
import { dbPool } from '@/lib/db';
import { apiCall } from '../lib/api';
import { startLoad } from '../lib/child';
import { writeSimulateState } from '../lib/seed';
import { cpuPerOp, mb, type BenchContext, type Scenario, type ScenarioResult } from '../lib/types';
import { Histogram } from '../../agent/src/simulate';
import path from 'node:path';

export const PATCH_FLEET = 10_000;
const CONCURRENCY = 64;
const UPLOAD_P99_TARGET_MS = 1000;
const READ_P95_TARGET_MS = 500;
const TABLES = ['patches', 'device_patches', 'patch_approvals', 'events'] as const;

interface UploadReport {
  uploads: number;
  updates: number;
  seconds: number;
  uploadsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  shed503: number;
  errors: { total: number; byKind: Record<string, number> };
}

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await dbPool().query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0].n);
  return out;
}

const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(TABLES.map((t) => [t, b[t] - a[t]]));

/** PostgreSQL's tuple counters of the patch tables (inserted, updated, HOT-updated, deleted rows). */
async function tupleCounters(): Promise<Record<string, { ins: number; upd: number; hot: number; del: number }>> {
  await dbPool().query('select pg_stat_clear_snapshot()');
  const { rows } = await dbPool().query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del from pg_stat_user_tables where relname = any($1)`,
    [[...TABLES, 'device_patch_scans']],
  );
  return Object.fromEntries(rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del) }]));
}

const tupleDiff = (a: Awaited<ReturnType<typeof tupleCounters>>, b: Awaited<ReturnType<typeof tupleCounters>>) =>
  Object.fromEntries(Object.entries(b).map(([t, v]) => {
    const was = a[t] ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    return [t, { ins: v.ins - was.ins, upd: v.upd - was.upd, hot: v.hot - was.hot, del: v.del - was.del }];
  }));

async function upload(ctx: BenchContext, stateFile: string, id: string, label: string, devices: number): Promise<ScenarioResult> {
  const before = await rowCounts();
  const tuplesBefore = await tupleCounters();
  ctx.stack.rss.reset();
  const load = startLoad<UploadReport>('bench/load/patch-uploads.ts', ['--server', ctx.stack.urls[0], '--state', stateFile, '--concurrency', String(CONCURRENCY)], { onStderr: (l) => ctx.log(`  ${l}`) });
  const report = await load.result;
  const rss = ctx.stack.rss.peak();
  const cpu = ctx.stack.rss.cpu();
  const written = diff(before, await rowCounts());
  // The statistics collector lags its backends by up to a second: read it a little later.
  await new Promise((r) => setTimeout(r, 1500));
  const tuples = tupleDiff(tuplesBefore, await tupleCounters());
  ctx.log(`  ${label}: ${report.uploads} uploads in ${report.seconds} s (${report.uploadsPerSecond}/s), p99 ${report.latencyMs.p99} ms, ${report.shed503} retried after 503; rows ${JSON.stringify(written)}; tuples ${JSON.stringify(tuples)}`);
  return {
    id,
    scenario: `9 patch ${label}`,
    load: `${devices} devices x ${Math.round(report.updates / Math.max(1, devices))} updates, ${CONCURRENCY} in flight`,
    throughput: report.uploadsPerSecond,
    unit: 'uploads/s',
    p50: report.latencyMs.p50,
    p95: report.latencyMs.p95,
    p99: report.latencyMs.p99,
    errors: report.errors.total,
    rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
    cpuMsPerOp: cpuPerOp(cpu, report.uploads),
    target: `p99<=${UPLOAD_P99_TARGET_MS} ms, 0 err`,
    met: report.latencyMs.p99 <= UPLOAD_P99_TARGET_MS && report.errors.total === 0,
    extra: { seconds: report.seconds, uploads: report.uploads, updatesSent: report.updates, maxMs: report.latencyMs.max, retriedAfter503: report.shed503, errorsByKind: report.errors.byKind, rowsWritten: written, tupleWrites: tuples, rowsAfter: await rowCounts(), cpuSeconds: cpu },
  };
}

/** p95 of `n` sequential GETs of one console path (one reader: the latency a user sees). */
async function reads(ctx: BenchContext, id: string, label: string, pathAndQuery: string, n: number): Promise<ScenarioResult> {
  const base = ctx.stack.urls[0];
  const hist = new Histogram();
  let errors = 0;
  let total: unknown = null;
  ctx.stack.rss.reset();
  await apiCall(base, 'GET', pathAndQuery, { token: ctx.tenant.adminToken }); // warm-up (compiled route, plans)
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await apiCall<{ total?: number; data?: unknown[]; summary?: unknown }>(base, 'GET', pathAndQuery, { token: ctx.tenant.adminToken });
    hist.record(performance.now() - t0);
    if (res.status !== 200) errors++;
    else total = res.body.total ?? res.body.summary ?? null;
  }
  const rss = ctx.stack.rss.peak();
  return {
    id,
    scenario: `9 ${label}`,
    load: `${n} requests, ${pathAndQuery}`,
    throughput: null,
    unit: '',
    p50: hist.percentile(50),
    p95: hist.percentile(95),
    p99: hist.percentile(99),
    errors,
    rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
    target: `p95<=${READ_P95_TARGET_MS} ms`,
    met: hist.percentile(95) <= READ_P95_TARGET_MS && errors === 0,
    extra: { requests: n, maxMs: Math.round(hist.max), answer: total },
  };
}

export const patchIngestScenario: Scenario = {
  key: '9',
  title: 'patch scan ingest and patch reads',
  fleetSize: PATCH_FLEET,
  async run(ctx) {
    const n = Math.round(PATCH_FLEET / ctx.scale.factor);
    const devices = ctx.fleet.slice(0, n);
    const stateFile = path.join(ctx.workDir, '9-patch-devices.json');
    writeSimulateState(stateFile, ctx.stack.urls[0], devices);
    ctx.log(`scenario 9: ${n} devices upload a patch scan, ${CONCURRENCY} in flight`);
    const out: ScenarioResult[] = [];
    out.push(await upload(ctx, stateFile, '9-patch-ingest', 'scan ingest', n));
    out.push(await upload(ctx, stateFile, '9-patch-rescan', 'rescan (unchanged)', n));
    await dbPool().query('analyze patches, device_patches, patch_approvals');
    const requests = ctx.scale.factor === 1 ? 50 : 20;
    out.push(await reads(ctx, '9-patches-first-page', 'GET /patches page 1', '/patches?limit=50', requests));
    out.push(await reads(ctx, '9-patches-filtered', 'GET /patches filtered', '/patches?severity=critical,important&status=pending&search=benchpkg-0&limit=50', requests));
    out.push(await reads(ctx, '9-patches-compliance', 'GET /patches/compliance', '/patches/compliance', requests));
    out.push(await reads(ctx, '9-patches-compliance-devices', 'GET /patches/compliance by device', '/patches/compliance?by=device&limit=500', requests));
    return out;
  },
};
