// A fresh migrated database for one benchmark (the machine's PostgreSQL when DATABASE_URL is
// set, else an embedded one), with the test configuration (secrets, quiet logs).
import path from 'node:path';
import { createDatabase, dropDatabase, resolvePostgres } from '../scripts/lib/postgres';
import { migrateDatabase } from '../scripts/lib/migrate';
import { applyTestEnv } from '../tests/setup/test-env';

export async function setupBenchDb(label: string): Promise<{ teardown: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '..');
  const adminUrl = process.env.DATABASE_URL;
  applyTestEnv();
  const pg = await resolvePostgres({ dataDir: path.join(root, '.data', `bench-pg-${process.pid}`), databaseUrl: adminUrl, ephemeral: true });
  const name = `rmm_bench_${label}_${process.pid}`;
  await dropDatabase(pg.adminUrl, name);
  await createDatabase(pg.adminUrl, name);
  await migrateDatabase(pg.urlFor(name), { quiet: true });
  process.env.DATABASE_URL = pg.urlFor(name);
  const { resetEnvCache } = await import('@/lib/env');
  resetEnvCache();
  return {
    teardown: async () => {
      const { disconnectDb } = await import('@/lib/db');
      await disconnectDb();
      await dropDatabase(pg.adminUrl, name).catch(() => undefined);
      await pg.stop();
    },
  };
}
