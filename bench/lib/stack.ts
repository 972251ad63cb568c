// The system under test: a fresh database of the bench's own (embedded PostgreSQL unless
// DATABASE_URL), migrated with the product's own tooling, then N web processes (server.ts over
// the `next build` output) and M workers, exactly as `npm start` runs them.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { resolvePostgres, createDatabase, dropDatabase, freePort, type RunningPostgres } from '../../scripts/lib/postgres';
import { migrateDatabase } from '../../scripts/lib/migrate';
import { ensureBuilt } from '../../scripts/lib/build';
import { startChild, waitForHttp } from '../../scripts/lib/processes';
import { RssSampler } from './rss';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface StackOptions {
  webProcesses: number;
  workers: number;
  heartbeatIntervalSeconds: number;
  /** Skip `next build` even when the build is older than the sources (iterating on the bench). */
  skipBuild: boolean;
  /** Directory for V8 CPU profiles of the web processes (--cpu-prof), or null. */
  profileDir: string | null;
  /** Load pg_stat_statements into the embedded server (statement statistics per scenario). */
  pgStats: boolean;
  /** Run the embedded cluster with npm start's durability (fsync, synchronous commit, full pages). */
  durable?: boolean;
  /** Settings for the app and worker processes (--env KEY=VALUE). */
  extraEnv: Record<string, string>;
  log: (m: string) => void;
}

export interface Stack {
  databaseUrl: string;
  /** Base URLs of the web processes (http://127.0.0.1:port). */
  urls: string[];
  env: NodeJS.ProcessEnv;
  web: ChildProcess[];
  workers: ChildProcess[];
  rss: RssSampler;
  logDir: string;
  stop(): Promise<void>;
}

async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function waitExit(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => (clearTimeout(timer), resolve()));
  });
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const logDir = mkdtempSync(path.join(tmpdir(), 'rmm-bench-'));
  if (opts.profileDir) mkdirSync(opts.profileDir, { recursive: true });
  const given = process.env.DATABASE_URL;
  // Under the project like the test suite's cluster (as root, initdb runs as the postgres user,
  // which cannot enter a private temp directory).
  const pgDir = path.join(root, '.data', `bench-pg-${process.pid}`);
  const extraFlags = [
    ...(opts.pgStats ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] : []),
    // later settings win over the throwaway cluster's fsync=off etc.
    ...(opts.durable ? ['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on'] : []),
  ];
  const pg: RunningPostgres = await resolvePostgres({ dataDir: pgDir, databaseUrl: given, ephemeral: true, extraFlags });
  const dbName = `rmm_bench_${randomBytes(4).toString('hex')}`;
  await createDatabase(pg.adminUrl, dbName);
  const databaseUrl = pg.urlFor(dbName);
  opts.log(`${given ? 'PostgreSQL from DATABASE_URL' : 'embedded PostgreSQL'}, database ${dbName}`);
  await migrateDatabase(databaseUrl, { quiet: true });
  if (opts.pgStats) await runSql(databaseUrl, 'create extension if not exists pg_stat_statements');
  if (!opts.skipBuild) await ensureBuilt(opts.log);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    PORTAL_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    // GET /metrics (the web processes' heap, for scenarios that report memory per connection).
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    AGENT_HEARTBEAT_INTERVAL_SECONDS: String(opts.heartbeatIntervalSeconds),
    // Scenarios run different fleet sizes one after another: devices not in the current run must
    // not flap offline (and fan out device.offline events) in the middle of another scenario.
    DEVICE_OFFLINE_AFTER_SECONDS: '86400',
    AGENT_ENROLL_RATE_LIMIT_PER_IP: '1000000',
    // Self-hosted: webhooks may target private addresses (the local receiver).
    IS_HOSTED: 'false',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    CHECKPOINT_DISABLE: '1',
    ...opts.extraEnv,
  };
  // The bench process itself seeds through lib/ (lib/env reads process.env on first use).
  Object.assign(process.env, { DATABASE_URL: databaseUrl, JWT_SECRET: env.JWT_SECRET, ENCRYPTION_KEY: env.ENCRYPTION_KEY, PORTAL_SESSION_SECRET: env.PORTAL_SESSION_SECRET, ACCESS_TOKEN_TTL_SECONDS: env.ACCESS_TOKEN_TTL_SECONDS, IS_HOSTED: 'false', LOG_LEVEL: 'silent' });

  const pipeTo = (child: ChildProcess, file: string) => {
    const out = createWriteStream(path.join(logDir, file));
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  };
  const urls: string[] = [];
  const web: ChildProcess[] = [];
  for (let i = 0; i < opts.webProcesses; i++) {
    const port = await freePort();
    const profile = opts.profileDir
      ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${path.join(import.meta.dirname, 'cpu-profile.cjs')}`.trim(), RMM_BENCH_PROFILE_DIR: opts.profileDir }
      : {};
    const child = startChild('web', 'server.ts', { ...env, ...profile, PORT: String(port) }, 'pipe');
    pipeTo(child, `web-${i + 1}.log`);
    web.push(child);
    urls.push(`http://127.0.0.1:${port}`);
  }
  const workers: ChildProcess[] = [];
  for (let i = 0; i < opts.workers; i++) {
    const child = startChild('worker', 'worker/index.ts', env, 'pipe');
    pipeTo(child, `worker-${i + 1}.log`);
    workers.push(child);
  }
  // The embedded server is the bench's own: its CPU time is attributable (a shared one is not).
  const postmaster = given ? null : Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const rss = new RssSampler({ app: web.map((c) => c.pid!), worker: workers.map((c) => c.pid!), ...(postmaster ? { db: [postmaster] } : {}) });
  const stop = async () => {
    rss.stop();
    const all = [...web, ...workers];
    for (const c of all) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(all.map((c) => waitExit(c, 5000)));
    for (const c of all) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await dropDatabase(pg.adminUrl, dbName).catch(() => undefined);
    await pg.stop();
    if (!given) rmSync(pgDir, { recursive: true, force: true });
  };
  try {
    const exited = [...web, ...workers].map((c) => new Promise<never>((_, reject) => c.once('exit', (code) => reject(new Error(`a process exited (${code}) while starting`)))));
    await Promise.race([Promise.all(urls.map((u) => waitForHttp(`${u}/api/v1/health`, 180_000))), ...exited]);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; logs in ${logDir}`, { cause: error });
  }
  opts.log(`${opts.webProcesses} web process(es) on ${urls.join(', ')}, ${opts.workers} worker(s); logs in ${logDir}`);
  return { databaseUrl, urls, env, web, workers, rss, logDir, stop };
}
