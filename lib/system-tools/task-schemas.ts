// Contract of the scheduled-task system tools. A task is named by a path: on Linux
// `/systemd/<name>.timer` for a systemd timer and `/cron/<file>:<line>` for a cron job (the file
// relative to /, e.g. `/cron/etc/cron.d/backup:3`); on Windows the Task Scheduler path. In a URL
// the path is one segment, URL-encoded (`%2Fcron%2Fetc%2Fcrontab%3A12`).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZSystemToolDeviceParams } from '@/lib/system-tools/schemas';

// A router that already decoded the segment hands over `/cron/…`; one that kept `%2F` encoded, `%2Fcron…`.
const taskPath = z
  .string()
  .transform((v) => {
    if (v.startsWith('/') || !/^%2F/i.test(v)) return v;
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  })
  .pipe(z.string().min(2).max(1024).regex(/^[/\\][^\0\n]*$/, 'A task path starts with / (or \\ on Windows)'));

export const ZTaskParams = ZSystemToolDeviceParams.extend({
  path: taskPath.describe('Task path, URL-encoded: `/systemd/apt-daily.timer`, `/cron/etc/crontab:12`'),
});

export const ZTask = z
  .object({
    path: z.string(),
    name: z.string(),
    source: z.enum(['systemd-timer', 'cron', 'task-scheduler']),
    enabled: z.boolean(),
    schedule: z.string().describe('OnCalendar / OnUnitActiveSec settings of a timer; the five cron fields or @daily… of a cron job'),
    command: z.string().nullable().describe('The unit a timer starts; the command line of a cron job'),
    user: z.string().nullable(),
    nextRunAt: ZTimestamp.nullable(),
    lastRunAt: ZTimestamp.nullable(),
    lastResult: z.string().nullable().describe('success, exit code N, running… (timers: systemd’s Result)'),
  })
  .meta({ id: 'DeviceScheduledTask' });
export const ZTaskDetail = ZTask.extend({
  description: z.string(),
  target: z.string().describe('The unit a timer starts; the crontab file of a cron job'),
  definition: z.string().nullable().describe('The timer’s unit file; the cron job’s line as written'),
}).meta({ id: 'DeviceScheduledTaskDetail' });

export const ZTaskList = z
  .object({
    data: z.array(ZTask),
    sources: z.object({ systemd: z.boolean().describe('systemd runs: timers are listed'), cron: z.boolean(), taskScheduler: z.boolean().optional().describe('Windows: the Task Scheduler’s tasks are listed') }),
    collectedAt: ZTimestamp,
  })
  .meta({ id: 'DeviceScheduledTaskList' });

export const ZTaskRun = z
  .object({
    runId: z.string().nullable(),
    at: ZTimestamp,
    finishedAt: ZTimestamp.nullable(),
    source: z.enum(['agent', 'journal', 'eventlog']).describe('`agent`: started through Run now (kept while the agent runs); `journal`: recorded by systemd or cron; `eventlog`: the Task Scheduler’s operational log (Windows)'),
    exitCode: z.number().int().nullable(),
    message: z.string(),
  })
  .meta({ id: 'DeviceScheduledTaskRun' });
export const ZTaskHistory = z
  .object({ data: z.array(ZTaskRun), journal: z.boolean().describe('False when the device has no journal (Windows: the Task Scheduler’s operational log is off) to read runs from') })
  .meta({ id: 'DeviceScheduledTaskHistory' });
export const ZTaskHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }).strict();

export const ZTaskRunResult = z
  .object({ path: z.string(), runId: z.string().nullable(), startedAt: ZTimestamp, target: z.string() })
  .meta({ id: 'DeviceScheduledTaskRunResult' });
