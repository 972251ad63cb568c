// Builds the Next.js app when there is no build or a source file is newer than it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const SOURCES = ['app', 'components', 'hooks', 'lib', 'public', 'next.config.mjs', 'package.json', 'postcss.config.mjs', 'tsconfig.json', 'prisma/schema', 'proxy.ts'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

export function buildIsStale(): boolean {
  const marker = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (${code})`))));
  });
}

/** The reference agent bundle served by GET /agents/download (skips itself when up to date). */
export function buildAgent(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build-agent.mjs')], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`agent build failed (${code})`))));
  });
}

export async function ensureBuilt(log: (m: string) => void = console.log): Promise<void> {
  await buildAgent();
  if (!buildIsStale()) return;
  log('building the web app (missing or out of date)…');
  await runBuild();
}
