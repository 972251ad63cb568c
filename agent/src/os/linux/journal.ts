// Event logs from journald, read with `journalctl -o json`: the logs (the whole system journal,
// the kernel's, and one per systemd unit seen in it), a page of entries of one log filtered by
// priority and time, newest first and paged by journal cursor, and one entry by its cursor.
// RMM_AGENT_JOURNAL_DIRECTORY points journalctl at a journal directory (`--directory`) instead of
// the system journal (a copied journal, a container's journal on the host).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ToolError } from '../../channel';
import { assertLinux } from './processes';
import { SERVICE_NAME } from './services';

export const PRIORITIES = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;
const MAX_MESSAGE = 16 * 1024;
const MAX_FIELD = 4 * 1024;

export interface JournalEvent {
  recordId: string;
  timestamp: string;
  priority: number;
  level: string;
  unit: string | null;
  identifier: string | null;
  pid: number | null;
  hostname: string | null;
  bootId: string | null;
  message: string;
}

export interface JournalLog {
  name: string;
  kind: 'system' | 'kernel' | 'unit' | 'channel';
  description: string;
}

function source(): string[] {
  const dir = process.env.RMM_AGENT_JOURNAL_DIRECTORY;
  return dir ? [`--directory=${dir}`] : [];
}

/** Journal files of the system journal under `root` (in its <machine-id> directory; namespaces have a suffix). */
function hasJournalFiles(root: string): boolean {
  try {
    return readdirSync(root, { withFileTypes: true }).some((d) => d.isDirectory() && !d.name.includes('.') && readdirSync(path.join(root, d.name)).some((f) => f.endsWith('.journal')));
  } catch {
    return false;
  }
}

/**
 * True when there is a journal to read: journald runs, or journal files exist (an empty
 * /var/log/journal, as the systemd package leaves in a container, is not a journal).
 */
export function journalAvailable(): boolean {
  if (process.platform !== 'linux') return false;
  if (process.env.RMM_AGENT_JOURNAL_DIRECTORY) return existsSync(process.env.RMM_AGENT_JOURNAL_DIRECTORY);
  return existsSync('/run/systemd/journal/socket') || hasJournalFiles('/var/log/journal') || hasJournalFiles('/run/log/journal');
}

export function assertJournal(): void {
  assertLinux('The event log (journald)');
  if (!journalAvailable()) {
    throw new ToolError(
      'UNSUPPORTED_ON_PLATFORM',
      'journald is not running on this device and it has no journal files (in /var/log/journal or /run/log/journal): there is no event log to read',
    );
  }
}

/** The journalctl match of a log name: `system` (everything), `kernel`, or a unit name. */
export function logFilter(name: string): string[] {
  if (name === 'system') return [];
  if (name === 'kernel') return ['--dmesg'];
  if (!SERVICE_NAME.test(name)) throw new ToolError('INVALID_REQUEST', 'A log is `system`, `kernel` or a systemd unit name');
  return [`--unit=${name}`];
}

function text(value: unknown, max: number): string {
  let out: string;
  if (value === undefined || value === null) out = '';
  // Binary field values come as arrays of bytes; repeated fields as arrays of values.
  else if (Array.isArray(value) && value.every((v) => typeof v === 'number')) out = Buffer.from(value as number[]).toString('utf8');
  else if (Array.isArray(value)) out = value.map((v) => text(v, max)).join('\n');
  else out = String(value);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

function num(value: unknown): number | null {
  const n = Number(value);
  return value !== undefined && value !== null && value !== '' && Number.isFinite(n) ? n : null;
}

export function toEvent(raw: Record<string, unknown>): JournalEvent {
  const priority = Math.min(7, Math.max(0, num(raw.PRIORITY) ?? 6));
  const micros = num(raw.__REALTIME_TIMESTAMP) ?? 0;
  return {
    recordId: String(raw.__CURSOR ?? ''),
    timestamp: new Date(Math.floor(micros / 1000)).toISOString(),
    priority,
    level: PRIORITIES[priority],
    unit: raw._SYSTEMD_UNIT ? text(raw._SYSTEMD_UNIT, 256) : raw.UNIT ? text(raw.UNIT, 256) : null,
    identifier: raw.SYSLOG_IDENTIFIER ? text(raw.SYSLOG_IDENTIFIER, 256) : raw._COMM ? text(raw._COMM, 256) : null,
    pid: num(raw._PID) ?? num(raw.SYSLOG_PID),
    hostname: raw._HOSTNAME ? text(raw._HOSTNAME, 256) : null,
    bootId: raw._BOOT_ID ? text(raw._BOOT_ID, 64) : null,
    message: text(raw.MESSAGE, MAX_MESSAGE),
  };
}

/**
 * Runs journalctl with JSON output and reads at most `max` entries, then stops it (journalctl
 * itself has no "N entries from a cursor" option that works in both directions).
 */
export function readJournal(args: string[], max: number, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('journalctl', [...source(), '--no-pager', '--output=json', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SYSTEMD_PAGER: '', LC_ALL: 'C' },
      signal,
    });
    const entries: Record<string, unknown>[] = [];
    let stderr = '';
    let stopped = false;
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (stopped || !line.trim()) return;
      try {
        entries.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        return;
      }
      if (entries.length >= max) {
        stopped = true;
        child.kill('SIGTERM');
      }
    });
    child.on('error', (e) => reject(e.name === 'AbortError' ? new ToolError('AGENT_TIMEOUT', 'journalctl took too long') : new ToolError('UNSUPPORTED_ON_PLATFORM', `journalctl cannot be run: ${e.message}`)));
    child.on('close', (code) => {
      if (stopped || code === 0) return resolve(entries);
      const message = stderr.trim();
      if (/seek to cursor|cursor/i.test(message)) return reject(new ToolError('EVENT_NOT_FOUND', 'No journal entry has this record id'));
      reject(new ToolError('AGENT_OPERATION_FAILED', `journalctl failed: ${message || `exit code ${code}`}`));
    });
  });
}

export async function listLogs(signal?: AbortSignal): Promise<{ logs: JournalLog[] }> {
  assertJournal();
  const units = await new Promise<string[]>((resolve, reject) => {
    const child = spawn('journalctl', [...source(), '--no-pager', '--field=_SYSTEMD_UNIT'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, signal });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.split('\n').map((l) => l.trim()).filter((l) => SERVICE_NAME.test(l))) : reject(new ToolError('AGENT_OPERATION_FAILED', `journalctl failed: ${err.trim()}`))));
  });
  units.sort((a, b) => a.localeCompare(b));
  return {
    logs: [
      { name: 'system', kind: 'system', description: 'Every entry of the system journal' },
      { name: 'kernel', kind: 'kernel', description: 'Kernel messages' },
      ...units.map((u) => ({ name: u, kind: 'unit' as const, description: `Entries of ${u}` })),
    ],
  };
}

export async function getLog(name: string, signal?: AbortSignal) {
  assertJournal();
  const filter = logFilter(name);
  const [first] = await readJournal([...filter], 1, signal);
  const [last] = await readJournal([...filter, '--reverse'], 1, signal);
  if (!first && name !== 'system') throw new ToolError('LOG_NOT_FOUND', `The journal has no entries for ${name}`);
  return {
    name,
    kind: (name === 'system' ? 'system' : name === 'kernel' ? 'kernel' : 'unit') as JournalLog['kind'],
    firstEntryAt: first ? toEvent(first).timestamp : null,
    lastEntryAt: last ? toEvent(last).timestamp : null,
  };
}

export interface EventQuery {
  priority?: number;
  since?: string;
  until?: string;
  cursor?: string;
  limit: number;
}

const epoch = (iso: string) => `@${Math.floor(new Date(iso).getTime() / 1000)}`;

export async function listEvents(name: string, q: EventQuery, signal?: AbortSignal): Promise<{ events: JournalEvent[]; nextCursor: string | null }> {
  assertJournal();
  const args = [...logFilter(name), '--reverse'];
  if (q.priority !== undefined) args.push(`--priority=${Math.min(7, Math.max(0, Math.trunc(q.priority)))}`);
  if (q.since) args.push(`--since=${epoch(q.since)}`);
  if (q.until) args.push(`--until=${epoch(q.until)}`);
  // In reverse order, --after-cursor starts at the entry just older than the cursor.
  if (q.cursor) args.push(`--after-cursor=${q.cursor}`);
  const limit = Math.min(500, Math.max(1, Math.trunc(q.limit)));
  const raw = await readJournal(args, limit + 1, signal);
  const events = raw.slice(0, limit).map(toEvent);
  return { events, nextCursor: raw.length > limit ? events[events.length - 1].recordId : null };
}

export async function getEvent(name: string, recordId: string, signal?: AbortSignal) {
  assertJournal();
  const [raw] = await readJournal([...logFilter(name), `--cursor=${recordId}`], 1, signal);
  // Seeking to an unknown cursor lands on the nearest entry: only an exact match is the record.
  if (!raw || raw.__CURSOR !== recordId) throw new ToolError('EVENT_NOT_FOUND', `No entry of ${name} has this record id`);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) fields[k] = text(v, MAX_FIELD);
  return { ...toEvent(raw), fields };
}
