// `npm run start:prod` (dist/start.js): the compiled product on one host against the PostgreSQL in
// DATABASE_URL — the release step (migrations, first admin) once, then the web server and the
// worker as plain `node` processes under supervision (restarted with backoff when they die; see
// scripts/lib/supervise.ts). Nothing is built or compiled here: `npm run build` made dist/ and
// .next. Where a platform runs each process on its own (containers, Kubernetes, systemd units),
// run dist/release.js once per upgrade and dist/server.js / dist/worker.js directly instead
// (docs/production.md).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { loadDotEnv } from './lib/dotenv';
import { pipeChildAsJson } from './lib/json-lines';
import { describeExit, supervise } from './lib/supervise';
import { logSettings } from '../lib/env';

// The bundle keeps each source file's own import.meta.dirname (scripts/bundle.mjs).
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
loadDotEnv(path.join(root, '.env'));
// JSON lines like every process it starts (whose lines it passes on, wrapping any plain ones).
const log = pino({ level: logSettings().LOG_LEVEL, base: { service: 'start' } }, pino.destination({ dest: 1, sync: true }));
const say = (message: string) => log.info(message);

function runNode(name: string, file: string): ChildProcess {
  const child = spawn(process.execPath, [path.join(dist, file)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', RMM_PROCESS: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeChildAsJson(child, name);
  return child;
}

function releaseOnce(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = runNode('release', 'release.js');
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the release step failed (${describeExit(code, signal)})`))));
  });
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set (npm start runs a PostgreSQL of its own; the production build does not)');
  await releaseOnce();
  const supervisor = supervise(
    [
      { name: 'web', start: () => runNode('web', 'server.js') },
      { name: 'worker', start: () => runNode('worker', 'worker.js') },
    ],
    { log: say },
  );
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await supervisor.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  void supervisor.done.then((result) => {
    if (stopping) return;
    say(`${result.reason}: stopping the rest`);
    void shutdown(result.code || 1);
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error instanceof Error ? { message: error.message } : error }, 'start failed');
  process.exit(1);
});
