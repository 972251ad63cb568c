// Builds the Next.js app when there is no build or a source file is newer than it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eachLine } from './json-lines';

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

export interface BuildOptions {
  /** Aborting kills the build. */
  signal?: AbortSignal;
  /** Keep the build's own output, printing it (to stderr) only when the build fails. */
  capture?: boolean;
  /**
   * Instead: each line of the build's output as it comes (`source` names the build: `next-build`,
   * `agent-build`). Nothing is printed by the build itself, failing or not.
   */
  onLine?: (line: string, source: string, stream: 'stdout' | 'stderr') => void;
}

function runNode(what: string, source: string, args: string[], env: NodeJS.ProcessEnv, opts: BuildOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const piped = opts.capture || opts.onLine;
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit', signal: opts.signal, killSignal: 'SIGTERM' });
    const output: Buffer[] = [];
    const onLine = opts.onLine;
    if (onLine) {
      eachLine(child.stdout!, (line) => onLine(line, source, 'stdout'));
      eachLine(child.stderr!, (line) => onLine(line, source, 'stderr'));
    } else {
      child.stdout?.on('data', (d: Buffer) => output.push(d));
      child.stderr?.on('data', (d: Buffer) => output.push(d));
    }
    child.on('error', reject);
    // 'close': after the last of its output, which the caller may still be logging.
    child.on('close', (code) => {
      if (code === 0) return resolve();
      if (opts.capture && !onLine && !opts.signal?.aborted) process.stderr.write(Buffer.concat(output));
      reject(new Error(`${what} failed (${code})`));
    });
  });
}

/**
 * Whether `next build` writes Turbopack's build cache (next.config.mjs): NEXT_BUILD_CACHE when
 * set, else only when a build exists already. The cache (hundreds of MB, tens of seconds of
 * writing at the end of a build) speeds a rebuild of a checkout that has been built before; the
 * first build of a fresh clone writes none, so it ends sooner, and the rebuild after it writes it.
 */
export function buildCacheSetting(env: NodeJS.ProcessEnv = process.env): 'on' | 'off' {
  if (env.NEXT_BUILD_CACHE === 'on' || env.NEXT_BUILD_CACHE === 'off') return env.NEXT_BUILD_CACHE;
  return existsSync(path.join(root, '.next', 'BUILD_ID')) ? 'on' : 'off';
}

export function runBuild(opts: BuildOptions = {}): Promise<void> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NEXT_BUILD_CACHE: buildCacheSetting() } as NodeJS.ProcessEnv;
  return runNode('next build', 'next-build', [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], env, opts);
}

/** The reference agent bundle served by GET /agents/download (skips itself when up to date). */
export function buildAgent(opts: BuildOptions = {}): Promise<void> {
  return runNode('agent build', 'agent-build', [path.join(root, 'scripts/build-agent.mjs')], process.env, opts);
}

/** The agent bundle and, when missing or stale, the web app: independent, so both at once. */
export async function ensureBuilt(log: (m: string) => void = console.log, opts: BuildOptions = {}): Promise<void> {
  const web = async () => {
    if (!buildIsStale()) return;
    log('building the web app (missing or out of date)…');
    const started = Date.now();
    await runBuild(opts);
    log(`web app built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };
  await Promise.all([buildAgent(opts), web()]);
}
