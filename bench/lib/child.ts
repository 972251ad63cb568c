// Load runs in processes of its own (never in the bench process, never in the app): each is a
// tsx script that prints one JSON report as its last stdout line.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..', '..');
// The script runs in the spawned node itself, under tsx's loader, not under tsx's CLI: the CLI
// relays a SIGTERM to its child and kills it (exit 143, no report) unless the child acknowledges
// the signal within 30 ms, which a load process on a busy box does not always manage.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const running = new Set<ChildProcess>();

export interface LoadProcess<T> {
  child: ChildProcess;
  result: Promise<T>;
}

export function startLoad<T = Record<string, unknown>>(script: string, args: string[], opts: { env?: NodeJS.ProcessEnv; onStderr?: (line: string) => void } = {}): LoadProcess<T> {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d;
    for (const line of String(d).split('\n')) if (line.trim()) opts.onStderr?.(line);
  });
  const result = new Promise<T>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      const last = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} exited ${code ?? signal} without a report\n${stderr.slice(-2000)}`));
      }
    });
  });
  // A scenario that fails before awaiting its load process must not crash the bench.
  result.catch(() => undefined);
  return { child, result };
}

/** Ends every load process still running (Ctrl-C, a failed scenario): none outlives the bench. */
export function killAllLoad(): void {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
}
