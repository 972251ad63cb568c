// The vulnerability reads of scenario 13 at full size, in process, against a database kept
// between runs, for studying their plans:
//   npx tsx bench/vuln-reads.ts seed      a cluster in .data/vuln-reads-pg with the scenario's findings
//   npx tsx bench/vuln-reads.ts explain   each read a few times: wall time, and the plans of its statements
//   npx tsx bench/vuln-reads.ts drop      deletes the cluster
// The findings are written by one INSERT … SELECT that reproduces what the scenario's matcher
// finds (10,000 Debian 12 devices × 500 packages from a pool of 20,000 names, 50,000 advisories
// with the scenario's fixed versions and severities), so the reads meet the same rows without the
// minutes of software seeding and recomputation. The plans come from auto_explain, sent to the
// client as notices.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { createDatabase, startEmbeddedPostgres } from '../scripts/lib/postgres';
import { migrateDatabase } from '../scripts/lib/migrate';
import { applyTestEnv } from '../tests/setup/test-env';
import type { ActorContext } from '@/lib/auth/context';

const root = path.resolve(import.meta.dirname, '..');
// VULN_READS_DIR: the cluster of another tree (this script copied into a checkout of another
// revision reads the same data; that tree's migrations are then not applied).
const dataRoot = process.env.VULN_READS_DIR ?? path.join(root, '.data');
const dataDir = path.join(dataRoot, 'vuln-reads-pg');
const stateFile = path.join(dataRoot, 'vuln-reads.json');
const DB = 'rmm_vuln_reads';
const DEVICES = 10_000;

interface State {
  partnerId: string;
}

async function start() {
  applyTestEnv();
  const pgServer = await startEmbeddedPostgres({ dataDir, extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] });
  process.env.DATABASE_URL = pgServer.urlFor(DB);
  const { resetEnvCache } = await import('@/lib/env');
  resetEnvCache();
  return pgServer;
}

async function seed(): Promise<void> {
  if (existsSync(dataDir)) throw new Error(`${dataDir} exists: drop it first`);
  const server = await start();
  try {
    await createDatabase(server.adminUrl, DB);
    await migrateDatabase(server.urlFor(DB), { quiet: true });
    const { seedTenant, seedDevices } = await import('./lib/seed');
    const { bulkLoad } = await import('./lib/bulk-load');
    const { dbPool, disconnectDb } = await import('@/lib/db');
    const tenant = await seedTenant();
    await seedDevices(tenant, 0, DEVICES);
    // Device n (hostname order, from 1) has packages pkg-((n*101 + g*37) % 20000) at 1.((n*7 + g*13) % 100)-1
    // for g = 1…500 (bench/lib/bulk-load.ts); advisory i names pkg-(i % 20000), fixed in 1.((i*7) % 10)-1,
    // critical when i % 7 = 0 (scenario 13's feed).
    const rows = await bulkLoad('vulnerability_findings', (query) =>
      query(
        `insert into vulnerability_findings (id, partner_id, org_id, device_id, cve_id, ecosystem, package_name, installed_version, fixed_version,
           advisory_ids, severity, cvss_score, status, first_seen_at, updated_at)
         select gen_random_uuid(), u.partner_id, u.org_id, u.id, 'CVE-2090-' || lpad(a.i::text, 6, '0'), 'debian:12', 'pkg-' || x.m,
           '1.' || x.v || '-1', '1.' || ((a.i * 7) % 10) || '-1', array['DEBIAN-CVE-2090-' || lpad(a.i::text, 6, '0')],
           (case when a.i % 7 = 0 then 'critical' else 'medium' end)::"VulnerabilitySeverity", case when a.i % 7 = 0 then 9.8 else 5.9 end,
           'open', now(), now()
         from (select d.id, d.partner_id, d.org_id, row_number() over (order by d.hostname) as n from devices d where d.partner_id = $1) u
         cross join generate_series(1, 500) g
         cross join lateral (select (u.n * 101 + g * 37) % 20000 as m, (u.n * 7 + g * 13) % 100 as v) x
         cross join lateral (select i from unnest(array[x.m, x.m + 20000, x.m + 40000]) i where i < 50000) a
         where x.v < (a.i * 7) % 10`,
        [tenant.partnerId],
      ),
    );
    await dbPool().query('vacuum analyze vulnerability_findings');
    console.log(`${rows} findings over ${DEVICES} devices`);
    writeFileSync(stateFile, JSON.stringify({ partnerId: tenant.partnerId } satisfies State));
    await disconnectDb();
  } finally {
    await server.stop();
  }
}

const READS: { name: string; run: (ctx: ActorContext) => Promise<unknown> }[] = [
  { name: 'GET /vulnerabilities', run: async (ctx) => (await import('@/lib/vulnerabilities/list-vulnerabilities')).listVulnerabilities(ctx, { page: 1, limit: 50, status: 'open', sort: 'severity' }) },
  {
    name: 'GET /vulnerabilities?search=pkg-1&severity=critical',
    run: async (ctx) => (await import('@/lib/vulnerabilities/list-vulnerabilities')).listVulnerabilities(ctx, { page: 1, limit: 50, status: 'open', sort: 'severity', search: 'pkg-1', severity: 'critical' }),
  },
  {
    name: 'GET /vulnerabilities?search=cve-2090-0012',
    run: async (ctx) => (await import('@/lib/vulnerabilities/list-vulnerabilities')).listVulnerabilities(ctx, { page: 1, limit: 50, status: 'open', sort: 'severity', search: 'cve-2090-0012' }),
  },
  { name: 'GET /vulnerabilities/software', run: async (ctx) => (await import('@/lib/vulnerabilities/list-software-groups')).listSoftwareGroups(ctx, { page: 1, limit: 50, status: 'open' }) },
  {
    name: 'GET /vulnerabilities/software?search=pkg-1',
    run: async (ctx) => (await import('@/lib/vulnerabilities/list-software-groups')).listSoftwareGroups(ctx, { page: 1, limit: 50, status: 'open', search: 'pkg-1' }),
  },
  { name: 'GET /vulnerabilities/stats', run: async (ctx) => (await import('@/lib/vulnerabilities/get-stats')).getVulnerabilityStats(ctx, {}) },
];

async function explain(only: string | undefined, times: number): Promise<void> {
  if (!existsSync(stateFile)) throw new Error('no seeded database: run `npx tsx bench/vuln-reads.ts seed` first');
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  const server = await start();
  try {
    if (!process.env.VULN_READS_DIR) await migrateDatabase(server.urlFor(DB), { quiet: true }); // the tree's migrations since the seed
    const { dbPool, disconnectDb } = await import('@/lib/db');
    let plans: string[] = [];
    let capture = false;
    dbPool().on('connect', (client: pg.PoolClient) => {
      client.on('notice', (n) => {
        if (capture) plans.push(n.message ?? '');
      });
      void client.query(`load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on;
        set auto_explain.log_timing = on; set auto_explain.log_level = notice; set client_min_messages = notice`);
    });
    const ctx = { kind: 'user', scope: 'partner', partnerId: state.partnerId, orgId: null, orgAccess: 'all', orgIds: [] } as unknown as ActorContext;
    for (const read of READS.filter((r) => !only || r.name.includes(only))) {
      await read.run(ctx); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < times; i++) {
        plans = [];
        capture = i === times - 1;
        const t0 = performance.now();
        await read.run(ctx);
        ms.push(performance.now() - t0);
      }
      capture = false;
      ms.sort((a, b) => a - b);
      console.log(`\n=== ${read.name}: median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, min ${ms[0].toFixed(0)} ms over ${times}`);
      for (const p of plans) {
        const m = /Duration: ([\d.]+) ms/.exec(p);
        if (m && Number(m[1]) < 1) continue;
        console.log(p);
      }
    }
    await disconnectDb();
  } finally {
    await server.stop();
  }
}

/** Runs the statements of `file` (`;`-separated, `:partner` the tenant) and prints their rows. */
async function runSql(file: string): Promise<void> {
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  const server = await start();
  try {
    const { dbPool, disconnectDb } = await import('@/lib/db');
    for (const stmt of readFileSync(file, 'utf8').split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
      const t0 = performance.now();
      const res = await dbPool().query(stmt.replaceAll(':partner', `'${state.partnerId}'`));
      console.log(`-- ${(performance.now() - t0).toFixed(0)} ms: ${stmt.slice(0, 120).replace(/\s+/g, ' ')}`);
      for (const r of (Array.isArray(res) ? res.at(-1) : res).rows.slice(0, 60)) console.log(Object.values(r).join(' | '));
    }
    await disconnectDb();
  } finally {
    await server.stop();
  }
}

const [cmd, arg] = process.argv.slice(2);
if (cmd === 'seed') await seed();
else if (cmd === 'sql') await runSql(arg);
else if (cmd === 'explain') await explain(arg, Number(process.env.TIMES ?? 5));
else if (cmd === 'drop') rmSync(dataDir, { recursive: true, force: true });
else {
  console.error('usage: npx tsx bench/vuln-reads.ts seed | explain [read name part] | drop');
  process.exit(2);
}
