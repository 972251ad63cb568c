// Running a package manager or an installer from the agent: without a shell, in its own process
// group (a timeout or a cancel kills the whole group), keeping only the end of each stream.
import { spawn } from 'node:child_process';

/** Output kept per stream: the end of a package manager's output is where it explains a failure. */
export const OUTPUT_MAX = 256 * 1024;
const ENV = { ...process.env, LANG: 'C', LC_ALL: 'C', DEBIAN_FRONTEND: 'noninteractive' };

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  command: string;
  timeoutMs: number;
}

class Tail {
  private text = '';
  truncated = false;
  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > 2 * OUTPUT_MAX) {
      this.text = this.text.slice(-OUTPUT_MAX);
      this.truncated = true;
    }
  }
  value(): string {
    if (this.text.length <= OUTPUT_MAX) return this.text;
    this.truncated = true;
    return this.text.slice(-OUTPUT_MAX);
  }
}

/** Runs without a shell in its own process group; a timeout or an abort kills the whole group. */
export function run(cmd: string, args: string[], opts: { timeoutMs: number; signal?: AbortSignal; cwd?: string }): Promise<Run> {
  const command = [cmd, ...args].join(' ');
  return new Promise((resolve) => {
    const stdout = new Tail();
    const stderr = new Tail();
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    const child = spawn(cmd, args, { cwd: opts.cwd, env: ENV, detached: true, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      kill();
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (c: string) => stdout.push(c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => stderr.push(c));
    const finish = (code: number | null, error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: stdout.value(), stderr: error ? `${stderr.value()}${error.message}` : stderr.value(), timedOut, cancelled, command, timeoutMs: opts.timeoutMs });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

export const ok = (r: Run) => r.code === 0 && !r.timedOut && !r.cancelled;
