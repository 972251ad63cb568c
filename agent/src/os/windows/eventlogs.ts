// Windows event logs through Get-WinEvent: the logs that hold records (Application, System,
// Security, Setup and the Applications and Services logs such as
// Microsoft-Windows-TaskScheduler/Operational), a page of one log's events newest first, filtered
// by level and time with an XPath query and paged by EventRecordID, and one event with its
// EventData. Windows levels map onto syslog priorities: Critical → crit, Error → err, Warning →
// warning, Information and LogAlways (0, audit events) → info, Verbose → debug.
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { EventLog, EventQuery, LogEvent } from '../types';
import { PRIORITIES } from '../linux/journal';
import { asArray, psDate, psNumber, psText, runPowerShell, type PsObject } from './powershell';

/** A Windows log name: letters, digits, spaces and . _ - / (the channel path separator). */
export const LOG_NAME = /^[A-Za-z0-9][A-Za-z0-9 @._:\\/-]{0,250}$/;
const MAX_MESSAGE = 16 * 1024;
const MAX_FIELD = 4 * 1024;

export const LEVEL_PRIORITY: Record<number, number> = { 0: 6, 1: 2, 2: 3, 3: 4, 4: 6, 5: 7 };

export const LIST_SCRIPT = `
$rows = Get-WinEvent -ListLog * -ErrorAction SilentlyContinue | Where-Object { $_.RecordCount -gt 0 } | Select-Object LogName, @{ n = 'LogType'; e = { [string]$_.LogType } }, RecordCount, IsEnabled
ConvertTo-Json -InputObject @($rows) -Depth 2 -Compress
`;

const READ_EVENTS = `
function Read-Events([string]$xpath, [int]$max, [switch]$oldest) {
  try {
    if ($oldest) { return @(Get-WinEvent -LogName $p.name -FilterXPath $xpath -MaxEvents $max -Oldest) }
    return @(Get-WinEvent -LogName $p.name -FilterXPath $xpath -MaxEvents $max)
  } catch {
    if ($_.FullyQualifiedErrorId -like 'NoMatchingEventsFound*') { return @() }
    if ($_.FullyQualifiedErrorId -like 'NoMatchingLogsFound*') { Fail 'LOG_NOT_FOUND' ('No event log ' + $p.name + ' on this device') }
    throw
  }
}
function Event-Row($e) {
  [pscustomobject]@{ RecordId = $e.RecordId; TimeCreated = $e.TimeCreated; Level = $e.Level; ProviderName = $e.ProviderName; Id = $e.Id; ProcessId = $e.ProcessId; MachineName = $e.MachineName; UserId = $(if ($e.UserId) { $e.UserId.Value } else { $null }); Message = $e.Message }
}
`;

export const GET_SCRIPT = `${READ_EVENTS}
$first = Read-Events '*' 1 -oldest
$last = Read-Events '*' 1
[pscustomobject]@{ First = $(if ($first.Count) { $first[0].TimeCreated } else { $null }); Last = $(if ($last.Count) { $last[0].TimeCreated } else { $null }) } | ConvertTo-Json -Depth 2 -Compress
`;

export const EVENTS_SCRIPT = `${READ_EVENTS}
$conds = @()
if ($p.levels) { $conds += '(' + (($p.levels | ForEach-Object { 'Level=' + [int]$_ }) -join ' or ') + ')' }
if ($p.since) { $conds += "TimeCreated[@SystemTime>='" + ([datetime]$p.since).ToUniversalTime().ToString('o') + "']" }
if ($p.until) { $conds += "TimeCreated[@SystemTime<='" + ([datetime]$p.until).ToUniversalTime().ToString('o') + "']" }
if ($p.before) { $conds += 'EventRecordID<' + [long]$p.before }
$xpath = '*'
if ($conds.Count) { $xpath = '*[System[' + ($conds -join ' and ') + ']]' }
$rows = foreach ($e in (Read-Events $xpath ([int]$p.max))) { Event-Row $e }
ConvertTo-Json -InputObject @($rows) -Depth 3 -Compress
`;

export const EVENT_SCRIPT = `${READ_EVENTS}
$found = Read-Events ('*[System[EventRecordID=' + [long]$p.recordId + ']]') 1
if (-not $found.Count) { Fail 'EVENT_NOT_FOUND' ('No event of ' + $p.name + ' has this record id') }
$e = $found[0]
$data = @{}
$xml = [xml]$e.ToXml()
$i = 0
foreach ($d in @($xml.Event.EventData.Data)) {
  if ($d -eq $null) { continue }
  # An unnamed <Data> with only text reads as a plain string.
  if ($d -is [string]) { $data['Data' + $i] = $d } else { $key = $d.Name; if (-not $key) { $key = 'Data' + $i }; $data[$key] = [string]$d.'#text' }
  $i++
}
$row = Event-Row $e
$row | Add-Member -NotePropertyName Detail -NotePropertyValue ([pscustomobject]@{ LogName = $e.LogName; Task = $e.TaskDisplayName; Opcode = $e.OpcodeDisplayName; Keywords = (@($e.KeywordsDisplayNames) -join ', '); ThreadId = $e.ThreadId; ActivityId = $(if ($e.ActivityId) { [string]$e.ActivityId } else { $null }); EventData = $data })
$row | ConvertTo-Json -Depth 4 -Compress
`;

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

export function parseLogList(raw: unknown): EventLog[] {
  return asArray(raw)
    .map((l) => ({ name: psText(l.LogName) ?? '', type: psText(l.LogType) ?? 'Operational', count: psNumber(l.RecordCount) ?? 0 }))
    .filter((l) => LOG_NAME.test(l.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((l) => ({ name: l.name, kind: 'channel' as const, description: `${l.type} log, ${l.count} record${l.count === 1 ? '' : 's'}` }));
}

export function toEvent(e: PsObject): LogEvent {
  const level = psNumber(e.Level) ?? 4;
  const priority = LEVEL_PRIORITY[level] ?? 6;
  const provider = psText(e.ProviderName);
  const message = psText(e.Message) ?? `(no message text: ${provider ?? 'unknown provider'}, event ${psNumber(e.Id) ?? '?'})`;
  return {
    recordId: String(psNumber(e.RecordId) ?? ''),
    timestamp: psDate(e.TimeCreated) ?? new Date(0).toISOString(),
    priority,
    level: PRIORITIES[priority],
    unit: null,
    identifier: provider,
    pid: psNumber(e.ProcessId),
    hostname: psText(e.MachineName),
    bootId: null,
    message: clip(message, MAX_MESSAGE),
  };
}

export function parseEventDetail(raw: unknown): LogEvent & { fields: Record<string, string> } {
  const e = (raw ?? {}) as PsObject;
  const detail = (e.Detail ?? {}) as PsObject;
  const fields: Record<string, string> = {};
  const put = (k: string, v: unknown) => {
    const text = v === null || v === undefined ? null : String(v);
    if (text !== null && text !== '') fields[k] = clip(text, MAX_FIELD);
  };
  put('EventID', e.Id);
  put('ProviderName', e.ProviderName);
  put('LogName', detail.LogName);
  put('Level', e.Level);
  put('Task', detail.Task);
  put('Opcode', detail.Opcode);
  put('Keywords', detail.Keywords);
  put('UserId', e.UserId);
  put('ThreadId', detail.ThreadId);
  put('ActivityId', detail.ActivityId);
  for (const [k, v] of Object.entries((detail.EventData ?? {}) as Record<string, unknown>)) put(`EventData.${k}`, v);
  return { ...toEvent(e), fields };
}

/** The Windows levels whose priority is at most `priority` (all of them for debug). */
export function levelsUpTo(priority: number | undefined): number[] | null {
  if (priority === undefined || priority >= 7) return null;
  return Object.entries(LEVEL_PRIORITY)
    .filter(([, p]) => p <= priority)
    .map(([l]) => Number(l));
}

function checkName(name: string): string {
  if (!LOG_NAME.test(name)) throw new ToolError('INVALID_REQUEST', 'A Windows event log name such as System, Application or Microsoft-Windows-TaskScheduler/Operational');
  return name;
}

const iso = (v: string | undefined) => {
  if (!v) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new ToolError('INVALID_REQUEST', `${v} is not a time`);
  return d.toISOString();
};

export function windowsEventLogs(runner: CommandRunner) {
  return {
    listLogs: async (signal?: AbortSignal) => ({ logs: parseLogList(await runPowerShell(runner, LIST_SCRIPT, undefined, { signal })) }),
    getLog: async (name: string, signal?: AbortSignal) => {
      const r = ((await runPowerShell(runner, GET_SCRIPT, { name: checkName(name) }, { signal })) ?? {}) as PsObject;
      return { name, kind: 'channel' as const, firstEntryAt: psDate(r.First), lastEntryAt: psDate(r.Last) };
    },
    listEvents: async (name: string, q: EventQuery, signal?: AbortSignal) => {
      const limit = Math.min(500, Math.max(1, Math.trunc(q.limit)));
      if (q.cursor !== undefined && !/^\d+$/.test(q.cursor)) throw new ToolError('INVALID_REQUEST', 'cursor is the record id of the last event of the previous page');
      const levels = levelsUpTo(q.priority);
      // emerg and alert: Windows has no level that severe.
      if (levels !== null && levels.length === 0) return { events: [], nextCursor: null };
      const params = { name: checkName(name), levels, since: iso(q.since), until: iso(q.until), before: q.cursor ?? null, max: limit + 1 };
      const events = asArray(await runPowerShell(runner, EVENTS_SCRIPT, params, { signal })).map(toEvent);
      const page = events.slice(0, limit);
      return { events: page, nextCursor: events.length > limit ? page[page.length - 1].recordId : null };
    },
    getEvent: async (name: string, recordId: string, signal?: AbortSignal) => {
      if (!/^\d{1,19}$/.test(recordId)) throw new ToolError('EVENT_NOT_FOUND', `No event of ${name} has this record id`);
      return parseEventDetail(await runPowerShell(runner, EVENT_SCRIPT, { name: checkName(name), recordId }, { signal }));
    },
  };
}
