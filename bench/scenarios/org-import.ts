// Scenario 5: bulk import of 1,000 organizations, preview then commit (doc 3). Runs once
// POST /orgs/import exists on the running app; otherwise reports itself skipped.
import { apiCall, routeExists } from '../lib/api';
import { cpuPerOp, mb, skipped, type Scenario } from '../lib/types';

const ROWS = 1000;
const TARGET_MS = 3000;
const TARGET = `preview+commit<=${TARGET_MS} ms`;

export const orgImportScenario: Scenario = {
  key: '5',
  title: 'organization import',
  fleetSize: 0,
  async run(ctx) {
    const base = ctx.stack.urls[0];
    if (!(await routeExists(base, '/orgs/import/preview')) || !(await routeExists(base, '/orgs/import'))) {
      return [skipped('5-org-import', '5 org import', TARGET, 'skipped: route not present (POST /orgs/import)')];
    }
    const run = Date.now().toString(36);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      organization: `Imported ${run} ${String(i).padStart(4, '0')}`,
      site: 'Head office',
      externalSystem: 'bench',
      externalId: `${run}-${i}`,
      timezone: 'Europe/London',
    }));
    ctx.log(`scenario 5: preview + commit of ${ROWS} organizations`);
    ctx.stack.rss.reset();
    const t0 = performance.now();
    const preview = await apiCall<{ rows: { annotation: string }[] }>(base, 'POST', '/orgs/import/preview', { token: ctx.tenant.adminToken, body: { rows } });
    const t1 = performance.now();
    const commit = await apiCall<{ imported: unknown[]; errors: unknown }>(base, 'POST', '/orgs/import', { token: ctx.tenant.adminToken, body: { rows, mode: 'skip' } });
    const t2 = performance.now();
    const rss = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    const imported = Array.isArray(commit.body?.imported) ? commit.body.imported.length : 0;
    const errorRows = Array.isArray(commit.body?.errors) ? commit.body.errors.length : 0;
    const errors = (preview.status === 200 ? 0 : 1) + (commit.status === 200 ? 0 : 1) + errorRows;
    const total = Math.round(t2 - t0);
    return [{
      id: '5-org-import',
      scenario: '5 org import',
      load: `${ROWS} rows, preview + commit`,
      throughput: Math.round((ROWS / ((t2 - t0) / 1000)) * 10) / 10,
      unit: 'rows/s',
      p50: null,
      p95: null,
      p99: total,
      errors,
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      cpuMsPerOp: cpuPerOp(cpu, ROWS),
      target: TARGET,
      met: errors === 0 && imported === ROWS && total <= TARGET_MS,
      extra: { previewMs: Math.round(t1 - t0), commitMs: Math.round(t2 - t1), totalMs: total, imported, previewStatus: preview.status, commitStatus: commit.status },
    }];
  },
};
