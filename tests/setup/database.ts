// Per test file: a fresh database cloned from the migrated template, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/lib/postgres';
import { applyTestEnv } from './test-env';
import { resetEnvCache } from '@/lib/env';
import { disconnectDb } from '@/lib/db';

applyTestEnv();
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
