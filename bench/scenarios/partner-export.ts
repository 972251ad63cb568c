// Scenario 6: partner-API export of the whole fleet (100k devices) with a service-principal key,
// following nextCursor in pages of 500. Runs once /partner-api/devices exists on the running
// app; otherwise reports itself skipped.
import { apiCall, apiOk, routeExists } from '../lib/api';
import { cpuPerOp, mb, skipped, type Scenario } from '../lib/types';
import { Histogram } from '../../agent/src/simulate';

const TARGET = 'report records/s';

/** The management route that mints service principals (POST /service-principals). */
async function servicePrincipalPath(base: string): Promise<string | null> {
  const doc = await apiOk<{ paths: Record<string, Record<string, unknown>> }>(base, 'GET', '/openapi.json');
  const path = Object.keys(doc.paths).find((p) => /service-principals\/?$/.test(p) && doc.paths[p].post);
  return path ? path.replace(/^\/api\/v1/, '') : null;
}

export const partnerExportScenario: Scenario = {
  key: '6',
  title: 'partner-API device export',
  fleetSize: 100_000,
  async run(ctx) {
    const base = ctx.stack.urls[0];
    const create = await servicePrincipalPath(base);
    if (!(await routeExists(base, '/partner-api/devices')) || !create) {
      return [skipped('6-partner-export', '6 partner-API export', TARGET, 'skipped: route not present (GET /partner-api/devices)')];
    }
    const principal = await apiOk<Record<string, unknown>>(base, 'POST', create, { token: ctx.tenant.adminToken, body: { name: 'bench export', scopes: ['devices:read'] } });
    const key = String(principal.key ?? principal.apiKey ?? principal.secret ?? '');
    ctx.log(`scenario 6: partner-API export of ${ctx.fleet.length} devices`);
    ctx.stack.rss.reset();
    const hist = new Histogram();
    let records = 0;
    let errors = 0;
    let cursor: string | null = null;
    const started = performance.now();
    for (;;) {
      const t0 = performance.now();
      const res: { status: number; body: { data?: unknown[]; devices?: unknown[]; nextCursor?: string | null; hasMore?: boolean } } = await apiCall(base, 'GET', `/partner-api/devices?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { 'x-api-key': key } });
      hist.record(performance.now() - t0);
      if (res.status !== 200) {
        errors++;
        break;
      }
      records += (res.body.data ?? res.body.devices ?? []).length;
      if (!res.body.hasMore || !res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    const seconds = (performance.now() - started) / 1000;
    const rss = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    return [{
      id: '6-partner-export',
      scenario: '6 partner-API export',
      load: `${records} devices, pages of 500`,
      throughput: Math.round(records / seconds),
      unit: 'records/s',
      p50: hist.percentile(50),
      p95: hist.percentile(95),
      p99: hist.percentile(99),
      errors: errors + (records < ctx.fleet.length ? 1 : 0),
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      cpuMsPerOp: cpuPerOp(cpu, records),
      target: TARGET,
      met: null,
      extra: { records, expected: ctx.fleet.length, seconds: Math.round(seconds * 10) / 10 },
    }];
  },
};
