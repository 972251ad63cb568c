// Per test file: a fresh database cloned from the migrated template, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/lib/postgres';
import { applyTestEnv } from './test-env';
import { resetEnvCache } from '@/lib/env';
import { disconnectDb } from '@/lib/db';

// Files run one after another in a worker (vitest.config.ts). Each starts from the environment the
// worker began with, whatever the file before it set, and imports the project's modules afresh
// (packages in node_modules stay loaded): module-level caches, such as the OpenAPI document or
// the release signing key, belong to one file's database.
const baseline = ((globalThis as { __rmmTestEnv?: NodeJS.ProcessEnv }).__rmmTestEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
Object.assign(process.env, baseline);
applyTestEnv();
// The connection pool lives on globalThis: a late query of the file before may have reopened it
// on that file's (now dropped) database.
await disconnectDb();
vi.resetModules();
const adminUrl = inject('pgAdminUrl');
const template = inject('templateDb');
const name = `rmm_test_${randomBytes(6).toString('hex')}`;
await createDatabase(adminUrl, name, template);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
resetEnvCache();

afterAll(async () => {
  await disconnectDb();
  await dropDatabase(adminUrl, name);
});
