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

const globalForDb = globalThis as unknown as { __rmmDb?: DbState };

function state(): DbState {
  if (!globalForDb.__rmmDb) {
    const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: env().DB_POOL_SIZE, idleTimeoutMillis: 30_000 });
    // A connection the server dropped (a restart, a failover, a network cut) is discarded by the
    // pool and replaced on next use; queries meanwhile fail and the routes answer 503. Said once
    // per connection, at warn: an operator needs to see the database go away.
    pool.on('error', (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'));
    // A connection checked out (a transaction between statements) has no pool listener: without
    // one of its own its 'error' event would be an uncaught exception and end the process. The
    // statement running on it fails and says so; the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    globalForDb.__rmmDb = { pool, client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }) };
  }
  return globalForDb.__rmmDb;
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
  const current = globalForDb.__rmmDb;
  globalForDb.__rmmDb = undefined;
  await current?.client.$disconnect();
}
