// Cron jobs as scheduled tasks: /etc/crontab and /etc/cron.d/* (system format, with a user
// column) and the users' crontabs in /var/spool/cron/crontabs (Debian) or /var/spool/cron
// (Red Hat). A job is named by its file and line: `/cron/etc/cron.d/backup:3`. Disabling a job
// comments its line out with a marker the agent recognises again; files are rewritten
// atomically (temporary file, same owner and mode, rename), which also tells cron to reread them.
// RMM_AGENT_CRON_ROOT moves the root these paths are read under (default `/`).
import { chmodSync, chownSync, existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../channel';

export const DISABLED_MARK = '#rmm-disabled# ';

export interface CronJob {
  /** Task path: /cron/<file relative to the root>:<line>. */
  path: string;
  file: string;
  line: number;
  schedule: string;
  user: string;
  command: string;
  enabled: boolean;
  raw: string;
  /** Variables set earlier in the file (cron passes them to the job). */
  env: Record<string, string>;
}

export function cronRoot(): string {
  return process.env.RMM_AGENT_CRON_ROOT || '/';
}

const NAMED = /^@(reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

/** Parses one crontab's text; `user` is the owner of a user crontab, null for the system format. */
export function parseCrontab(text: string, rel: string, user: string | null): CronJob[] {
  const jobs: CronJob[] = [];
  const env: Record<string, string> = {};
  text.split('\n').forEach((rawLine, index) => {
    let line = rawLine.trim();
    let enabled = true;
    if (line.startsWith(DISABLED_MARK.trim())) {
      enabled = false;
      line = line.slice(DISABLED_MARK.trim().length).trim();
    } else if (!line || line.startsWith('#')) return;
    const assignment = ASSIGNMENT.exec(line);
    if (assignment) {
      if (enabled) env[assignment[1]] = assignment[2].replace(/^(['"])(.*)\1$/, '$2');
      return;
    }
    const tokens = line.split(/\s+/);
    const fields = NAMED.test(tokens[0]) ? 1 : 5;
    const owner = user ?? tokens[fields];
    const commandStart = fields + (user ? 0 : 1);
    if (tokens.length <= commandStart || !owner) return;
    // The command keeps its own spacing: cut the line after the schedule (and user) tokens.
    let rest = line;
    for (let i = 0; i < commandStart; i++) rest = rest.slice(rest.indexOf(tokens[i]) + tokens[i].length).trimStart();
    jobs.push({
      path: `/cron/${rel}:${index + 1}`,
      file: rel,
      line: index + 1,
      schedule: tokens.slice(0, fields).join(' '),
      user: owner,
      command: rest,
      enabled,
      raw: rawLine,
      env: { ...env },
    });
  });
  return jobs;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The crontab files present, as [path relative to the root, user of a user crontab or null]. */
function crontabFiles(): [string, string | null][] {
  const root = cronRoot();
  const out: [string, string | null][] = [];
  if (existsSync(path.join(root, 'etc/crontab'))) out.push(['etc/crontab', null]);
  const list = (dir: string) => {
    try {
      return readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
    } catch {
      return [];
    }
  };
  // cron skips names with dots (backup files such as .dpkg-old) in /etc/cron.d, like run-parts.
  for (const name of list('etc/cron.d')) if (/^[A-Za-z0-9_-]+$/.test(name)) out.push([`etc/cron.d/${name}`, null]);
  for (const name of list('var/spool/cron/crontabs')) if (!name.startsWith('.') && !name.startsWith('tmp.')) out.push([`var/spool/cron/crontabs/${name}`, name]);
  for (const name of list('var/spool/cron')) if (!name.startsWith('.')) out.push([`var/spool/cron/${name}`, name]);
  return out;
}

export function listCronJobs(): CronJob[] {
  const jobs: CronJob[] = [];
  for (const [rel, user] of crontabFiles()) {
    const text = readText(path.join(cronRoot(), rel));
    if (text !== null) jobs.push(...parseCrontab(text, rel, user));
  }
  return jobs;
}

/** `/cron/<file>:<line>` → the job, or TASK_NOT_FOUND. */
export function findCronJob(taskPath: string): CronJob {
  const m = /^\/cron\/(.+):(\d+)$/.exec(taskPath);
  const known = m ? crontabFiles().find(([rel]) => rel === m[1]) : undefined;
  if (!m || !known) throw new ToolError('TASK_NOT_FOUND', `No scheduled task ${taskPath} on this device`);
  const text = readText(path.join(cronRoot(), known[0])) ?? '';
  const job = parseCrontab(text, known[0], known[1]).find((j) => j.line === Number(m[2]));
  if (!job) throw new ToolError('TASK_NOT_FOUND', `No scheduled task ${taskPath} on this device`);
  return job;
}

/** Comments the job's line out (or back in) and rewrites the file atomically, keeping owner and mode. */
export function setCronJobEnabled(taskPath: string, enabled: boolean): CronJob {
  const job = findCronJob(taskPath);
  if (job.enabled === enabled) return job;
  const file = path.join(cronRoot(), job.file);
  const lines = readFileSync(file, 'utf8').split('\n');
  const current = lines[job.line - 1];
  lines[job.line - 1] = enabled ? current.replace(/^(\s*)#rmm-disabled#\s?/, '$1') : `${DISABLED_MARK}${current}`;
  const info = statSync(file);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.rmm-${process.pid}.tmp`);
  writeFileSync(tmp, lines.join('\n'), { mode: info.mode & 0o7777 });
  chmodSync(tmp, info.mode & 0o7777);
  try {
    if (typeof process.getuid === 'function' && process.getuid() === 0) chownSync(tmp, info.uid, info.gid);
    renameSync(tmp, file);
  } catch (e) {
    throw new ToolError('AGENT_OPERATION_FAILED', `Could not rewrite ${job.file}: ${(e as Error).message}`);
  }
  return findCronJob(taskPath);
}

/**
 * The shell command and its standard input, as cron reads them: an unescaped `%` ends the
 * command, and the rest is the job's input with every further `%` a newline.
 */
export function splitCronCommand(command: string): { command: string; input: string | null } {
  for (let i = 0; i < command.length; i++) {
    if (command[i] === '\\' && command[i + 1] === '%') {
      i++;
      continue;
    }
    if (command[i] === '%') {
      return { command: command.slice(0, i).replace(/\\%/g, '%'), input: command.slice(i + 1).replace(/(?<!\\)%/g, '\n').replace(/\\%/g, '%') };
    }
  }
  return { command: command.replace(/\\%/g, '%'), input: null };
}
