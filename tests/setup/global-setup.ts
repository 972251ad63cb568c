// Once per `vitest run`: a PostgreSQL server (embedded unless DATABASE_URL/TEST_PG_ADMIN_URL say
// otherwise) and a migrated template database that each test file clones.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolvePostgres, createDatabase, dropDatabase, throwawayDataDir } from '../../scripts/lib/postgres';
import { migrateDatabase } from '../../scripts/lib/migrate';
import { applyTestEnv } from './test-env';

export default async function setup(project: TestProject) {
  applyTestEnv();
  const root = path.resolve(import.meta.dirname, '..', '..');
  // The tests' router reads the generated route index: keep it in step with app/api.
  execFileSync(process.execPath, [path.join(root, 'scripts/gen-route-index.mjs')]);
  // The agent download routes serve the bundle; the end-to-end agent test runs it.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-agent.mjs'), '--quiet']);
  // The tenancy contract suites' seeded world (tests/helpers/contract/shared-world.ts): made by
  // the first suite that needs it, so a run without those suites never seeds it; named per run,
  // so a run never reuses another's (its records carry times relative to their seeding).
  const worldDb = `rmm_world_${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('contractWorldDb', worldDb);
  if (process.env.TEST_PG_ADMIN_URL && process.env.TEST_TEMPLATE_DB) {
    const adminUrl = process.env.TEST_PG_ADMIN_URL;
    project.provide('pgAdminUrl', adminUrl);
    project.provide('templateDb', process.env.TEST_TEMPLATE_DB);
    return async () => {
      await dropDatabase(adminUrl, worldDb).catch(() => undefined);
    };
  }
  const pg = await resolvePostgres({
    dataDir: throwawayDataDir(root, 'test'),
    databaseUrl: process.env.DATABASE_URL,
    ephemeral: true,
  });
  const template = `rmm_template_${process.pid}`;
  await dropDatabase(pg.adminUrl, template);
  await createDatabase(pg.adminUrl, template);
  await migrateDatabase(pg.urlFor(template), { quiet: true });
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('templateDb', template);
  return async () => {
    await dropDatabase(pg.adminUrl, worldDb).catch(() => undefined);
    await dropDatabase(pg.adminUrl, template).catch(() => undefined);
    await pg.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
    /** The name the tenancy contract suites' seeded world template gets (it may not exist). */
    contractWorldDb: string;
  }
}
