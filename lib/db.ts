// The one Prisma client. Tenancy goes into each query's `where`, never a filter after the read.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
/** Either the client or an open transaction: domain functions accept both. */
export type DbOrTx = PrismaClient | Tx;

interface DbState {
  client: PrismaClient;
  pool: pg.Pool;
}

// One client per database URL, on globalThis so that every copy of this module in the process
// (Next bundles route handlers separately) shares it. Keyed by the URL each was opened for: a
// copy of this module holding another configuration (a test file's modules after the next file
// has started on its own database) never hands its connections to the current one.
const globalForDb = globalThis as unknown as { __rmmDb?: Map<string, DbState> };

function state(): DbState {
  const url = env().DATABASE_URL;
  const clients = (globalForDb.__rmmDb ??= new Map());
  let current = clients.get(url);
  if (!current) {
    const pool = new pg.Pool({ connectionString: url, max: env().DB_POOL_SIZE, idleTimeoutMillis: 30_000 });
    // A connection the server dropped (a restart, a failover, a network cut) is discarded by the
    // pool and replaced on next use; queries meanwhile fail and the routes answer 503. Said once
    // per connection, at warn: an operator needs to see the database go away.
    pool.on('error', (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'));
    releaseBrokenConnections(pool);
    pool.on('connect', serializeQueries);
    current = { pool, client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }) };
    clients.set(url, current);
  }
  return current;
}

/**
 * A checked-out connection that breaks is handed back to the pool (and so discarded) at once.
 * Without a listener of its own its 'error' event would be an uncaught exception ending the
 * process (the pool listens only to idle connections). And Prisma's adapter releases a
 * transaction's connection only after a successful ROLLBACK, which a dead connection never
 * gives: each transaction cut by an outage would hold a pool slot for good, and a few outages
 * would leave a web process with no connections at all.
 */
function releaseBrokenConnections(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return; // idle: the pool's own listener removes it
      const release = client.release;
      client.release = () => undefined; // the holder's own release, if it ever comes, is moot
      release(err);
    }),
  );
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Runs the queries sent to one checked-out connection one after another. Within an interactive
 * transaction Prisma sends several queries at once on the transaction's one connection (it reads
 * the relations of an `include` concurrently); pg then queues them itself, but that queue is
 * deprecated ("client.query() when the client is already executing a query", an error from
 * pg 9 on). This is the flow control pg asks for instead: each promise-style query starts once
 * the one before it has settled, in the order sent, as pg's queue did. Callback and submittable
 * queries (how `pool.query` runs on the connection it checks out, cursors) pass through: each
 * has its connection to itself.
 */
export function serializeQueries(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as QueryFn;
  let previous: Promise<unknown> = Promise.resolve();
  const serialized: QueryFn = (...args) => {
    const first = args[0] as { submit?: unknown; callback?: unknown } | null | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function' || typeof first?.callback === 'function') return query(...args);
    const result = previous.then(() => query(...args));
    previous = result.catch(() => undefined);
    return result;
  };
  client.query = serialized as typeof client.query;
}

// A proxy keeps `import { db }` cheap: nothing connects until the first query, which lets
// tests point DATABASE_URL at their own database before first use.
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = state().client;
    const value = Reflect.get(client, prop, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});

/** The pg pool under Prisma, for pool metrics and the few statements Prisma cannot express. */
export function dbPool(): pg.Pool {
  return state().pool;
}

export async function disconnectDb(): Promise<void> {
  const clients = [...(globalForDb.__rmmDb?.values() ?? [])];
  globalForDb.__rmmDb?.clear();
  await Promise.all(clients.map((c) => c.client.$disconnect()));
}
