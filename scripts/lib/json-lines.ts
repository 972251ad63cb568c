// One JSON object per line on the start scripts' output. The web server, the worker and the build
// write pino's JSON lines, but Next.js prints a few plain lines of its own ("✓ Running
// next.config.mjs took 312ms", and in dev mode "○ Compiling …" and one line per request), and a
// child's stray console output or stack trace would be plain too. A child's output is split into
// lines: a line that is already a JSON object passes through as it is (no parsing: the web logs
// a line per request), anything else becomes a record like pino's, with the child's name as
// `service` and `source` saying what printed it.
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

// Terminal colours and cursor movement (Next colours its lines when it thinks it may).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** pino's numeric levels. */
export const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A line of terminal output as plain text: no colours, no surrounding blanks. */
export function plainText(line: string): string {
  return line.replace(ANSI, '').trim();
}

/** A plain line as a JSON log line (with its newline); blank lines are dropped (''). */
export function jsonRecord(line: string, fields: { level?: number; service: string; source: string }): string {
  const msg = plainText(line);
  if (msg === '') return '';
  return `${JSON.stringify({ level: fields.level ?? LEVELS.info, time: Date.now(), service: fields.service, source: fields.source, msg })}\n`;
}

const isJsonObjectLine = (line: string) => line.startsWith('{') && line.trimEnd().endsWith('}');

/**
 * Copies a child's output to `out`, every line a JSON object: JSON lines unchanged, others
 * wrapped (see jsonRecord). One write per chunk read, of whole lines only: lines of two children
 * never interleave, and a web server's request log costs no write per line here either.
 */
export function pipeAsJsonLines(stream: Readable, out: Writable, fields: { level?: number; service: string; source: string }): void {
  let rest = '';
  const convert = (lines: string[]) =>
    lines.map((line) => {
      const l = line.endsWith('\r') ? line.slice(0, -1) : line;
      return isJsonObjectLine(l) ? `${l}\n` : jsonRecord(l, fields);
    }).join('');
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    const text = convert(lines);
    if (text) out.write(text);
  });
  stream.on('end', () => {
    const text = rest === '' ? '' : convert([rest]);
    rest = '';
    if (text) out.write(text);
  });
}

/** Calls onLine for each line of the stream, without its line break (the last one at its end). */
export function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) onLine(part.endsWith('\r') ? part.slice(0, -1) : part);
  });
  stream.on('end', () => {
    if (rest !== '') onLine(rest);
    rest = '';
  });
}

/**
 * A child's piped stdout and stderr onto this process's, as JSON lines (its stderr's plain lines
 * as warnings). `source` of wrapped lines: `next` for the web server (Next.js prints them),
 * `console` for the others.
 */
export function pipeChildAsJson(child: ChildProcess, name: string): void {
  const source = name === 'web' ? 'next' : 'console';
  if (child.stdout) pipeAsJsonLines(child.stdout, process.stdout, { service: name, source });
  if (child.stderr) pipeAsJsonLines(child.stderr, process.stderr, { service: name, source, level: LEVELS.warn });
}
