import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { parseProcesses, taskkillArgs, windowsProcesses } from './processes';

describe('Windows processes from Win32_Process', () => {
  it('lists every process with CPU over the sample, owner, working set, threads, start time and command line', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'processes.json'));
    const { processes, sampledMs } = await windowsProcesses(runner).listProcesses();
    expect(calls[0].script).toContain('Get-Process -IncludeUserName');
    expect(calls[0].params).toEqual({});
    expect(sampledMs).toBe(263);
    expect(processes).toEqual([
      // Idle time of 16 logical processors over the sample: more than one core's worth.
      { pid: 0, ppid: 0, name: 'System Idle Process', user: null, uid: null, state: 'R', cpuPercent: 802, memoryBytes: 8192, memoryPercent: 0, threads: 16, startedAt: null, commandLine: '[System Idle Process]' },
      { pid: 4, ppid: 0, name: 'System', user: null, uid: null, state: 'R', cpuPercent: 5.9, memoryBytes: 155648, memoryPercent: 0, threads: 312, startedAt: '2024-11-27T08:00:00.512Z', commandLine: '[System]' },
      { pid: 3012, ppid: 1016, name: 'spoolsv.exe', user: 'NT AUTHORITY\\SYSTEM', uid: null, state: 'R', cpuPercent: 0, memoryBytes: 14876672, memoryPercent: 0.1, threads: 11, startedAt: '2024-11-27T08:01:07.120Z', commandLine: 'C:\\WINDOWS\\System32\\spoolsv.exe' },
      {
        pid: 8840,
        ppid: 5528,
        name: 'chrome.exe',
        user: 'DESKTOP-7QK2M4F\\ann',
        uid: null,
        state: 'R',
        cpuPercent: 39.9,
        memoryBytes: 281088000,
        memoryPercent: 1.7,
        threads: 19,
        startedAt: '2024-11-27T09:50:15.250Z',
        commandLine: '"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe" --type=renderer --lang=en-US',
      },
      { pid: 9120, ppid: 8840, name: 'notepad.exe', user: 'DESKTOP-7QK2M4F\\ann', uid: null, state: 'R', cpuPercent: 0, memoryBytes: 17645568, memoryPercent: 0.1, threads: 7, startedAt: '2024-11-27T10:25:00.000Z', commandLine: '"C:\\WINDOWS\\system32\\notepad.exe" C:\\Users\\ann\\todo.txt' },
      // Started during the sample: no first reading, no CPU figure; no owner without -IncludeUserName's answer.
      { pid: 9400, ppid: 772, name: 'WmiPrvSE.exe', user: null, uid: null, state: 'R', cpuPercent: 0, memoryBytes: 9838592, memoryPercent: 0.1, threads: 8, startedAt: '2024-11-27T10:28:21.000Z', commandLine: 'C:\\WINDOWS\\system32\\wbem\\wmiprvse.exe' },
    ]);
  });

  it('gets one process by pid, and says when there is none', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'process-one.json'));
    expect(await windowsProcesses(runner).getProcess(3012)).toMatchObject({ pid: 3012, name: 'spoolsv.exe', user: 'NT AUTHORITY\\SYSTEM', threads: 11 });
    expect(calls[0].params).toEqual({ pid: 3012 });
    const gone = fixtureRunner(() => ({ stdout: '{"rmmError":"PROCESS_NOT_FOUND","message":"No process 77 on this device"}', stderr: '', code: 3 }));
    await expect(windowsProcesses(gone.runner).getProcess(77)).rejects.toMatchObject({ code: 'PROCESS_NOT_FOUND' });
    expect(parseProcesses(null)).toEqual({ processes: [], sampledMs: 0 });
  });

  it('ends a process through taskkill: SIGTERM closes, SIGKILL forces; other signals do not exist on Windows', async () => {
    expect(taskkillArgs(9120, 'SIGTERM')).toEqual(['/PID', '9120']);
    expect(taskkillArgs(9120, 'SIGKILL')).toEqual(['/PID', '9120', '/F']);
    expect(() => taskkillArgs(9120, 'SIGHUP')).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_ON_PLATFORM' }));
    const { runner, calls } = fixtureRunner(() => 'SUCCESS: The process with PID 9120 has been terminated.\r\n');
    expect(await windowsProcesses(runner).killProcess(9120, 'SIGKILL')).toEqual({ pid: 9120, signal: 'SIGKILL', delivered: true });
    expect(calls[0].command).toMatch(/\\System32\\taskkill\.exe$/);
    const missing = fixtureRunner(() => ({ stdout: '', stderr: 'ERROR: The process "9999" not found.\r\n', code: 128 }));
    await expect(windowsProcesses(missing.runner).killProcess(9999, 'SIGKILL')).rejects.toMatchObject({ code: 'PROCESS_NOT_FOUND' });
    const denied = fixtureRunner(() => ({ stdout: '', stderr: 'ERROR: The process with PID 624 could not be terminated.\r\nReason: Access is denied.\r\n', code: 1 }));
    await expect(windowsProcesses(denied.runner).killProcess(624, 'SIGKILL')).rejects.toMatchObject({ code: 'OPERATION_NOT_PERMITTED' });
    await expect(windowsProcesses(runner).killProcess(4, 'SIGKILL')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
