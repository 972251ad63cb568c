// Terminal streams: a real PTY on the device for a technician's console. No native module can
// ship inside the single-file agent bundle, so the PTY comes from util-linux `script`, which
// runs the shell on a new pseudo-terminal and copies it to and from our pipes. The window size
// is set on that pseudo-terminal with `stty -F` (the kernel then signals SIGWINCH to the shell).
import { spawn, execFile } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import { ToolError, type StreamOpener } from '../channel';
import { log } from '../log';

function size(value: unknown, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

function loginShell(): string {
  for (const candidate of [process.env.SHELL, '/bin/bash', '/bin/sh']) if (candidate && candidate.startsWith('/') && existsSync(candidate)) return candidate;
  return '/bin/sh';
}

/** The pseudo-terminal `script` opened for the shell (its first child's stdin). */
function ptyOf(scriptPid: number): string | null {
  try {
    const child = readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, 'utf8').trim().split(/\s+/)[0];
    if (!child) return null;
    const tty = readlinkSync(`/proc/${child}/fd/0`);
    return /^\/dev\/pts\/\d+$/.test(tty) ? tty : null;
  } catch {
    return null;
  }
}

export const openTerminal: StreamOpener = async (params, peer) => {
  if (process.platform !== 'linux') throw new ToolError('UNSUPPORTED_ON_PLATFORM', `Terminals are not implemented on ${process.platform} by this agent`);
  if (!existsSync('/usr/bin/script') && !existsSync('/bin/script')) throw new ToolError('UNSUPPORTED_ON_PLATFORM', 'util-linux `script` is not installed: the agent needs it to open a terminal');
  let cols = size(params.cols, 80, 1000);
  let rows = size(params.rows, 24, 500);
  const shell = loginShell();
  // The size is set before the shell starts; the shell path travels in the environment, never
  // through a command line that would need quoting.
  const child = spawn('script', ['-qfc', `stty cols ${cols} rows ${rows} 2>/dev/null; exec "$RMM_TERMINAL_SHELL" -l`, '/dev/null'], {
    cwd: os.homedir(),
    env: { ...process.env, SHELL: shell, RMM_TERMINAL_SHELL: shell, TERM: 'xterm-256color', COLORTERM: 'truecolor' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (e) => reject(new ToolError('AGENT_OPERATION_FAILED', `could not start the terminal: ${e.message}`)));
  });
  let ended = false;
  child.stdout!.on('data', (chunk: Buffer) => peer.send(chunk));
  child.stderr!.on('data', (chunk: Buffer) => peer.send(chunk));
  child.stdin!.on('error', () => undefined);
  child.on('close', (code, signal) => {
    ended = true;
    peer.close(signal ? `the shell ended (${signal})` : `the shell exited with code ${code ?? 0}`);
  });
  log('info', 'terminal opened', { pid: child.pid, cols, rows });
  const resize = (c: number, r: number) => {
    if (c === cols && r === rows) return;
    cols = c;
    rows = r;
    const tty = child.pid ? ptyOf(child.pid) : null;
    if (tty) execFile('stty', ['-F', tty, 'cols', String(c), 'rows', String(r)], { timeout: 5000 }, () => undefined);
  };
  return {
    write: (chunk, done) => {
      if (ended) return done();
      child.stdin!.write(chunk, () => done());
    },
    pause: () => {
      child.stdout!.pause();
      child.stderr!.pause();
    },
    resume: () => {
      child.stdout!.resume();
      child.stderr!.resume();
    },
    control: (frame) => {
      if (frame.type === 'stream.resize') resize(size(frame.cols, cols, 1000), size(frame.rows, rows, 500));
    },
    close: () => {
      if (ended || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGHUP');
      } catch {
        /* already gone */
      }
      setTimeout(() => {
        if (!ended && child.pid) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }
      }, 3000).unref();
    },
  };
};
