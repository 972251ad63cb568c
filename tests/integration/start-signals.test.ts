// `npm start` stops the whole product when only its top process is signalled, as a service
// manager or a terminal multiplexer does: the web server, the worker and everything below them
// exit within seconds. And what it prints on stdout is JSON log lines only, one object per
// line, for a log collector to parse: its own lines, the supervisor's, the web server's and the
// worker's, and Next's few plain lines wrapped into records (scripts/lib/json-lines.ts); the
// boxed sign-in summary is for terminals, and with stdout piped it is a JSON record only.
// Runs the real start script (in --dev mode, so no production build is needed: the build's
// lines go through the same wrapping) against this file's database. One file for both: two Next
// dev servers cannot run from one checkout at once.
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
  // After a failure: the web server and the worker it started too (a Next dev server left
  // running would keep the next one in this checkout from starting).
  for (const dir of temps) for (const pid of await processesOf(dir)) process.kill(pid, 'SIGKILL');
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

/** Every line that is not one JSON object (the empty rest after the final newline aside). */
function nonJsonLines(text: string): string[] {
  return text.split('\n').slice(0, -1).filter((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return typeof value !== 'object' || value === null || Array.isArray(value);
    } catch {
      return true;
    }
  });
}

const records = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

async function startProduct(command: string, args: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rmm-start-'));
  temps.push(dataDir);
  let output = '';
  let stdout = '';
  const port = await freePort();
  const top = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), APP_BASE_URL: `http://127.0.0.1:${port}`, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', WORKER_POLL_INTERVAL_MS: '200' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(top);
  top.stdout!.on('data', (d) => ((output += d), (stdout += d)));
  top.stderr!.on('data', (d) => (output += d));
  // The supervisor's two children run (the web server and the worker, each a node process).
  await until('the web server and the worker', async () => output.includes('"service":"worker"') && output.includes('"service":"web"') && (await processesOf(dataDir)).length >= 3, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  return { top, dataDir, port, output: () => output, stdout: () => stdout };
}

describe('npm start and stop signals', () => {
  for (const [how, signal, command, args] of [
    ['npm start (through npm and its shell)', 'SIGTERM', 'npm', ['run', '--silent', 'dev']],
    ['the start script', 'SIGINT', process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev']],
  ] as const) {
    it(`${signal} to ${how} alone stops every process within seconds`, async () => {
      const { top, dataDir, output, stdout } = await startProduct(command, [...args]);
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
      expect(nonJsonLines(stdout()), output()).toEqual([]);
    }, 120_000);
  }
});

describe('npm start output', () => {
  it('is one JSON object per line, with the sign-in summary as a record', async () => {
    const { top, port, output, stdout } = await startProduct(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev']);
    await until('the sign-in record', async () => stdout().includes('"msg":"sign in"'), 120_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${output()}`);
    });
    // A request: Next (dev mode) prints plain lines of its own while it compiles and serves.
    await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    const exited = new Promise<number | null>((resolve) => top.once('exit', (code) => resolve(code)));
    top.kill('SIGTERM');
    expect(await exited, output()).toBe(0);

    expect(nonJsonLines(stdout()), output()).toEqual([]);
    const lines = records(stdout());
    const services = new Set(lines.map((r) => r.service));
    for (const service of ['start', 'web', 'worker']) expect(services.has(service), `${service} logged\n${output()}`).toBe(true);
    // Next's own plain lines arrive wrapped, as the web's.
    expect(lines.some((r) => r.service === 'web' && r.source === 'next'), output()).toBe(true);
    expect(lines.some((r) => r.service === 'web' && typeof r.msg === 'string' && r.msg.startsWith('web listening on 127.0.0.1:'))).toBe(true);
    // The sign-in summary: a record without the password (a generated one is kept in a file the
    // note names), and no box.
    const signIn = lines.find((r) => r.msg === 'sign in')?.signIn as Record<string, unknown>;
    expect(signIn).toMatchObject({ url: `http://127.0.0.1:${port}`, email: 'admin@localhost.test', passwordNote: expect.any(String) });
    expect(signIn).not.toHaveProperty('password');
    expect(stdout()).not.toContain('┌');
    expect(stdout()).toContain('"msg":"stopped"');
  }, 180_000);
});
