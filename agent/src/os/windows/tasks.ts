// Windows scheduled tasks through the ScheduledTasks module: Get-ScheduledTask with
// Get-ScheduledTaskInfo (last and next run, last result), Start-ScheduledTask, Enable- and
// Disable-ScheduledTask, the task's XML for its definition, and its runs from the Task Scheduler's
// operational event log (Task Started 100 / Action completed 201 / Task completed 102 / Start
// failed 101, paired by instance id) when that log is enabled. A task is named by its Task
// Scheduler path, `\Microsoft\Windows\Defrag\ScheduledDefrag`.
import { ToolError } from '../../channel';
import type { CommandRunner } from '../command';
import type { ScheduledTask, ScheduledTaskDetail, TaskRun } from '../types';
import { asArray, psBool, psDate, psEnum, psNumber, psText, runPowerShell, type PsObject } from './powershell';

const TASK_ROW = `
function Find-Task {
  $t = Get-ScheduledTask | Where-Object { ($_.TaskPath + $_.TaskName) -eq $p.path } | Select-Object -First 1
  if (-not $t) { Fail 'TASK_NOT_FOUND' ('No scheduled task ' + $p.path + ' on this device') }
  return $t
}
function Task-Row($t, [switch]$detail) {
  $i = $null
  try { $i = $t | Get-ScheduledTaskInfo } catch { }
  $row = [pscustomobject]@{
    TaskPath = $t.TaskPath; TaskName = $t.TaskName; State = $t.State; Description = $t.Description; UserId = $t.Principal.UserId
    Actions = @($t.Actions | ForEach-Object { [pscustomobject]@{ Execute = $_.Execute; Arguments = $_.Arguments; ClassId = $_.ClassId } })
    Triggers = @($t.Triggers | ForEach-Object { [pscustomobject]@{ Type = $_.CimClass.CimClassName; Enabled = $_.Enabled; StartBoundary = $_.StartBoundary; DaysInterval = $_.DaysInterval; WeeksInterval = $_.WeeksInterval; Interval = $(if ($_.Repetition) { $_.Repetition.Interval } else { $null }) } })
    LastRunTime = $i.LastRunTime; NextRunTime = $i.NextRunTime; LastTaskResult = $i.LastTaskResult
  }
  if ($detail) { $row | Add-Member -NotePropertyName Xml -NotePropertyValue ([string](Export-ScheduledTask -InputObject $t)) }
  return $row
}
`;

export const LIST_SCRIPT = `${TASK_ROW}
$rows = foreach ($t in Get-ScheduledTask) { Task-Row $t }
ConvertTo-Json -InputObject @($rows) -Depth 4 -Compress
`;

export const GET_SCRIPT = `${TASK_ROW}
Task-Row (Find-Task) -detail | ConvertTo-Json -Depth 4 -Compress
`;

export const CHANGE_SCRIPT = `${TASK_ROW}
$t = Find-Task
switch ($p.action) {
  'run' { Start-ScheduledTask -InputObject $t }
  'enable' { $null = Enable-ScheduledTask -InputObject $t }
  'disable' { $null = Disable-ScheduledTask -InputObject $t }
}
Task-Row (Find-Task) -detail | ConvertTo-Json -Depth 4 -Compress
`;

export const HISTORY_SCRIPT = `
$log = Get-WinEvent -ListLog 'Microsoft-Windows-TaskScheduler/Operational' -ErrorAction SilentlyContinue
$rows = @()
if ($log -and $log.IsEnabled) {
  try {
    $rows = foreach ($e in Get-WinEvent -LogName 'Microsoft-Windows-TaskScheduler/Operational' -FilterXPath $p.xpath -MaxEvents ([int]$p.max)) {
      $data = @{}
      foreach ($d in @(([xml]$e.ToXml()).Event.EventData.Data)) { if ($d -ne $null -and $d.Name) { $data[$d.Name] = [string]$d.'#text' } }
      [pscustomobject]@{ Id = $e.Id; TimeCreated = $e.TimeCreated; Message = $e.Message; Data = $data }
    }
  } catch {
    if ($_.FullyQualifiedErrorId -notlike 'NoMatchingEventsFound*') { throw }
  }
}
[pscustomobject]@{ Enabled = [bool]($log -and $log.IsEnabled); Events = @($rows) } | ConvertTo-Json -Depth 4 -Compress
`;

const STATES: Record<number, string> = { 0: 'Unknown', 1: 'Disabled', 2: 'Queued', 3: 'Ready', 4: 'Running' };
const TRIGGERS: Record<string, string> = {
  MSFT_TaskDailyTrigger: 'daily',
  MSFT_TaskWeeklyTrigger: 'weekly',
  MSFT_TaskTimeTrigger: 'once',
  MSFT_TaskLogonTrigger: 'at log on',
  MSFT_TaskBootTrigger: 'at startup',
  MSFT_TaskIdleTrigger: 'on idle',
  MSFT_TaskEventTrigger: 'on an event',
  MSFT_TaskSessionStateChangeTrigger: 'on a session change',
  MSFT_TaskRegistrationTrigger: 'when registered',
};

/** Task Scheduler result codes with a meaning of their own (SCHED_S_*). */
export function lastResult(value: unknown): string | null {
  const code = psNumber(value);
  if (code === null) return null;
  if (code === 0) return 'success';
  const hex = `0x${(code >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
  if (hex === '0x00041303') return null; // SCHED_S_TASK_HAS_NOT_RUN
  if (hex === '0x00041301') return 'running';
  if (hex === '0x00041306') return 'terminated';
  if (hex === '0x00041325') return 'queued';
  return `exit code ${hex}`;
}

/** One trigger in words: `daily at 03:00`, `every 2 days at 03:00, repeated every PT1H`, `at startup`. */
export function describeTrigger(t: PsObject): string {
  const type = psText(t.Type) ?? '';
  let text = TRIGGERS[type] ?? type.replace(/^MSFT_Task/, '').replace(/Trigger$/, '').toLowerCase();
  const days = psNumber(t.DaysInterval);
  const weeks = psNumber(t.WeeksInterval);
  if (type === 'MSFT_TaskDailyTrigger' && days && days > 1) text = `every ${days} days`;
  if (type === 'MSFT_TaskWeeklyTrigger' && weeks && weeks > 1) text = `every ${weeks} weeks`;
  const start = psText(t.StartBoundary);
  const at = start ? /T(\d{2}:\d{2})/.exec(start)?.[1] : undefined;
  if (at && ['MSFT_TaskDailyTrigger', 'MSFT_TaskWeeklyTrigger'].includes(type)) text += ` at ${at}`;
  if (type === 'MSFT_TaskTimeTrigger' && start) text += ` at ${start}`;
  const every = psText(t.Interval);
  if (every) text += `, repeated every ${every}`;
  if (psBool(t.Enabled) === false) text += ' (trigger disabled)';
  return text;
}

function command(actions: PsObject[]): string | null {
  const parts = actions.map((a) => {
    const exe = psText(a.Execute);
    if (exe) return [exe, psText(a.Arguments)].filter(Boolean).join(' ');
    const cls = psText(a.ClassId);
    return cls ? `COM handler ${cls}` : null;
  });
  return parts.filter(Boolean).join(' && ') || null;
}

export function parseTask(raw: PsObject): ScheduledTaskDetail {
  const folder = psText(raw.TaskPath) ?? '\\';
  const name = psText(raw.TaskName) ?? '';
  const actions = asArray(raw.Actions);
  const state = psEnum(raw.State, STATES) ?? 'Unknown';
  const xml = psText(raw.Xml);
  return {
    path: `${folder}${name}`,
    name,
    source: 'task-scheduler',
    enabled: state !== 'Disabled',
    schedule: asArray(raw.Triggers).map(describeTrigger).join('; '),
    command: command(actions),
    user: psText(raw.UserId),
    nextRunAt: psDate(raw.NextRunTime),
    lastRunAt: psDate(raw.LastRunTime),
    lastResult: state === 'Running' ? 'running' : lastResult(raw.LastTaskResult),
    description: psText(raw.Description) ?? '',
    target: psText(actions[0]?.Execute) ?? '',
    definition: xml ? xml.slice(0, 64 * 1024) : null,
  };
}

function summary(t: ScheduledTaskDetail): ScheduledTask {
  const { description: _d, target: _t, definition: _def, ...rest } = t;
  return rest;
}

/** Task Scheduler history events paired into runs by their instance id, newest first. */
export function parseTaskRuns(raw: unknown, limit: number): { runs: TaskRun[]; journal: boolean } {
  const r = (raw ?? {}) as PsObject;
  const byInstance = new Map<string, TaskRun>();
  const runs: TaskRun[] = [];
  // Oldest first, so a run's start is seen before its end.
  const events = asArray(r.Events)
    .map((e) => ({ id: psNumber(e.Id), at: psDate(e.TimeCreated), message: psText(e.Message) ?? '', data: (e.Data ?? {}) as Record<string, unknown> }))
    .filter((e) => e.at)
    .sort((a, b) => a.at!.localeCompare(b.at!));
  for (const e of events) {
    const instance = psText(e.data.InstanceId) ?? psText(e.data.TaskInstanceId);
    let run = instance ? byInstance.get(instance) : undefined;
    if (!run) {
      run = { runId: instance, at: e.at!, finishedAt: null, source: 'eventlog', exitCode: null, message: e.message };
      runs.push(run);
      if (instance) byInstance.set(instance, run);
    }
    const code = psNumber(e.data.ResultCode);
    if (e.id === 201 && code !== null) run.exitCode = code;
    if (e.id === 102 || e.id === 101) {
      run.finishedAt = e.at;
      if (e.id === 101 && code !== null) run.exitCode = code;
      run.message = e.message;
    }
  }
  runs.sort((a, b) => b.at.localeCompare(a.at));
  return { runs: runs.slice(0, limit), journal: r.Enabled === true };
}

function checkPath(path: string): string {
  if (!path.startsWith('\\') || path.endsWith('\\') || path.includes('\0')) throw new ToolError('TASK_NOT_FOUND', `No scheduled task ${path} on this device (Task Scheduler paths look like \\Folder\\Task)`);
  return path;
}

/** The XPath of the operational log's events of one task (its path quoted with whichever quote it lacks). */
export function historyXPath(path: string): string {
  const quote = path.includes("'") ? '"' : "'";
  if (path.includes(quote)) throw new ToolError('INVALID_REQUEST', 'A task path with both kinds of quotes cannot be looked up in the event log');
  return `*[EventData[Data[@Name='TaskName']=${quote}${path}${quote}]]`;
}

export function windowsTasks(runner: CommandRunner) {
  const getTask = async (path: string, signal?: AbortSignal) => parseTask((await runPowerShell(runner, GET_SCRIPT, { path: checkPath(path) }, { signal })) as PsObject);
  const change = async (path: string, action: 'run' | 'enable' | 'disable', signal?: AbortSignal) =>
    parseTask((await runPowerShell(runner, CHANGE_SCRIPT, { path: checkPath(path), action }, { signal, timeoutMs: 60_000 })) as PsObject);
  return {
    listTasks: async (signal?: AbortSignal) => ({
      tasks: asArray(await runPowerShell(runner, LIST_SCRIPT, undefined, { signal, timeoutMs: 120_000 })).map(parseTask).map(summary),
      sources: { systemd: false, cron: false, taskScheduler: true },
    }),
    getTask,
    taskHistory: async (path: string, limit: number, signal?: AbortSignal) => {
      const task = await getTask(path, signal);
      const max = Math.min(500, Math.max(1, limit));
      // Up to four events per run.
      return parseTaskRuns(await runPowerShell(runner, HISTORY_SCRIPT, { xpath: historyXPath(task.path), max: max * 4 }, { signal }), max);
    },
    runTask: async (path: string, signal?: AbortSignal) => {
      const startedAt = new Date().toISOString();
      const task = await change(path, 'run', signal);
      return { path: task.path, runId: null, startedAt, target: task.command ?? task.target };
    },
    setTaskEnabled: (path: string, enabled: boolean, signal?: AbortSignal) => change(path, enabled ? 'enable' : 'disable', signal),
  };
}
