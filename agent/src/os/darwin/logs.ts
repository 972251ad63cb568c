// The macOS unified log through `log show --style json`: two logs, `system` (every entry) and
// `kernel` (the kernel's), newest first. `log show` prints a time window oldest first and has no
// cursor, so a page is read from a window ending at the cursor (or `until`, or now) that widens
// until it holds enough entries or reaches `since` (at most a day back); the record id is the
// entry's time in microseconds and its mach timestamp, which also finds it again. Message types
// map onto syslog priorities: Fault → crit, Error → err, Default → notice, Info → info, Debug → debug.
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { EventLog, EventQuery, LogEvent } from '../types';
import { PRIORITIES } from '../linux/journal';

const TYPE_PRIORITY: Record<string, number> = { Fault: 2, Error: 3, Default: 5, Info: 6, Debug: 7 };
const MAX_MESSAGE = 16 * 1024;
const MAX_FIELD = 4 * 1024;
const WINDOWS_SECONDS = [300, 1800, 3 * 3600, 24 * 3600];

export interface UnifiedEntry {
  timestamp?: string;
  machTimestamp?: number;
  messageType?: string;
  eventType?: string;
  eventMessage?: string;
  processImagePath?: string;
  processID?: number;
  subsystem?: string;
  category?: string;
  bootUUID?: string;
  senderImagePath?: string;
  threadID?: number;
  traceID?: number;
  activityIdentifier?: number;
}

/** `2024-01-15 10:23:45.123456-0800` as microseconds since the epoch (the log keeps microseconds). */
export function entryMicros(ts: string | undefined): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(\d{2})$/.exec(ts ?? '');
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[4]}:${m[5]}`);
  if (Number.isNaN(ms)) return null;
  return ms * 1000 + Number((m[3] ?? '').padEnd(6, '0'));
}

export function recordIdOf(e: UnifiedEntry): string {
  return `${entryMicros(e.timestamp) ?? 0}-${e.machTimestamp ?? 0}`;
}

function parseRecordId(id: string): { micros: number; mach: number } | null {
  const m = /^(\d{1,17})-(\d{1,20})$/.exec(id);
  return m ? { micros: Number(m[1]), mach: Number(m[2]) } : null;
}

/** `log show --style json` output: a JSON array (possibly after a notice line, possibly empty). */
export function parseLogJson(text: string): UnifiedEntry[] {
  const start = text.indexOf('[');
  if (start < 0) return [];
  const body = text.slice(start).trim();
  try {
    const parsed = JSON.parse(body) as unknown;
    return Array.isArray(parsed) ? (parsed as UnifiedEntry[]).filter((e) => e && typeof e === 'object' && e.timestamp) : [];
  } catch {
    throw new ToolError('AGENT_OPERATION_FAILED', '`log show` answered something that is not JSON');
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function toEvent(e: UnifiedEntry): LogEvent {
  const priority = TYPE_PRIORITY[e.messageType ?? ''] ?? 5;
  const micros = entryMicros(e.timestamp) ?? 0;
  const image = e.processImagePath ?? '';
  return {
    recordId: recordIdOf(e),
    timestamp: new Date(Math.floor(micros / 1000)).toISOString(),
    priority,
    level: PRIORITIES[priority],
    unit: e.subsystem || null,
    identifier: image ? image.split('/').pop() || image : null,
    pid: typeof e.processID === 'number' ? e.processID : null,
    hostname: null,
    bootId: e.bootUUID || null,
    message: clip(e.eventMessage ?? '', MAX_MESSAGE),
  };
}

/** `log show`'s time format, in UTC: `2024-01-15 18:23:45+0000`. */
export function logTime(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' ')}+0000`;
}

/** The predicate of a log and a priority: the message types at or above it, the kernel's entries. */
export function predicate(name: string, priority: number | undefined): string | null {
  const parts: string[] = [];
  if (name === 'kernel') parts.push('processID == 0');
  if (priority !== undefined && priority < 7) {
    const types = Object.entries(TYPE_PRIORITY)
      .filter(([, p]) => p <= priority)
      .map(([t]) => `messageType == ${t.toLowerCase()}`);
    parts.push(types.length ? `(${types.join(' OR ')})` : 'FALSEPREDICATE');
  }
  return parts.length ? parts.join(' AND ') : null;
}

export function logShowArgs(name: string, priority: number | undefined, startMs: number, endMs: number): string[] {
  const args = ['show', '--style', 'json', '--info', '--debug', '--start', logTime(startMs), '--end', logTime(endMs + 1000)];
  const p = predicate(name, priority);
  if (p) args.push('--predicate', p);
  return args;
}

/** Entries strictly older than the cursor (or all), newest first. */
export function olderThan(entries: UnifiedEntry[], cursor: { micros: number; mach: number } | null, untilMs: number | null): UnifiedEntry[] {
  return entries
    .filter((e) => {
      const micros = entryMicros(e.timestamp) ?? 0;
      if (untilMs !== null && micros > untilMs * 1000) return false;
      if (!cursor) return true;
      return micros < cursor.micros || (micros === cursor.micros && (e.machTimestamp ?? 0) < cursor.mach);
    })
    .sort((a, b) => (entryMicros(b.timestamp) ?? 0) - (entryMicros(a.timestamp) ?? 0) || (b.machTimestamp ?? 0) - (a.machTimestamp ?? 0));
}

function checkName(name: string): string {
  if (name !== 'system' && name !== 'kernel') throw new ToolError('LOG_NOT_FOUND', 'The macOS agent reads two logs: system (everything) and kernel');
  return name;
}

export function darwinLogs(runner: CommandRunner, now: () => number = Date.now) {
  const show = async (args: string[], signal?: AbortSignal) => {
    const r = await runner('log', args, { signal, timeoutMs: 120_000 });
    if (r.code !== 0) throw new ToolError('AGENT_OPERATION_FAILED', `log show failed: ${r.stderr.trim().slice(0, 2000) || `exit code ${r.code}`}`);
    return parseLogJson(r.stdout);
  };
  const page = async (name: string, q: EventQuery, signal?: AbortSignal) => {
    const limit = Math.min(500, Math.max(1, Math.trunc(q.limit)));
    const cursor = q.cursor ? parseRecordId(q.cursor) : null;
    if (q.cursor && !cursor) throw new ToolError('INVALID_REQUEST', 'cursor is the record id of the last event of the previous page');
    const untilMs = q.until ? Date.parse(q.until) : null;
    const sinceMs = q.since ? Date.parse(q.since) : null;
    const endMs = Math.min(now(), untilMs ?? Infinity, cursor ? Math.floor(cursor.micros / 1000) : Infinity);
    let found: UnifiedEntry[] = [];
    for (const seconds of WINDOWS_SECONDS) {
      const startMs = Math.max(endMs - seconds * 1000, sinceMs ?? -Infinity);
      found = olderThan(await show(logShowArgs(name, q.priority, startMs, endMs), signal), cursor, untilMs);
      if (found.length > limit || (sinceMs !== null && startMs <= sinceMs)) break;
    }
    const events = found.slice(0, limit).map(toEvent);
    return { events, nextCursor: found.length > limit ? events[events.length - 1].recordId : null };
  };
  return {
    listLogs: async (): Promise<{ logs: EventLog[] }> => ({
      logs: [
        { name: 'system', kind: 'system', description: 'Every entry of the unified log' },
        { name: 'kernel', kind: 'kernel', description: 'Kernel messages' },
      ],
    }),
    getLog: async (name: string, signal?: AbortSignal) => {
      checkName(name);
      const [last] = (await page(name, { limit: 1 }, signal)).events;
      // The unified log keeps days to weeks, rotated by size; its oldest entry is not looked up.
      return { name, kind: name as 'system' | 'kernel', firstEntryAt: null, lastEntryAt: last?.timestamp ?? null };
    },
    listEvents: (name: string, q: EventQuery, signal?: AbortSignal) => page(checkName(name), q, signal),
    getEvent: async (name: string, recordId: string, signal?: AbortSignal) => {
      checkName(name);
      const id = parseRecordId(recordId);
      if (!id) throw new ToolError('EVENT_NOT_FOUND', `No entry of ${name} has this record id`);
      const ms = Math.floor(id.micros / 1000);
      const raw = (await show(logShowArgs(name, undefined, ms, ms), signal)).find((e) => recordIdOf(e) === recordId);
      if (!raw) throw new ToolError('EVENT_NOT_FOUND', `No entry of ${name} has this record id`);
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined && v !== '') fields[k] = clip(typeof v === 'string' ? v : JSON.stringify(v), MAX_FIELD);
      return { ...toEvent(raw), fields };
    },
  };
}
