// run_script: the script goes to a private temp file and runs under the requested interpreter
// in its own process group, with a timeout that kills the whole group and capped capture of
// stdout and stderr. An abort signal (a cancel_command from the server) kills it the same way.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { powershellPath } from './os/windows/powershell';

export interface ScriptPayload {
  interpreter: 'bash' | 'sh' | 'python' | 'powershell' | 'cmd';
  script: string;
  args?: string[];
  timeoutSeconds?: number;
  env?: Record<string, string>;
}

export interface ScriptOutcome {
  status: 'completed' | 'failed' | 'timed_out' | 'cancelled';
  exitCode?: number;
  stdout: string;
  stderr: string;
  result: Record<string, unknown>;
}

/** Output kept per stream on the agent; the server stores up to its own cap. */
export const CAPTURE_LIMIT_BYTES = 1024 * 1024;

const which = (cmd: string) => spawnSync(process.platform === 'win32' ? 'where' : 'which', [cmd], { stdio: 'ignore' }).status === 0;

export function resolveInterpreter(name: ScriptPayload['interpreter'], platform: NodeJS.Platform = process.platform): { command: string; args: string[]; ext: string } | null {
  const win = platform === 'win32';
  switch (name) {
    case 'bash':
      return which('bash') ? { command: 'bash', args: [], ext: '.sh' } : null;
    case 'sh':
      return !win && which('sh') ? { command: 'sh', args: [], ext: '.sh' } : null;
    case 'python':
      for (const py of ['python3', 'python']) if (which(py)) return { command: py, args: [], ext: '.py' };
      return null;
    case 'powershell':
      if (win) return { command: powershellPath(), args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File'], ext: '.ps1' };
      return which('pwsh') ? { command: 'pwsh', args: ['-NoProfile', '-NonInteractive', '-File'], ext: '.ps1' } : null;
    case 'cmd':
      return win ? { command: process.env.ComSpec || 'cmd.exe', args: ['/d', '/c'], ext: '.cmd' } : null;
  }
}

/**
 * The script file's text. Windows PowerShell 5.1 reads a .ps1 without a byte order mark in the
 * ANSI code page, so on Windows it gets the UTF-8 BOM (non-ASCII text would be garbled otherwise).
 */
export function scriptFileText(script: string, ext: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' && ext === '.ps1' && !script.startsWith('\uFEFF') ? `\uFEFF${script}` : script;
}

class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  push(chunk: Buffer): void {
    if (this.size >= CAPTURE_LIMIT_BYTES) {
      this.truncated = true;
      return;
    }
    const room = CAPTURE_LIMIT_BYTES - this.size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.truncated = true;
    this.chunks.push(part);
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export async function runScript(payload: ScriptPayload, signal?: AbortSignal): Promise<ScriptOutcome> {
  const interpreter = resolveInterpreter(payload.interpreter);
  if (!interpreter) {
    return { status: 'failed', stdout: '', stderr: `Interpreter "${payload.interpreter}" is not available on this device`, result: { interpreter: payload.interpreter } };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-script-'));
  const file = path.join(dir, `script${interpreter.ext}`);
  writeFileSync(file, scriptFileText(payload.script, interpreter.ext), { mode: 0o700 });
  const timeoutMs = (payload.timeoutSeconds ?? 300) * 1000;
  const started = Date.now();
  const stdout = new Capture();
  const stderr = new Capture();
  try {
    return await new Promise<ScriptOutcome>((resolve) => {
      const child = spawn(interpreter.command, [...interpreter.args, file, ...(payload.args ?? [])], {
        cwd: dir,
        env: { ...process.env, ...(payload.env ?? {}) },
        detached: process.platform !== 'win32', // own process group: a timeout kills the whole tree
        windowsHide: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let timedOut = false;
      let cancelled = false;
      const killTree = () => {
        try {
          if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/t', '/f']);
          else process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killTree();
      }, timeoutMs);
      const onAbort = () => {
        cancelled = true;
        killTree();
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (c: Buffer) => stdout.push(c));
      child.stderr.on('data', (c: Buffer) => stderr.push(c));
      const finish = (exitCode: number | null, error?: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const result = { interpreter: payload.interpreter, durationMs: Date.now() - started, startedAt: new Date(started).toISOString(), outputTruncatedByAgent: stdout.truncated || stderr.truncated };
        if (error) resolve({ status: 'failed', stdout: stdout.text(), stderr: `${stderr.text()}${error.message}`, result });
        else if (cancelled) resolve({ status: 'cancelled', stdout: stdout.text(), stderr: `${stderr.text()}\n[killed: cancelled from the server]`, result });
        else if (timedOut) resolve({ status: 'timed_out', stdout: stdout.text(), stderr: `${stderr.text()}\n[killed after ${payload.timeoutSeconds ?? 300} s timeout]`, result });
        else resolve({ status: exitCode === 0 ? 'completed' : 'failed', exitCode: exitCode ?? undefined, stdout: stdout.text(), stderr: stderr.text(), result });
      };
      child.on('error', (error) => finish(null, error));
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : null)));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
