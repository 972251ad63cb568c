// The production bundle, checked end to end (`npm run test:production`; `npm test` runs it after
// the browser tests, on the same `next build`): compiles dist/ (scripts/bundle.mjs), lays out the
// files the Dockerfile's runtime stage copies (production dependencies only; see
// scripts/lib/runtime-layout.ts) in a directory of their own, then runs the programs from there
// with NODE_ENV=production and plain `node` — no tsx, no TypeScript at run time, no sources —
// against a new, empty database on the test PostgreSQL:
//   0. with an invalid secret, each program exits non-zero at start, naming it, and nothing is
//      migrated;
//   1. dist/release.js migrates it and creates the platform admin; run again, it changes nothing;
//   2. dist/server.js and dist/worker.js start, neither of them migrating;
//   3. GET /api/v1/health answers 200, the platform admin signs in, an agent enrolls and its
//      heartbeat is stored, the worker runs a queued job, and the container health checks
//      (dist/healthcheck.js web|worker) pass;
//   4. SIGTERM stops both processes with exit code 0, and the health checks then fail.
// PostgreSQL: TEST_PG_ADMIN_URL when set (npm test passes its server), otherwise an embedded
// one of its own (or DATABASE_URL's server), like the other test entry points.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createDatabase, dropDatabase, freePort, resolvePostgres, throwawayDataDir } from './lib/postgres';
import { ensureBuilt } from './lib/build';
import { bundle } from './bundle.mjs';
import { assembleRuntime, removeRuntime } from './lib/runtime-layout';

const root = path.resolve(import.meta.dirname, '..');
/** Where the programs run from: the Docker image's runtime file set, laid out by the check. */
let appDir = root;
const say = (m: string) => console.log(`[production] ${m}`);

const ADMIN = { email: 'admin@production-check.test', password: 'Production-Check-Admin-1' };

class CheckFailed extends Error {}

function expect(condition: unknown, what: string): asserts condition {
  if (!condition) throw new CheckFailed(what);
}

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node dist/<file>` exactly as production runs it: no loader, no inherited NODE_OPTIONS. */
function runDist(file: string, env: NodeJS.ProcessEnv, args: string[] = []): Proc {
  const child = spawn(process.execPath, [path.join(appDir, 'dist', file), ...args], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

async function runToEnd(file: string, env: NodeJS.ProcessEnv, timeoutMs: number, args: string[] = []): Promise<string> {
  const proc = runDist(file, env, args);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  expect(code === 0, `${file} exited with ${signal ?? code}:\n${proc.output()}`);
  return proc.output();
}

/** Runs `node dist/<file>` expecting it to refuse: a non-zero exit; returns its output. */
async function runToFailure(file: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  const proc = runDist(file, env);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  expect(code !== null && code !== 0 && signal === null, `${file} should have exited non-zero by itself (${signal ?? code}):\n${proc.output()}`);
  return proc.output();
}

async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A failure the check itself reports ends the wait; anything else (not up yet) is retried.
    const value = await check().catch((error: unknown) => {
      if (error instanceof CheckFailed) throw error;
      return null;
    });
    if (value) return value;
    if (Date.now() > deadline) throw new CheckFailed(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function http(base: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    /* not JSON: the status tells */
  }
  return { status: res.status, json, text };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function stop(proc: Proc, name: string): Promise<void> {
  if (proc.child.exitCode !== null) throw new CheckFailed(`${name} had already exited (${proc.child.exitCode}):\n${proc.output()}`);
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 20_000);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  expect(code === 0, `${name} did not stop cleanly on SIGTERM (${signal ?? code}):\n${proc.output()}`);
}

export async function checkProductionBundle(adminUrl: string): Promise<void> {
  const started = performance.now();
  await bundle({ quiet: true });

  const database = `rmm_production_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, database);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'rmm-production-mail-'));
  // What a deployment sets: its own secrets and URLs, nothing test-specific (NODE_ENV=test
  // switches, cheap password hashing) and no TypeScript loader inherited from this process.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    NODE_OPTIONS: '',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_BASE_URL: base,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    PORTAL_SESSION_SECRET: randomBytes(32).toString('base64url'),
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    MAIL_DIR: mailDir,
    LOG_LEVEL: 'warn',
    WORKER_POLL_INTERVAL_MS: '200',
  };
  let web: Proc | null = null;
  let worker: Proc | null = null;
  const runtimeDir = mkdtempSync(path.join(os.tmpdir(), 'rmm-runtime-'));
  try {
    const layout = assembleRuntime(runtimeDir);
    appDir = runtimeDir;
    say(`dist/ compiled; the image's runtime files laid out (${layout.copied.join(', ')})`);

    // 0. A bad setting stops each program at start, before it migrates or listens.
    const badEnv = { ...env, JWT_SECRET: 'too-short' };
    for (const file of ['release.js', 'server.js', 'worker.js']) {
      const output = await runToFailure(file, badEnv, 60_000);
      expect(/Invalid configuration: JWT_SECRET/.test(output), `${file} names the bad setting:\n${output}`);
    }
    const tables = await query<{ n: number }>(databaseUrl, "select count(*)::int as n from pg_tables where schemaname = 'public'");
    expect(tables[0].n === 0, 'a release with a bad setting touched the database');
    say('a bad setting stops release, web and worker at start');

    // 1. The release step, twice: the second finds everything applied.
    await runToEnd('release.js', env, 120_000);
    const migrations = readdirSync(path.join(root, 'prisma/migrations'), { withFileTypes: true }).filter((d) => d.isDirectory()).length;
    const applied = await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from _prisma_migrations where finished_at is not null');
    expect(applied[0].n === migrations, `release applied ${applied[0].n} of ${migrations} migrations`);
    const admins = await query<{ email: string }>(databaseUrl, 'select email from users where is_platform_admin');
    expect(admins.length === 1 && admins[0].email === ADMIN.email, `release created the platform admin (found ${JSON.stringify(admins)})`);
    const again = await runToEnd('release.js', env, 60_000);
    expect(!/created the platform admin/.test(again), 'a second release created the admin again');
    say(`release step: ${migrations} migrations applied once, admin created`);

    // 2. Web and worker, as separate plain-node processes.
    const beforeStart = await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from _prisma_migrations');
    web = runDist('server.js', { ...env, RMM_PROCESS: 'web' });
    worker = runDist('worker.js', { ...env, RMM_PROCESS: 'worker' });
    const health = await eventually(async () => {
      if (web?.child.exitCode !== null) throw new CheckFailed(`dist/server.js exited (${web?.child.exitCode}):\n${web?.output()}`);
      const res = await http(base, 'GET', '/api/v1/health');
      return res.status === 200 ? res : null;
    }, 'GET /api/v1/health to answer 200', 90_000);
    expect(health.json.status === 'ok' && health.json.db === 'ok', `health: ${health.text}`);
    say(`web up: health ${health.text}`);

    // 3a. The platform admin signs in and reads itself.
    const login = await http(base, 'POST', '/api/v1/auth/login', { body: ADMIN });
    expect(login.status === 200 && typeof login.json.accessToken === 'string', `sign-in: ${login.status} ${login.text}`);
    const me = await http(base, 'GET', '/api/v1/users/me', { token: login.json.accessToken as string });
    expect(me.status === 200 && JSON.stringify(me.json).includes(ADMIN.email), `GET /users/me: ${me.status} ${me.text}`);
    say('platform admin signed in');

    // 3b. An agent enrolls with a partner's key and heartbeats. The partner and its MFA-verified
    // user are seeded with the test factories (this process shares the deployment's secrets).
    Object.assign(process.env, env, { NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const { resetEnvCache } = await import('@/lib/env');
    resetEnvCache();
    const { makeOrg, makePartner, makePartnerUser, tokenFor } = await import('../tests/helpers/factories');
    const { enrollBody } = await import('../tests/helpers/agents');
    const { disconnectDb } = await import('@/lib/db');
    let token: string;
    let orgId: string;
    try {
      const partner = await makePartner();
      token = await tokenFor(await makePartnerUser(partner), { mfa: true });
      orgId = (await makeOrg(partner.id, 'Łódź Użytkownik 東京株式会社')).id;
    } finally {
      await disconnectDb();
    }
    const key = await http(base, 'POST', '/api/v1/enrollment-keys', { token, body: { name: 'Production check', orgId } });
    expect(key.status === 201, `enrollment key: ${key.status} ${key.text}`);
    const enrolled = await http(base, 'POST', '/api/v1/agents/enroll', { body: enrollBody(key.json.key as string) });
    expect(enrolled.status === 201, `enroll: ${enrolled.status} ${enrolled.text}`);
    const agent = enrolled.json as { agentId: string; deviceId: string; authToken: string };
    const beat = await http(base, 'POST', `/api/v1/agents/${agent.agentId}/heartbeat`, { token: agent.authToken, body: { metrics: { cpuPercent: 12.5, memoryPercent: 40 } } });
    expect(beat.status === 200, `heartbeat: ${beat.status} ${beat.text}`);
    const device = await query<{ status: string; last_seen_at: Date | null }>(databaseUrl, 'select status::text, last_seen_at from devices where id = $1', [agent.deviceId]);
    expect(device[0]?.last_seen_at && device[0].status === 'online', `the heartbeat was stored (device ${JSON.stringify(device[0])})`);
    say('agent enrolled and heartbeat stored');

    // 3b'. A PDF renders in the web process: pdfkit loads as an external package and the fonts
    // are read from the image's node_modules (the Dockerfile keeps only the weights used).
    const invoice = await http(base, 'POST', '/api/v1/invoices', {
      token,
      body: { orgId, currency: 'EUR', lines: [{ type: 'manual', description: 'Обслуживание', unitPrice: '10.00' }] },
    });
    expect(invoice.status === 201, `invoice: ${invoice.status} ${invoice.text}`);
    const pdfRes = await fetch(`${base}/api/v1/invoices/${(invoice.json.data as { id: string }).id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    const pdfBytes = new Uint8Array(await pdfRes.arrayBuffer());
    expect(pdfRes.status === 200, `invoice PDF: ${pdfRes.status} ${Buffer.from(pdfBytes).toString('utf8').slice(0, 500)}`);
    const { readPdfText } = await import('../tests/helpers/pdf-text');
    const pdfContent = await readPdfText(pdfBytes);
    expect(['Łódź Użytkownik 東京株式会社', 'Обслуживание'].every((s) => pdfContent.includes(s)), `the invoice PDF's text: ${pdfContent}`);
    say(`invoice PDF rendered (${pdfBytes.length} bytes)`);

    // 3c. The worker runs a job queued now (graphile-worker deletes a job once it succeeded).
    const [job] = await query<{ id: string }>(databaseUrl, `select id::text from graphile_worker.add_job('prune_rate_limits', '{}'::json)`);
    await eventually(async () => {
      if (worker?.child.exitCode !== null) throw new CheckFailed(`dist/worker.js exited (${worker?.child.exitCode}):\n${worker?.output()}`);
      const left = await query(databaseUrl, 'select 1 from graphile_worker.jobs where id = $1', [job.id]);
      return left.length === 0;
    }, 'the worker to run a queued job', 30_000);
    say('worker ran a queued job');
    // The container health checks (Docker HEALTHCHECK, compose) agree.
    await runToEnd('healthcheck.js', env, 15_000, ['web']);
    await eventually(async () => (await runDist('healthcheck.js', env, ['worker']).exited).code === 0, 'the worker health check to pass', 15_000);
    say('health checks pass');
    const afterStart = await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from _prisma_migrations');
    expect(afterStart[0].n === beforeStart[0].n, 'web or worker touched the migrations on start');

    // 4. Both stop on SIGTERM with exit code 0.
    await Promise.all([stop(web, 'dist/server.js'), stop(worker, 'dist/worker.js')]);
    web = worker = null;
    const down = await Promise.all(['web', 'worker'].map(async (which) => (await runDist('healthcheck.js', env, [which]).exited).code));
    expect(down[0] === 1 && down[1] === 1, `the health checks fail once web and worker are stopped (exit codes ${down.join(', ')})`);
    say(`passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    for (const proc of [web, worker]) if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all([web?.exited, worker?.exited]);
    rmSync(mailDir, { recursive: true, force: true });
    removeRuntime(runtimeDir);
    appDir = root;
    await dropDatabase(adminUrl, database).catch(() => undefined);
  }
}

async function main(): Promise<number> {
  // Alone: a build when missing or stale (npm test has made it by the time it runs this).
  await ensureBuilt(say);
  const pgServer = process.env.TEST_PG_ADMIN_URL
    ? null
    : await resolvePostgres({ dataDir: throwawayDataDir(root, 'test'), databaseUrl: process.env.DATABASE_URL, ephemeral: true });
  try {
    await checkProductionBundle(process.env.TEST_PG_ADMIN_URL ?? pgServer!.adminUrl);
    return 0;
  } catch (error) {
    console.error(`[production] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await pgServer?.stop();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().then((code) => process.exit(code), (error: unknown) => {
    console.error('[production] failed:', error);
    process.exit(1);
  });
}
