// The system under test: a fresh database of the bench's own (embedded PostgreSQL unless
// DATABASE_URL), migrated with the product's own tooling, then N web processes (server.ts over
// the `next build` output) and M workers, exactly as `npm start` runs them.
import { randomBytes } from 'node:crypto';
import { appendFileSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { resolvePostgres, createDatabase, dropDatabase, freePort, type RunningPostgres } from '../../scripts/lib/postgres';
import { migrateDatabase } from '../../scripts/lib/migrate';
import { ensureBuilt } from '../../scripts/lib/build';
import { startChild, waitForHttp } from '../../scripts/lib/processes';
import { RssSampler } from './rss';
import type { BenchNetwork } from './netns';

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
  /**
   * A bridge for network namespaces (scenario 15): the embedded PostgreSQL also listens on its
   * address, so processes started in namespaces by `respawn` reach it.
   */
  network?: BenchNetwork;
  log: (m: string) => void;
}

/** How many web and worker processes run, and whether each sits in a network namespace of its own. */
export interface ProcessLayout {
  webProcesses: number;
  workers: number;
  namespaces: boolean;
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
  layout: ProcessLayout;
  /**
   * Stops the web and worker processes and starts `layout`'s on the same database (urls, web,
   * workers and rss then describe the new ones).
   */
  respawn(layout: ProcessLayout): Promise<void>;
  /** With --profile: the web and worker processes' profiles start afresh now (a measurement window opens). */
  profileWindow(): void;
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

const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

/** startChild's command, behind `prefix` (`ip netns exec NAME`), which execs it in place. */
function startIn(prefix: string[], name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  if (prefix.length === 0) return startChild(name, script, env, 'pipe');
  return spawn(prefix[0], [...prefix.slice(1), process.execPath, '--import', tsxLoader, path.join(root, script)], {
    cwd: root,
    env: { ...env, RMM_PROCESS: name },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    ...(opts.network ? ['-c', `listen_addresses=127.0.0.1,${opts.network.hostAddress}`] : []),
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

  if (opts.network && !given) {
    // Connections from the namespaces' addresses, with the same method as loopback ones.
    const hba = path.join(pgDir, 'pg_hba.conf');
    const method = /^host\s+all\s+all\s+127\.0\.0\.1\/32\s+(\S+)/m.exec(readFileSync(hba, 'utf8'))?.[1] ?? 'password';
    appendFileSync(hba, `\nhost all all ${opts.network.cidr} ${method}\n`);
    await runSql(pg.adminUrl, 'select pg_reload_conf()');
  }

  // Both streams into one file, which closes when the child has closed both: with pipe's default
  // the first stream to end ended the file, and the other's next chunk (a process writing to both
  // as it exits, or `--trace-gc` lines) crashed the bench with a write after end.
  const pipeTo = (child: ChildProcess, file: string) => {
    const out = createWriteStream(path.join(logDir, file));
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.on('close', () => out.end());
  };
  // The embedded server is the bench's own: its CPU time is attributable (a shared one is not).
  const postmaster = given ? null : Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let generation = 0;
  const spawnLayout = async (layout: ProcessLayout) => {
    generation++;
    const urls: string[] = [];
    const web: ChildProcess[] = [];
    const workers: ChildProcess[] = [];
    let nsIndex = 0;
    // In a namespace a process has the ports of its own: each web process is at its address, port 3000.
    const place = async (): Promise<{ prefix: string[]; host: string; port: number; databaseUrl: string }> => {
      if (!layout.namespaces) return { prefix: [], host: '127.0.0.1', port: await freePort(), databaseUrl };
      if (!opts.network) throw new Error('namespaces need the stack started with a network');
      nsIndex++;
      const host = opts.network.addNamespace(generation * 10 + nsIndex);
      const url = new URL(databaseUrl);
      url.hostname = opts.network.hostAddress;
      return { prefix: opts.network.execPrefix(generation * 10 + nsIndex), host, port: 3000, databaseUrl: url.toString() };
    };
    // --profile samples the workers too (their delivery and job paths), into the same directory.
    const profile = opts.profileDir
      ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${path.join(import.meta.dirname, 'cpu-profile.cjs')}`.trim(), RMM_BENCH_PROFILE_DIR: opts.profileDir }
      : {};
    for (let i = 0; i < layout.webProcesses; i++) {
      const at = await place();
      const child = startIn(at.prefix, 'web', 'server.ts', { ...env, ...profile, ...(opts.profileDir ? { RMM_BENCH_PROFILE_WINDOW: 'SIGUSR2' } : {}), DATABASE_URL: at.databaseUrl, HOST: at.host, PORT: String(at.port) });
      pipeTo(child, `web-${generation}-${i + 1}.log`);
      web.push(child);
      urls.push(`http://${at.host}:${at.port}`);
    }
    for (let i = 0; i < layout.workers; i++) {
      const at = await place();
      const child = startIn(at.prefix, 'worker', 'worker/index.ts', { ...env, ...profile, ...(opts.profileDir ? { RMM_BENCH_PROFILE_WINDOW: 'SIGWINCH' } : {}), DATABASE_URL: at.databaseUrl });
      pipeTo(child, `worker-${generation}-${i + 1}.log`);
      workers.push(child);
    }
    const rss = new RssSampler({ app: web.map((c) => c.pid!), worker: workers.map((c) => c.pid!), ...(postmaster ? { db: [postmaster] } : {}) });
    return { urls, web, workers, rss };
  };
  const stopProcesses = async (all: ChildProcess[]) => {
    for (const c of all) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(all.map((c) => waitExit(c, 5000)));
    for (const c of all) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  const waitHealthy = async (running: { urls: string[]; web: ChildProcess[]; workers: ChildProcess[] }) => {
    const exited = [...running.web, ...running.workers].map((c) => new Promise<never>((_, reject) => c.once('exit', (code) => reject(new Error(`a process exited (${code}) while starting`)))));
    await Promise.race([Promise.all(running.urls.map((u) => waitForHttp(`${u}/api/v1/health`, 180_000))), ...exited]);
  };

  const first = await spawnLayout({ webProcesses: opts.webProcesses, workers: opts.workers, namespaces: false });
  const stack: Stack = {
    databaseUrl,
    ...first,
    env,
    logDir,
    layout: { webProcesses: opts.webProcesses, workers: opts.workers, namespaces: false },
    async respawn(layout) {
      stack.rss.stop();
      await stopProcesses([...stack.web, ...stack.workers]);
      const next = await spawnLayout(layout);
      Object.assign(stack, next, { layout });
      await waitHealthy(next);
      opts.log(`${layout.webProcesses} web process(es) on ${next.urls.join(', ')}, ${layout.workers} worker(s)${layout.namespaces ? ', each in a network namespace of its own' : ''}`);
    },
    profileWindow() {
      // `ip netns exec` execs the program in place: each child's pid is the web process's own.
      if (!opts.profileDir) return;
      for (const c of stack.web) if (c.exitCode === null) c.kill('SIGUSR2');
      for (const c of stack.workers) if (c.exitCode === null) c.kill('SIGWINCH');
    },
    async stop() {
      stack.rss.stop();
      await stopProcesses([...stack.web, ...stack.workers]);
      await dropDatabase(pg.adminUrl, dbName).catch(() => undefined);
      await pg.stop();
      if (!given) rmSync(pgDir, { recursive: true, force: true });
    },
  };
  try {
    await waitHealthy(first);
  } catch (error) {
    await stack.stop();
    throw new Error(`${(error as Error).message}; logs in ${logDir}`, { cause: error });
  }
  opts.log(`${opts.webProcesses} web process(es) on ${first.urls.join(', ')}, ${opts.workers} worker(s); logs in ${logDir}`);
  return stack;
}
