// Per test file: a fresh database cloned from the migrated template, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import { createDatabase, dropDatabase } from '../../scripts/lib/postgres';
import { applyTestEnv } from './test-env';

/**
 * The process-wide services a file may have started through the app's own code (they live on
 * globalThis, as Next's separately bundled route handlers share them): the agent-channel hub with
 * its relay and timers, the terminal gateway bound to that hub, the MCP SSE sessions. Stopped
 * while their file's database still exists, and forgotten, so the next file in this worker starts
 * its own on its own database. Each stop is given a few seconds: one that cannot finish (its
 * database gone already) must not hold up the next file.
 */
async function stopProcessWide(): Promise<void> {
  const held = globalThis as Record<string, unknown>;
  const stops: Promise<unknown>[] = [];
  for (const key of ['__rmmTerminalGateway', '__rmmMcpSseSessions', '__rmmAgentChannelHub']) {
    const service = held[key] as { stop?: () => Promise<void>; wss?: { close(): void } } | undefined;
    delete held[key];
    if (!service) continue;
    service.wss?.close();
    if (service.stop) stops.push(service.stop().catch(() => undefined));
  }
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise((resolve) => (timer = setTimeout(resolve, 5_000).unref()));
  await Promise.race([Promise.all(stops), cap]);
  clearTimeout(timer);
}

// Files run one after another in a worker (vitest.config.ts). Each starts from the environment the
// worker began with, whatever the file before it set, and imports the project's modules afresh
// (packages in node_modules stay loaded): module-level caches, such as the OpenAPI document or
// the release signing key, belong to one file's database.
const baseline = ((globalThis as { __rmmTestEnv?: NodeJS.ProcessEnv }).__rmmTestEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
Object.assign(process.env, baseline);
applyTestEnv();
// The connection pools live on globalThis: a late query of the file before may have reopened one
// on that file's (now dropped) database. This file imports the project's modules only after the
// reset: a copy the file before loaded (its lib/env with its cached settings) is never touched,
// so nothing still running from it can be pointed at this file's database.
await stopProcessWide();
await (await import('@/lib/db')).disconnectDb();
vi.resetModules();
const adminUrl = inject('pgAdminUrl');
const template = inject('templateDb');
const name = `rmm_test_${randomBytes(6).toString('hex')}`;
await createDatabase(adminUrl, name, template);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
const { disconnectDb } = await import('@/lib/db');

afterAll(async () => {
  await stopProcessWide();
  await disconnectDb();
  await dropDatabase(adminUrl, name);
});
