import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner, type RecordedCall } from '../fixture-runner';
import { darwinServices, parseLaunchctlJob, parseLstart, parsePrintDisabled } from './services';

const answer = (c: RecordedCall) => {
  if (c.command === 'launchctl' && c.args[0] === 'print-disabled') return fixture('darwin', 'print-disabled.txt');
  if (c.command === 'launchctl' && c.args[0] === 'list' && c.args.length === 1) return fixture('darwin', 'launchctl-list.txt');
  if (c.command === 'launchctl' && c.args[0] === 'list' && c.args[1] === 'com.acme.agent') return fixture('darwin', 'launchctl-list-job.txt');
  if (c.command === 'launchctl' && c.args[0] === 'list' && c.args[1] === 'com.acme.backupd') return fixture('darwin', 'launchctl-list-job-stopped.txt');
  if (c.command === 'launchctl' && c.args[0] === 'list') return { stdout: '', stderr: `Could not find service "${c.args[1]}" in domain for port\n`, code: 113 };
  if (c.command === 'ps') return ' 30112 Tue Nov 26 06:47:03 2024\n';
  return '';
};

describe('macOS services (launchd jobs)', () => {
  it('lists launchctl’s jobs: running with a PID, failed with a non-zero last status, disabled from the overrides', async () => {
    const { runner } = fixtureRunner(answer);
    const { services } = await darwinServices(runner).listServices();
    const job = (name: string, activeState: string, subState: string, unitFileState: string | null) => ({ name, description: '', loadState: 'loaded', activeState, subState, unitFileState });
    expect(services).toEqual([
      job('com.acme.agent', 'active', 'running', null),
      job('com.acme.backupd', 'failed', 'exited (78)', 'enabled'),
      // Killed by SIGKILL: launchctl shows the negative signal.
      job('com.apple.cloudphotod', 'failed', 'exited (-9)', null),
      job('com.apple.Finder', 'active', 'running', null),
      job('com.apple.ftp-proxy', 'inactive', 'waiting', 'disabled'),
      job('com.apple.SafariHistoryServiceAgent', 'inactive', 'waiting', null),
    ]);
  });

  it('shows one job with its program, PID, start time and memory', async () => {
    const { runner, calls } = fixtureRunner(answer);
    expect(await darwinServices(runner).getService('com.acme.agent')).toEqual({
      name: 'com.acme.agent',
      description: '/Library/Acme/agent',
      loadState: 'loaded',
      activeState: 'active',
      subState: 'running',
      unitFileState: null,
      mainPid: 1187,
      activeSince: new Date(2024, 10, 26, 6, 47, 3).toISOString(),
      fragmentPath: null,
      user: null,
      restart: 'always',
      memoryBytes: 30834688,
    });
    expect(calls.find((c) => c.command === 'ps')?.args).toEqual(['-o', 'rss=,lstart=', '-p', '1187']);
    // LastExitStatus is a wait status: 19968 is exit code 78.
    expect(await darwinServices(runner).getService('com.acme.backupd')).toMatchObject({ activeState: 'failed', subState: 'exited (78)', unitFileState: 'enabled', description: '/usr/local/bin/backupd', mainPid: null, restart: 'on-demand', memoryBytes: null });
    await expect(darwinServices(runner).getService('com.example.nope')).rejects.toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    await expect(darwinServices(runner).getService('-w')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('starts, stops and restarts in the system domain', async () => {
    const { runner, calls } = fixtureRunner(answer);
    await darwinServices(runner).serviceAction('com.acme.agent', 'restart');
    await darwinServices(runner).serviceAction('com.acme.agent', 'stop');
    await darwinServices(runner).serviceAction('com.acme.agent', 'start');
    const actions = calls.filter((c) => c.command === 'launchctl' && !['list', 'print-disabled'].includes(c.args[0])).map((c) => c.args);
    expect(actions).toEqual([
      ['kickstart', '-k', 'system/com.acme.agent'],
      ['kill', 'SIGTERM', 'system/com.acme.agent'],
      ['kickstart', 'system/com.acme.agent'],
    ]);
  });

  it('reads both print-disabled styles, the job property list and ps start times', () => {
    expect([...parsePrintDisabled(fixture('darwin', 'print-disabled-catalina.txt'))]).toEqual([
      ['com.apple.ftp-proxy', true],
      ['com.acme.backupd', false],
    ]);
    expect(parseLaunchctlJob(fixture('darwin', 'launchctl-list-job.txt'))).toEqual({
      LimitLoadToSessionType: 'System',
      Label: 'com.acme.agent',
      OnDemand: 'false',
      LastExitStatus: '0',
      PID: '1187',
      Program: '/Library/Acme/agent',
      ProgramArguments: ['/Library/Acme/agent', '--daemon', '--config=/Library/Acme/agent "main".conf'],
    });
    expect(parseLstart('Tue Nov  5 06:47:03 2024')).toBe(new Date(2024, 10, 5, 6, 47, 3).toISOString());
    expect(parseLstart('yesterday')).toBeNull();
  });
});
