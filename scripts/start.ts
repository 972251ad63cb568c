// `npm start`: the whole product — its own PostgreSQL (unless DATABASE_URL is set), migrations,
// the first admin, a build when needed, then the web server and the worker.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDotEnv } from './lib/dotenv';
import { ensureLocalSecrets } from './lib/secrets';
import { resolvePostgres, createDatabase } from './lib/postgres';
import { migrateDatabase } from './lib/migrate';
import { ensureBuilt } from './lib/build';
import { startApp, waitForHttp } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data');
const dev = process.argv.includes('--dev');
const say = (msg: string) => console.log(`[start] ${msg}`);

async function main() {
  const started = performance.now();
  loadDotEnv(path.join(root, '.env'));
  ensureLocalSecrets(dataDir);

  const pg = await resolvePostgres({ dataDir: path.join(dataDir, 'pg'), databaseUrl: process.env.DATABASE_URL });
  if (!process.env.DATABASE_URL) {
    await createDatabase(pg.adminUrl, 'rmm');
    process.env.DATABASE_URL = pg.urlFor('rmm');
    say(`embedded PostgreSQL running (data in .data/pg): ${process.env.DATABASE_URL.replace(/:[^:@/]+@/, ':***@')}`);
  }
  await migrateDatabase(process.env.DATABASE_URL!, { quiet: true });
  say('database migrated');

  const { ensureBootstrapAdmin } = await import('../lib/bootstrap/ensure-bootstrap-admin');
  const { disconnectDb } = await import('../lib/db');
  const admin = await ensureBootstrapAdmin();
  await disconnectDb();
  if (admin.created) {
    say(`created the platform admin ${admin.email}`);
    if (admin.generatedPassword) say(`its generated password (shown once): ${admin.generatedPassword}`);
  }

  if (!dev) await ensureBuilt((m) => say(m));
  const port = process.env.PORT ?? '3000';
  const app = startApp({ env: { ...process.env, PORT: port }, dev });

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await app.stop();
    await pg.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  void app.exited.then((code) => {
    if (!stopping) {
      say(`a process exited (${code}); stopping the rest`);
      void shutdown(code || 1);
    }
  });

  await waitForHttp(`http://127.0.0.1:${port}/api/v1/health`, 120_000);
  say(`ready on http://localhost:${port} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error('[start] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
