// `npm start`: the whole product — its own PostgreSQL (unless DATABASE_URL is set), migrations,
// the first admin, a build when needed, then the web server and the worker, supervised: a web
// or worker process that dies is restarted with backoff while the rest (the database included)
// stays up.
// `--web-only` / `--worker-only`: just that one process in the foreground against DATABASE_URL,
// for a process manager (systemd, Kubernetes) that runs and restarts each one itself.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDotEnv } from './lib/dotenv';
import { ensureLocalSecrets } from './lib/secrets';
import { resolvePostgres, createDatabase } from './lib/postgres';
import { migrateDatabase } from './lib/migrate';
import { ensureBuilt } from './lib/build';
import { startChild, waitForHttp } from './lib/processes';
import { describeExit, supervise } from './lib/supervise';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data');
const argv = process.argv.slice(2);
const dev = argv.includes('--dev');
const only = argv.includes('--web-only') ? 'web' : argv.includes('--worker-only') ? 'worker' : null;
const say = (msg: string) => console.log(`[start] ${msg}`);

async function prepareDatabase(): Promise<{ stop(): Promise<void> }> {
  if (only && !process.env.DATABASE_URL) {
    throw new Error(`--${only}-only runs against an existing database: set DATABASE_URL`);
  }
  const pg = await resolvePostgres({ dataDir: path.join(dataDir, 'pg'), databaseUrl: process.env.DATABASE_URL });
  if (!process.env.DATABASE_URL) {
    await createDatabase(pg.adminUrl, 'rmm');
    process.env.DATABASE_URL = pg.urlFor('rmm');
    say(`embedded PostgreSQL running (data in .data/pg): ${process.env.DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}`);
  }
  // Both migrators take a lock, so separate web and worker processes may all start at once.
  await migrateDatabase(process.env.DATABASE_URL!, { quiet: true });
  say('database migrated');
  return pg;
}

async function ensureAdmin() {
  const { ensureBootstrapAdmin } = await import('../lib/bootstrap/ensure-bootstrap-admin');
  const { disconnectDb } = await import('../lib/db');
  const admin = await ensureBootstrapAdmin();
  await disconnectDb();
  if (admin.created) {
    say(`created the platform admin ${admin.email}`);
    if (admin.generatedPassword) say(`its generated password (shown once): ${admin.generatedPassword}`);
  }
}

function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PORT: process.env.PORT ?? '3000', NODE_ENV: dev ? 'development' : 'production', NEXT_TELEMETRY_DISABLED: '1' };
}

const webArgs = dev ? ['--dev'] : [];

/** One process in the foreground: signals go to it, and its exit code is ours. */
async function runOne(name: 'web' | 'worker') {
  if (name === 'web') {
    await ensureAdmin();
    if (!dev) await ensureBuilt((m) => say(m));
  }
  const child = startChild(name, name === 'web' ? 'server.ts' : 'worker/index.ts', childEnv(), 'inherit', name === 'web' ? webArgs : []);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => {
    if (code !== 0) say(`${name} exited (${describeExit(code, signal)})`);
    process.exit(code ?? 1);
  });
}

async function runAll(pg: { stop(): Promise<void> }, started: number) {
  await ensureAdmin();
  if (!dev) await ensureBuilt((m) => say(m));
  const env = childEnv();
  const supervisor = supervise(
    [
      { name: 'web', start: () => startChild('web', 'server.ts', env, 'inherit', webArgs) },
      { name: 'worker', start: () => startChild('worker', 'worker/index.ts', env, 'inherit') },
    ],
    { log: say },
  );

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await supervisor.stop();
    await pg.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  void supervisor.done.then((result) => {
    if (stopping) return;
    say(`${result.reason}: stopping the rest`);
    void shutdown(result.code || 1);
  });

  // A web process that is slow or restarting is the supervisor's business, not a reason to exit.
  waitForHttp(`http://127.0.0.1:${env.PORT}/api/v1/health`, 120_000).then(
    () => say(`ready on http://localhost:${env.PORT} in ${((performance.now() - started) / 1000).toFixed(1)} s`),
    () => say('the web server has not answered its health check within 120 s; still supervising'),
  );
}

async function main() {
  const started = performance.now();
  loadDotEnv(path.join(root, '.env'));
  ensureLocalSecrets(dataDir);
  const pg = await prepareDatabase();
  if (only) await runOne(only);
  else await runAll(pg, started);
}

main().catch((error) => {
  console.error('[start] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
