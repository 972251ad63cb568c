// `npm start` stops the whole product when only its top process is signalled, as a service
// manager or a terminal multiplexer does: the web server, the worker and everything below them
// exit within seconds. Runs the real start script (in --dev mode, so no production build is
// needed) against this file's database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/postgres';

const root = path.resolve(import.meta.dirname, '..', '..');
const started: ChildProcess[] = [];
const temps: string[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Every process whose environment carries DATA_DIR=dataDir: the start script and all it started, reparented or not. */
async function processesOf(dataDir: string): Promise<number[]> {
  const marker = `DATA_DIR=${dataDir}`;
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await readFile(`/proc/${name}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(marker)) found.push(Number(name));
  }
  return found;
}

/**
 * Whether a process still runs. A zombie (state Z: exited, not yet reaped) does not count: a
 * child that exits after its parent is handed to PID 1, and in a container PID 1 may never reap it.
 */
const alive = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The state follows the command name, which is in parentheses and may itself hold spaces.
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
};

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startProduct(command: string, args: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rmm-start-'));
  temps.push(dataDir);
  let output = '';
  const top = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WORKER_POLL_INTERVAL_MS: '200' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(top);
  top.stdout!.on('data', (d) => (output += d));
  top.stderr!.on('data', (d) => (output += d));
  // The supervisor's two children run (the web server and the worker, each a node process).
  await until('the web server and the worker', async () => output.includes('"service":"worker"') && output.includes('"service":"web"') && (await processesOf(dataDir)).length >= 3, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return { top, dataDir, output: () => output };
}

describe('npm start and stop signals', () => {
  for (const [how, signal, command, args] of [
    ['npm start (through npm and its shell)', 'SIGTERM', 'npm', ['run', '--silent', 'dev']],
    ['the start script', 'SIGINT', process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev']],
  ] as const) {
    it(`${signal} to ${how} alone stops every process within seconds`, async () => {
      const { top, dataDir, output } = await startProduct(command, [...args]);
      const tree = await processesOf(dataDir);
      const exited = new Promise<number | null>((resolve) => top.once('exit', (code) => resolve(code)));
      const sent = Date.now();
      top.kill(signal);
      // Typically 1–4 s; the bound leaves room for the supervisor's backstop, which kills a child
      // still up 10 s after SIGTERM (a dev-mode web server busy compiling on a loaded machine).
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
      expect(code, output()).toBe(0);
      await until('every child to exit', async () => (await processesOf(dataDir)).length === 0, 2_000).catch(() => undefined);
      expect(await processesOf(dataDir), output()).toEqual([]);
      expect((await Promise.all(tree.map(async (pid) => ((await alive(pid)) ? pid : null)))).filter((pid) => pid !== null)).toEqual([]);
      expect(Date.now() - sent, output()).toBeLessThan(12_000);
      expect(output()).toContain('"msg":"stopped"');
    }, 120_000);
  }
});
