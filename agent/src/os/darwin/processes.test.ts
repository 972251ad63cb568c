import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { darwinProcesses, parseCpuTime, parsePs, PS_FIELDS } from './processes';

const snapshot = {
  before: fixture('darwin', 'ps-cpu-before.txt'),
  after: fixture('darwin', 'ps-after.txt'),
  comm: fixture('darwin', 'ps-comm.txt'),
  threads: fixture('darwin', 'ps-threads.txt'),
  elapsedMs: 250,
  totalMemory: 17179869184,
};

describe('macOS processes from ps', () => {
  it('maps ps columns, CPU time sampled 250 ms apart, executables with spaces and threads', () => {
    const local = (...a: [number, number, number, number, number, number]) => new Date(...a).toISOString();
    expect(parsePs(snapshot)).toEqual([
      { pid: 1, ppid: 0, name: 'launchd', user: 'root', uid: 0, state: 'S', cpuPercent: 8, memoryBytes: 16777216, memoryPercent: 0.1, threads: 4, startedAt: local(2024, 10, 26, 6, 46, 52), commandLine: '/sbin/launchd' },
      { pid: 412, ppid: 1, name: 'Finder', user: 'jane', uid: 501, state: 'S', cpuPercent: 20, memoryBytes: 191922176, memoryPercent: 1.1, threads: 9, startedAt: local(2024, 10, 26, 8, 2, 11), commandLine: '/System/Library/CoreServices/Finder.app/Contents/MacOS/Finder' },
      { pid: 1187, ppid: 1, name: 'agent', user: 'root', uid: 0, state: 'S', cpuPercent: 40, memoryBytes: 30834688, memoryPercent: 0.2, threads: 3, startedAt: local(2024, 10, 26, 6, 47, 3), commandLine: '/Library/Acme/agent --daemon' },
      {
        pid: 2301,
        ppid: 412,
        name: 'Google Chrome',
        user: 'jane',
        uid: 501,
        state: 'R',
        cpuPercent: 100,
        memoryBytes: 411762688,
        memoryPercent: 2.4,
        threads: 31,
        startedAt: local(2024, 10, 27, 9, 15, 0),
        commandLine: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome --profile-directory=Default',
      },
      // A zombie: no first sample, no memory, no thread lines.
      { pid: 2388, ppid: 2301, name: '(Google Chrome Helper)', user: 'jane', uid: 501, state: 'Z', cpuPercent: 0, memoryBytes: 0, memoryPercent: 0, threads: 1, startedAt: local(2024, 10, 27, 9, 15, 2), commandLine: '<defunct>' },
    ]);
  });

  it('runs ps for the list and for one pid, and says when the process is gone', async () => {
    const { runner, calls } = fixtureRunner((c) => {
      if (c.command === 'sysctl') return '17179869184\n';
      const o = c.args[c.args.indexOf('-o') + 1];
      if (o === 'pid=,time=') return snapshot.before;
      if (o === PS_FIELDS) return snapshot.after;
      if (o === 'pid=,comm=') return snapshot.comm;
      return snapshot.threads;
    });
    const list = await darwinProcesses(runner).listProcesses();
    expect(list.processes.map((p) => p.pid)).toEqual([1, 412, 1187, 2301, 2388]);
    expect(list.processes[1]).toMatchObject({ name: 'Finder', memoryPercent: 1.1, threads: 9 });
    expect(calls.map((c) => [c.command, ...c.args])).toEqual([
      ['ps', '-ax', '-o', 'pid=,time='],
      ['ps', '-ax', '-ww', '-o', PS_FIELDS],
      ['ps', '-ax', '-ww', '-o', 'pid=,comm='],
      ['ps', '-ax', '-M', '-o', 'pid='],
      ['sysctl', '-n', 'hw.memsize'],
    ]);
    const gone = fixtureRunner(() => ({ stdout: '', stderr: '', code: 1 }));
    await expect(darwinProcesses(gone.runner).getProcess(4242)).rejects.toMatchObject({ code: 'PROCESS_NOT_FOUND' });
    expect(gone.calls[0].args).toEqual(['-p', '4242', '-o', 'pid=,time=']);
    await expect(darwinProcesses(gone.runner).killProcess(1, 'SIGKILL')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(darwinProcesses(gone.runner).killProcess(4242, 'SIGWINCH')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('reads ps CPU times in every length', () => {
    expect(parseCpuTime('0:00.25')).toBe(0.25);
    expect(parseCpuTime('3:12.45')).toBeCloseTo(192.45);
    expect(parseCpuTime('12:03:12.45')).toBeCloseTo(43392.45);
    expect(parseCpuTime('2-01:00:00.00')).toBe(176400);
    expect(parseCpuTime('-')).toBeNull();
  });
});
