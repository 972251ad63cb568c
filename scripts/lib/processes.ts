// Starts the web server and the worker as child processes and stops them together.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeChildAsJson } from './json-lines';

const root = path.resolve(import.meta.dirname, '..', '..');
// tsx as a loader in the program's own process, not its CLI (which runs the program in a child
// of its own): a signal, a kill -9 or an exit code then concerns the process that serves.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

export interface RunningApp {
  web: ChildProcess;
  worker: ChildProcess;
  stop(): Promise<void>;
  exited: Promise<number>;
}

/**
 * `json`: the child's output is copied to this process's stdout and stderr with every line a
 * JSON object (scripts/lib/json-lines.ts): its own log lines as they are, anything else (Next's
 * plain lines) wrapped as a record of that child with `source: "next"`.
 */
export function startChild(name: string, script: string, env: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore' | 'pipe' | 'json', args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(root, script), ...args], {
    cwd: root,
    env: { ...env, RMM_PROCESS: name },
    stdio: stdio === 'pipe' || stdio === 'json' ? ['ignore', 'pipe', 'pipe'] : stdio,
  });
  if (stdio === 'json') pipeChildAsJson(child, name);
  return child;
}

function waitExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code ?? 0));
  });
}

export function startApp(opts: { env: NodeJS.ProcessEnv; stdio?: 'inherit' | 'ignore' | 'pipe'; dev?: boolean; worker?: boolean }): RunningApp {
  const stdio = opts.stdio ?? 'inherit';
  const env: NodeJS.ProcessEnv = { ...opts.env, NODE_ENV: opts.dev ? 'development' : 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const web = startChild('web', 'server.ts', env, stdio, opts.dev ? ['--dev'] : []);
  const worker = opts.worker === false ? null : startChild('worker', 'worker/index.ts', env, stdio);
  const children = [web, worker].filter((c): c is ChildProcess => c !== null);
  const exited = Promise.race(children.map(waitExit));
  return {
    web,
    worker: worker ?? web,
    exited,
    async stop() {
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([
        Promise.all(children.map(waitExit)),
        new Promise((r) => setTimeout(r, 5000)),
      ]);
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resolves when GET url answers 200, polling; rejects after the timeout. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
