import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { describeTrigger, historyXPath, lastResult, windowsTasks } from './tasks';

describe('Windows scheduled tasks', () => {
  it('lists tasks with their state (a number or a name), schedule, action, account, runs and last result', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'tasks.json'));
    const list = await windowsTasks(runner).listTasks();
    expect(calls[0].script).toContain('Get-ScheduledTaskInfo');
    expect(list.sources).toEqual({ systemd: false, cron: false, taskScheduler: true });
    expect(list.tasks).toEqual([
      { path: '\\Microsoft\\Windows\\Defrag\\ScheduledDefrag', name: 'ScheduledDefrag', source: 'task-scheduler', enabled: true, schedule: '', command: '%windir%\\system32\\defrag.exe -c -h -o -$', user: 'SYSTEM', nextRunAt: null, lastRunAt: '2024-11-26T00:13:20.000Z', lastResult: 'success' },
      {
        path: '\\Acme Nightly Backup',
        name: 'Acme Nightly Backup',
        source: 'task-scheduler',
        enabled: true,
        schedule: 'daily at 02:30',
        command: 'C:\\Program Files\\Acme\\backup.exe --full',
        user: 'SYSTEM',
        nextRunAt: '2024-11-28T00:30:00.000Z',
        lastRunAt: '2024-11-27T00:30:00.000Z',
        lastResult: 'exit code 0x80070002',
      },
      // Disabled, never run (1999-11-30 and SCHED_S_TASK_HAS_NOT_RUN), a COM handler action.
      {
        path: '\\Microsoft\\Windows\\UpdateOrchestrator\\Schedule Scan',
        name: 'Schedule Scan',
        source: 'task-scheduler',
        enabled: false,
        schedule: 'once at 2024-05-02T10:11:12Z, repeated every PT22H',
        command: 'COM handler {A558C6A5-B42B-4C98-B610-BF9559143139}',
        user: 'SYSTEM',
        nextRunAt: null,
        lastRunAt: null,
        lastResult: null,
      },
      // State cast to text by the script, one action written as an object, two triggers.
      {
        path: '\\Report Upload',
        name: 'Report Upload',
        source: 'task-scheduler',
        enabled: true,
        schedule: 'at log on; every 2 weeks at 18:00 (trigger disabled)',
        command: 'powershell.exe -File C:\\Scripts\\upload.ps1',
        user: null,
        nextRunAt: null,
        lastRunAt: '2024-11-27T10:23:20.000Z',
        lastResult: 'running',
      },
    ]);
  });

  it('shows one task with its XML definition', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'task-detail.json'));
    const t = await windowsTasks(runner).getTask('\\Acme Nightly Backup');
    expect(calls[0].params).toEqual({ path: '\\Acme Nightly Backup' });
    expect(t).toMatchObject({ path: '\\Acme Nightly Backup', description: '', target: 'C:\\Program Files\\Acme\\backup.exe', schedule: 'daily at 02:30' });
    expect(t.definition).toContain('<Command>C:\\Program Files\\Acme\\backup.exe</Command>');
    await expect(windowsTasks(runner).getTask('/systemd/apt-daily.timer')).rejects.toMatchObject({ code: 'TASK_NOT_FOUND' });
  });

  it('runs, enables and disables through the cmdlets', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'task-detail.json'));
    const run = await windowsTasks(runner).runTask('\\Acme Nightly Backup');
    expect(run).toMatchObject({ path: '\\Acme Nightly Backup', runId: null, target: 'C:\\Program Files\\Acme\\backup.exe --full' });
    expect(calls[0].params).toEqual({ path: '\\Acme Nightly Backup', action: 'run' });
    expect(calls[0].script).toContain("'run' { Start-ScheduledTask -InputObject $t }");
    await windowsTasks(runner).setTaskEnabled('\\Acme Nightly Backup', false);
    expect(calls[1].params).toEqual({ path: '\\Acme Nightly Backup', action: 'disable' });
  });

  it('pairs the operational log’s events into runs, newest first', async () => {
    const { runner, calls } = fixtureRunner((c) => fixture('windows', c.params?.xpath ? 'task-history.json' : 'task-detail.json'));
    const history = await windowsTasks(runner).taskHistory('\\Acme Nightly Backup', 10);
    expect(calls[1].params).toEqual({ xpath: "*[EventData[Data[@Name='TaskName']='\\Acme Nightly Backup']]", max: 40 });
    expect(history).toEqual({
      journal: true,
      runs: [
        {
          runId: '{6f3c0a1e-5b7d-4c2e-9f10-2a3b4c5d6e7f}',
          at: '2024-11-27T00:30:00.000Z',
          finishedAt: '2024-11-27T00:35:12.000Z',
          source: 'eventlog',
          exitCode: 2147942402,
          message: 'Task Scheduler successfully finished "{6f3c0a1e-5b7d-4c2e-9f10-2a3b4c5d6e7f}" instance of the "\\Acme Nightly Backup" task for user "NT AUTHORITY\\System".',
        },
        {
          runId: '{0a1b2c3d-0000-4000-8000-000000000001}',
          at: '2024-11-26T00:30:00.000Z',
          finishedAt: null,
          source: 'eventlog',
          exitCode: null,
          message: 'Task Scheduler started "{0a1b2c3d-0000-4000-8000-000000000001}" instance of the "\\Acme Nightly Backup" task for user "NT AUTHORITY\\System".',
        },
      ],
    });
    const off = fixtureRunner((c) => fixture('windows', c.params?.xpath ? 'task-history-disabled.json' : 'task-detail.json'));
    expect(await windowsTasks(off.runner).taskHistory('\\Acme Nightly Backup', 10)).toEqual({ runs: [], journal: false });
  });

  it('reads result codes, triggers and quotes the task path for XPath', () => {
    expect(lastResult(0)).toBe('success');
    expect(lastResult(267011)).toBeNull();
    expect(lastResult(267009)).toBe('running');
    expect(lastResult(1)).toBe('exit code 0x00000001');
    expect(describeTrigger({ Type: 'MSFT_TaskBootTrigger', Enabled: true })).toBe('at startup');
    expect(describeTrigger({ Type: 'MSFT_TaskDailyTrigger', DaysInterval: 3, StartBoundary: '2024-01-01T06:15:00' })).toBe('every 3 days at 06:15');
    expect(historyXPath("\\Bob's task")).toBe(`*[EventData[Data[@Name='TaskName']="\\Bob's task"]]`);
    expect(() => historyXPath('\\a\'b"c')).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
  });
});
