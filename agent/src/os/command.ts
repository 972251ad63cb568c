// The OS boundary of the collectors: every command they run goes through a CommandRunner, so the
// Windows and macOS parsers can be fed captured outputs in tests (the real runner on the device).
import { execFile } from 'node:child_process';
import { ToolError } from '../channel';

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when the command could not be started or was killed. */
  code: number | null;
}

export interface CommandOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Written to the command's standard input, then closed. */
  input?: string;
}

export type CommandRunner = (command: string, args: string[], opts?: CommandOptions) => Promise<CommandResult>;

/** Runs a program (never through a shell) and collects its output, whatever its exit code. */
export const execRunner: CommandRunner = (command, args, opts = {}) =>
  new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { timeout: opts.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024, windowsHide: true, signal: opts.signal, env: { ...process.env, LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as NodeJS.ErrnoException & { code?: unknown }).code === 'number' ? ((error as unknown as { code: number }).code) : null) : 0;
        resolve({ stdout: String(stdout), stderr: error && code === null ? `${stderr}${error.message}` : String(stderr), code });
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  });

/** The command's output when it exited 0; a ToolError carrying its error output otherwise. */
export async function runChecked(runner: CommandRunner, command: string, args: string[], opts?: CommandOptions): Promise<string> {
  const r = await runner(command, args, opts);
  if (r.code !== 0) {
    if (opts?.signal?.aborted) throw new ToolError('AGENT_TIMEOUT', `${command} took too long`);
    throw new ToolError('AGENT_OPERATION_FAILED', `${command} failed: ${(r.stderr || `exit code ${r.code}`).trim().slice(0, 2000)}`);
  }
  return r.stdout;
}
