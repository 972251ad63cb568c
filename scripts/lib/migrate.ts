// Applies Prisma migrations (JS schema engine, no downloads) and graphile-worker's own schema.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { ensureMetricPartitions } from '../../lib/metric-history/partitions';

const root = path.resolve(import.meta.dirname, '..', '..');

export function prismaCli(args: string[], databaseUrl: string, opts: { quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--require', path.join(root, 'scripts/lib/unref-timers.cjs'), path.join(root, 'node_modules/prisma/build/index.js'), ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' }, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
    );
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`prisma ${args.join(' ')} failed (${code})\n${output}`))));
  });
}

export async function migrateDatabase(databaseUrl: string, opts: { quiet?: boolean } = {}): Promise<void> {
  await prismaCli(['migrate', 'deploy'], databaseUrl, opts);
  await runMigrations({ connectionString: databaseUrl, logger: quietLogger() });
  // Time partitions of the metric history are made by code (their dates move): the days ahead
  // exist before any process takes heartbeats, and rows a migration left in a default partition
  // move into theirs.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await ensureMetricPartitions(pool);
  } finally {
    await pool.end();
  }
}

// graphile-worker's Logger wants a factory; migrations need no chatter.
const quietLogger = () => new Logger(() => () => undefined);
