// Windows PowerShell as the agent's window on CIM, the registry and the Windows cmdlets. Every
// call runs the system's powershell.exe without a profile, non-interactive and with the execution
// policy bypassed for that process only; the script travels as -EncodedCommand (UTF-16LE base64,
// so no quoting of the command line can change it) and its parameters as JSON on standard input
// (never spliced into the script text). Scripts answer one JSON document made by
// `ConvertTo-Json -Depth N -Compress`, or `{ rmmError, message }` for a known failure.
//
// Windows PowerShell 5.1's JSON has quirks the readers below absorb:
// - a pipeline of one object serializes as that object, not a one-element array, and an empty
//   pipeline as nothing at all (asArray);
// - DateTime is `"\/Date(1705312345123)\/"` (5.1) or an ISO string (PowerShell 7), sometimes
//   wrapped as `{ value, DisplayHint, DateTime }` when the object carries extended properties;
//   WMI's own text form is DMTF (`20240115102345.500000+060`) (psDate);
// - enums come as their number unless the script casts them to [string];
// - an absent property and a property holding $null both read as null or undefined (psText…).
import path from 'node:path';
import { ToolError } from '../../channel';
import type { CommandOptions, CommandRunner } from '../command';

export const POWERSHELL_ARGS = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass'];

/** The system's Windows PowerShell by full path, so a powershell.exe earlier on PATH is never run. */
export function powershellPath(env: Record<string, string | undefined> = process.env): string {
  return path.win32.join(env.SystemRoot ?? env.windir ?? 'C:\\Windows', 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
}

/**
 * What runs before every script: stop on the first error, no progress records or warnings, UTF-8
 * output, `$p` = the parameters, and `Fail` to answer a known error.
 */
export const PRELUDE = [
  "$ErrorActionPreference = 'Stop'",
  "$ProgressPreference = 'SilentlyContinue'",
  // A redirected host writes warnings ("Waiting for service … to start") to stdout, before the JSON.
  "$WarningPreference = 'SilentlyContinue'",
  '[Console]::OutputEncoding = New-Object System.Text.UTF8Encoding $false',
  '$p = $null',
  '$rmmIn = [Console]::In.ReadToEnd()',
  'if ($rmmIn) { $p = $rmmIn | ConvertFrom-Json }',
  'function Fail([string]$code, [string]$message) { [Console]::Out.Write((@{ rmmError = $code; message = $message } | ConvertTo-Json -Compress)); exit 3 }',
].join('\n');

export function encodeCommand(script: string): string {
  return Buffer.from(`${PRELUDE}\n${script}`, 'utf16le').toString('base64');
}

export function powershellArgv(script: string): string[] {
  return [...POWERSHELL_ARGS, '-EncodedCommand', encodeCommand(script)];
}

/** PowerShell's error text: plain, or the CLIXML error stream a redirected host sometimes writes. */
export function psErrorText(stderr: string): string {
  if (!stderr.startsWith('#< CLIXML')) return stderr.trim();
  const parts = [...stderr.matchAll(/<S S="Error">([^<]*)<\/S>/g)].map((m) =>
    m[1].replace(/_x000D__x000A_/g, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
  );
  return parts.join('').trim();
}

/** Runs `script` and returns its JSON answer (null when it wrote nothing: an empty pipeline). */
export async function runPowerShell(runner: CommandRunner, script: string, params?: Record<string, unknown>, opts: Omit<CommandOptions, 'input'> = {}): Promise<unknown> {
  const r = await runner(powershellPath(), powershellArgv(script), { ...opts, input: params === undefined ? '' : JSON.stringify(params) });
  const out = r.stdout.replace(/^\uFEFF/, '').trim();
  let parsed: unknown = null;
  let parseError: Error | null = null;
  if (out) {
    try {
      parsed = JSON.parse(out);
    } catch (e) {
      parseError = e as Error;
    }
  }
  const known = parsed && typeof parsed === 'object' && !Array.isArray(parsed) && typeof (parsed as { rmmError?: unknown }).rmmError === 'string' ? (parsed as { rmmError: string; message?: string }) : null;
  if (known) throw new ToolError(known.rmmError, String(known.message ?? known.rmmError));
  if (r.code !== 0) {
    if (opts.signal?.aborted) throw new ToolError('AGENT_TIMEOUT', 'PowerShell took too long');
    if (r.code === null && !r.stdout && !r.stderr) throw new ToolError('UNSUPPORTED_ON_PLATFORM', 'Windows PowerShell cannot be run on this device');
    throw new ToolError('AGENT_OPERATION_FAILED', `PowerShell failed: ${(psErrorText(r.stderr) || `exit code ${r.code}`).slice(0, 2000)}`);
  }
  if (parseError) throw new ToolError('AGENT_OPERATION_FAILED', `PowerShell answered something that is not JSON: ${parseError.message}`);
  return parsed;
}

// ---- JSON readers ----

export type PsObject = Record<string, unknown>;

/** A list whatever PowerShell made of it: nothing, one object, or an array. */
export function asArray<T = PsObject>(value: unknown): T[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

/** A non-empty trimmed string, or null. */
export function psText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s ? s : null;
}

/** A finite number (CIM's 64-bit counters sometimes come as strings), or null. */
export function psNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function psBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'True' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'False' || value === 'false') return false;
  return null;
}

/** A DateTime in any of PowerShell's JSON forms as an ISO string; null for none or the zero date. */
export function psDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const wrapped = (value as { value?: unknown; DateTime?: unknown }).value;
    return wrapped === undefined ? null : psDate(wrapped);
  }
  const s = String(value).trim();
  let ms: number | null = null;
  const legacy = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(s);
  const dmtf = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.(\d{6})([+-])(\d{3})$/.exec(s);
  if (legacy) ms = Number(legacy[1]); // milliseconds since the epoch, UTC; the offset is only how it was displayed
  else if (dmtf) {
    const [, y, mo, d, h, mi, sec, micro, sign, offset] = dmtf;
    const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), Math.floor(Number(micro) / 1000));
    ms = local - (sign === '-' ? -1 : 1) * Number(offset) * 60_000;
  } else if (s) {
    const t = Date.parse(s);
    ms = Number.isNaN(t) ? null : t;
  }
  // DateTime.MinValue and the Task Scheduler's "never" (1999-11-30) are not times.
  if (ms === null || ms < Date.UTC(2000, 0, 1)) return null;
  return new Date(ms).toISOString();
}

/** A PowerShell enum value as its name, given its names by number (a script may have cast it or not). */
export function psEnum(value: unknown, names: Record<number, string>): string | null {
  if (typeof value === 'number') return names[value] ?? String(value);
  return psText(value);
}
