// For the collectors' unit tests: a CommandRunner that answers captured command outputs (the OS
// boundary) and records what was asked, so a test sees both the invocation and the mapping.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandOptions, CommandResult, CommandRunner } from './command';

export interface RecordedCall {
  command: string;
  args: string[];
  /** The script of a PowerShell call (decoded from -EncodedCommand), else null. */
  script: string | null;
  input: string | undefined;
  /** The parameters a PowerShell script got on standard input. */
  params: Record<string, unknown> | null;
}

export function fixture(os: 'windows' | 'darwin', name: string): string {
  return readFileSync(path.join(__dirname, 'fixtures', os, name), 'utf8');
}

export function decodedScript(args: string[]): string | null {
  const i = args.indexOf('-EncodedCommand');
  return i < 0 ? null : Buffer.from(args[i + 1], 'base64').toString('utf16le');
}

export function fixtureRunner(answer: (call: RecordedCall) => CommandResult | string): { runner: CommandRunner; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const runner: CommandRunner = async (command: string, args: string[], opts: CommandOptions = {}) => {
    const call: RecordedCall = { command, args, script: decodedScript(args), input: opts.input, params: opts.input ? (JSON.parse(opts.input) as Record<string, unknown>) : null };
    calls.push(call);
    const a = answer(call);
    return typeof a === 'string' ? { stdout: a, stderr: '', code: 0 } : a;
  };
  return { runner, calls };
}
