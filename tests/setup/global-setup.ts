// Once per `vitest run`: a PostgreSQL server (embedded unless DATABASE_URL/TEST_PG_ADMIN_URL say
// otherwise) and a migrated template database that each test file clones.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolvePostgres, createDatabase, dropDatabase } from '../../scripts/lib/postgres';
import { migrateDatabase } from '../../scripts/lib/migrate';
import { applyTestEnv } from './test-env';

export default async function setup(project: TestProject) {
  applyTestEnv();
  const root = path.resolve(import.meta.dirname, '..', '..');
  // The tests' router reads the generated route index: keep it in step with app/api.
  execFileSync(process.execPath, [path.join(root, 'scripts/gen-route-index.mjs')]);
  // The agent download routes serve the bundle; the end-to-end agent test runs it.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-agent.mjs'), '--quiet']);
  if (process.env.TEST_PG_ADMIN_URL && process.env.TEST_TEMPLATE_DB) {
    project.provide('pgAdminUrl', process.env.TEST_PG_ADMIN_URL);
    project.provide('templateDb', process.env.TEST_TEMPLATE_DB);
    return;
  }
  const pg = await resolvePostgres({
    dataDir: path.join(root, '.data', `test-pg-${process.pid}`),
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
    await dropDatabase(pg.adminUrl, template).catch(() => undefined);
    await pg.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}
