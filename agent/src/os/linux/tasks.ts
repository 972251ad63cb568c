// Scheduled tasks on Linux: systemd timers (`/systemd/<name>.timer`) and cron jobs
// (`/cron/<file>:<line>`, see cron.ts). List, show, history (the journal's record of the runs,
// plus the runs this agent started), run now, enable and disable. Timers need a running systemd;
// cron jobs are read from their files, so they are listed on any Linux device.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { ToolError } from '../../channel';
import { assertLinux } from './processes';
import { assertSystemd, parseShow, systemctl } from './services';
import { findCronJob, listCronJobs, setCronJobEnabled, splitCronCommand, type CronJob } from './cron';
import { journalAvailable, readJournal, toEvent } from './journal';

export interface ScheduledTask {
  path: string;
  name: string;
  source: 'systemd-timer' | 'cron' | 'task-scheduler';
  enabled: boolean;
  schedule: string;
  command: string | null;
  user: string | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastResult: string | null;
}

export interface ScheduledTaskDetail extends ScheduledTask {
  description: string;
  /** The unit a timer starts; the crontab file of a cron job. */
  target: string;
  definition: string | null;
}

export interface TaskRun {
  runId: string | null;
  at: string;
  finishedAt: string | null;
  source: 'agent' | 'journal' | 'eventlog';
  exitCode: number | null;
  message: string;
}

const TIMER = /^[A-Za-z0-9][A-Za-z0-9@._:\\-]{0,250}\.timer$/;
const systemdRunning = () => process.platform === 'linux' && existsSync('/run/systemd/system');

// ---- runs this agent started (kept while it runs: the journal is the lasting record) ----
interface AgentRun extends TaskRun {
  path: string;
}
const runs: AgentRun[] = [];
const MAX_RUNS = 500;

function recordRun(run: AgentRun): AgentRun {
  runs.unshift(run);
  runs.length = Math.min(runs.length, MAX_RUNS);
  return run;
}

// ---- systemd timers ----
function parseWhen(value: string | undefined): string | null {
  if (!value || value === 'n/a' || value === '0') return null;
  const d = new Date(value.replace(/^\w{3} /, ''));
  return Number.isNaN(d.getTime()) || d.getTime() <= 0 ? null : d.toISOString();
}

/** `{ OnCalendar=*-*-* 06:00:00 ; next_elapse=… }` → `OnCalendar=*-*-* 06:00:00`. */
export function timerSchedule(props: Record<string, string>): string {
  const parts: string[] = [];
  for (const key of ['TimersCalendar', 'TimersMonotonic']) {
    for (const m of (props[key] ?? '').matchAll(/\{\s*([^;}]+?)\s*;/g)) parts.push(m[1]);
  }
  return parts.join(', ');
}

export function timerTask(props: Record<string, string>): ScheduledTaskDetail {
  const name = props.Id ?? '';
  return {
    path: `/systemd/${name}`,
    name,
    source: 'systemd-timer',
    enabled: props.UnitFileState === 'enabled' || props.ActiveState === 'active',
    schedule: timerSchedule(props),
    command: props.Unit || null,
    user: null,
    nextRunAt: parseWhen(props.NextElapseUSecRealtime),
    lastRunAt: parseWhen(props.LastTriggerUSec),
    lastResult: props.Result && props.Result !== '' ? props.Result : null,
    description: props.Description ?? '',
    target: props.Unit ?? '',
    definition: props.FragmentPath || null,
  };
}

const TIMER_PROPS = 'Id,Description,ActiveState,UnitFileState,Unit,NextElapseUSecRealtime,LastTriggerUSec,Result,TimersCalendar,TimersMonotonic,FragmentPath';

async function listTimers(signal?: AbortSignal): Promise<ScheduledTaskDetail[]> {
  const names = new Set<string>();
  const units = await systemctl(['list-units', '--type=timer', '--all', '--plain', '--no-legend', '--no-pager'], signal);
  const files = await systemctl(['list-unit-files', '--type=timer', '--no-legend', '--no-pager'], signal);
  for (const line of `${units}\n${files}`.split('\n')) {
    const name = line.replace(/^[\s●*]+/, '').split(/\s+/)[0];
    if (TIMER.test(name) && !name.includes('@.')) names.add(name);
  }
  if (names.size === 0) return [];
  const out = await systemctl(['show', ...names, '--no-pager', `--property=${TIMER_PROPS}`], signal);
  return out
    .split(/\n\s*\n/)
    .map((block) => parseShow(block))
    .filter((p) => p.Id)
    .map(timerTask);
}

async function getTimer(name: string, signal?: AbortSignal): Promise<ScheduledTaskDetail> {
  assertSystemd();
  if (!TIMER.test(name)) throw new ToolError('TASK_NOT_FOUND', `No scheduled task /systemd/${name} on this device`);
  const props = parseShow(await systemctl(['show', name, '--no-pager', `--property=${TIMER_PROPS},LoadState`], signal));
  if (props.LoadState === 'not-found') throw new ToolError('TASK_NOT_FOUND', `No timer ${name} on this device`);
  return timerTask(props);
}

// ---- cron jobs ----
function cronTask(job: CronJob): ScheduledTaskDetail {
  const last = runs.find((r) => r.path === job.path);
  return {
    path: job.path,
    name: `${job.file}:${job.line}`,
    source: 'cron',
    enabled: job.enabled,
    schedule: job.schedule,
    command: job.command,
    user: job.user,
    nextRunAt: null,
    lastRunAt: last?.at ?? null,
    lastResult: last ? (last.exitCode === null ? (last.finishedAt ? 'killed' : 'running') : last.exitCode === 0 ? 'success' : `exit code ${last.exitCode}`) : null,
    description: `Cron job in /${job.file}, line ${job.line}`,
    target: `/${job.file}`,
    definition: job.raw,
  };
}

// ---- the operations ----
function summary(t: ScheduledTaskDetail): ScheduledTask {
  const { description: _d, target: _t, definition: _def, ...rest } = t;
  return rest;
}

export async function listTasks(signal?: AbortSignal): Promise<{ tasks: ScheduledTask[]; sources: { systemd: boolean; cron: boolean } }> {
  assertLinux('Scheduled tasks');
  const timers = systemdRunning() ? await listTimers(signal) : [];
  const cron = listCronJobs().map(cronTask);
  return { tasks: [...timers, ...cron].map(summary), sources: { systemd: systemdRunning(), cron: true } };
}

function kind(taskPath: string): { timer: string } | { cron: string } {
  if (taskPath.startsWith('/systemd/')) return { timer: taskPath.slice('/systemd/'.length) };
  if (taskPath.startsWith('/cron/')) return { cron: taskPath };
  throw new ToolError('TASK_NOT_FOUND', `No scheduled task ${taskPath} on this device (paths start with /systemd/ or /cron/)`);
}

export async function getTask(taskPath: string, signal?: AbortSignal): Promise<ScheduledTaskDetail> {
  assertLinux('Scheduled tasks');
  const k = kind(taskPath);
  return 'timer' in k ? getTimer(k.timer, signal) : cronTask(findCronJob(k.cron));
}

export async function setTaskEnabled(taskPath: string, enabled: boolean, signal?: AbortSignal): Promise<ScheduledTaskDetail> {
  assertLinux('Scheduled tasks');
  const k = kind(taskPath);
  if ('cron' in k) return cronTask(setCronJobEnabled(k.cron, enabled));
  const timer = await getTimer(k.timer, signal);
  await systemctl([enabled ? 'enable' : 'disable', '--now', '--no-ask-password', timer.name], signal, 60_000);
  return getTimer(timer.name, signal);
}

function homeOf(user: string): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${user}:`));
    return line?.split(':')[5] || '/';
  } catch {
    return '/';
  }
}

/** Starts the job now, as its user, the way cron would; answers once it started. */
function runCronJob(job: CronJob): AgentRun {
  const self = os.userInfo().username;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (job.user !== self && !root) throw new ToolError('OPERATION_NOT_PERMITTED', `The agent runs as ${self} and cannot run a job as ${job.user}`);
  const { command, input } = splitCronCommand(job.command);
  const home = homeOf(job.user);
  const shell = job.env.SHELL || '/bin/sh';
  const env: Record<string, string> = { PATH: '/usr/bin:/bin', SHELL: shell, HOME: home, LOGNAME: job.user, USER: job.user, ...job.env };
  const [file, args]: [string, string[]] = job.user === self ? [shell, ['-c', command]] : ['runuser', ['-u', job.user, '--', shell, '-c', command]];
  const run = recordRun({ runId: randomUUID(), path: job.path, at: new Date().toISOString(), finishedAt: null, source: 'agent', exitCode: null, message: `Started by the agent: ${command}` });
  const child: ChildProcess = spawn(file, args, { cwd: existsSync(home) ? home : '/', env: env as NodeJS.ProcessEnv, stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString('utf8')).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (input !== null) child.stdin?.end(input);
  child.on('error', (e) => {
    run.finishedAt = new Date().toISOString();
    run.message = `Could not start: ${e.message}`;
  });
  child.on('close', (code) => {
    run.finishedAt = new Date().toISOString();
    run.exitCode = code;
    run.message = output.trim() ? `Finished (exit code ${code}): ${output.trim()}` : `Finished (exit code ${code})`;
  });
  child.unref();
  return run;
}

export async function runTask(taskPath: string, signal?: AbortSignal): Promise<{ path: string; runId: string | null; startedAt: string; target: string }> {
  assertLinux('Scheduled tasks');
  const k = kind(taskPath);
  if ('cron' in k) {
    const job = findCronJob(k.cron);
    const run = runCronJob(job);
    return { path: job.path, runId: run.runId, startedAt: run.at, target: job.command };
  }
  const timer = await getTimer(k.timer, signal);
  if (!timer.target) throw new ToolError('AGENT_OPERATION_FAILED', `Timer ${timer.name} starts no unit`);
  const at = new Date().toISOString();
  await systemctl(['start', '--no-block', '--no-ask-password', timer.target], signal, 60_000);
  const run = recordRun({ runId: randomUUID(), path: timer.path, at, finishedAt: null, source: 'agent', exitCode: null, message: `Started ${timer.target} by the agent` });
  return { path: timer.path, runId: run.runId, startedAt: at, target: timer.target };
}

export async function taskHistory(taskPath: string, limit: number, signal?: AbortSignal): Promise<{ runs: TaskRun[]; journal: boolean }> {
  const task = await getTask(taskPath, signal);
  const own: TaskRun[] = runs.filter((r) => r.path === task.path).map(({ path: _p, ...r }) => ({ ...r }));
  const journal = journalAvailable();
  let logged: TaskRun[] = [];
  if (journal) {
    const max = Math.min(500, Math.max(1, limit));
    if (task.source === 'systemd-timer') {
      // systemd's own lines about the unit the timer starts: Starting…, Finished…, Failed….
      const raw = await readJournal([`--unit=${task.target}`, '--reverse', '_PID=1'], max, signal);
      logged = raw.map(toEvent).map((e) => ({ runId: null, at: e.timestamp, finishedAt: null, source: 'journal' as const, exitCode: null, message: e.message }));
    } else {
      // cron logs every start as "(user) CMD (command)".
      const raw = await readJournal(['--identifier=CRON', '--identifier=cron', '--identifier=crond', '--reverse', `--grep=CMD`], max * 4, signal).catch(() => []);
      logged = raw
        .map(toEvent)
        .filter((e) => e.message.includes(`(${task.user}) CMD (${task.command})`))
        .slice(0, max)
        .map((e) => ({ runId: null, at: e.timestamp, finishedAt: null, source: 'journal' as const, exitCode: null, message: e.message }));
    }
  }
  const all = [...own, ...logged].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  return { runs: all, journal };
}
