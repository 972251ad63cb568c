import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCronJob, listCronJobs, parseCrontab, setCronJobEnabled, splitCronCommand } from './cron';
import { timerSchedule, timerTask } from './tasks';
import { logFilter, toEvent } from './journal';
import { decodeText } from './files';

describe('crontab parsing', () => {
  it('reads system and user formats, variables, named schedules and disabled lines', () => {
    const system = parseCrontab(['# comment', 'SHELL=/bin/bash', 'MAILTO=""', '', '*/10 * * * *  root  /usr/bin/backup --fast   now', '@reboot www run-me', '#rmm-disabled# 0 3 * * * root nightly', 'garbage'].join('\n'), 'etc/crontab', null);
    expect(system).toEqual([
      expect.objectContaining({ path: '/cron/etc/crontab:5', schedule: '*/10 * * * *', user: 'root', command: '/usr/bin/backup --fast   now', enabled: true, env: { SHELL: '/bin/bash', MAILTO: '' } }),
      expect.objectContaining({ path: '/cron/etc/crontab:6', schedule: '@reboot', user: 'www', command: 'run-me' }),
      expect.objectContaining({ path: '/cron/etc/crontab:7', schedule: '0 3 * * *', user: 'root', command: 'nightly', enabled: false }),
    ]);
    const user = parseCrontab('15 4 * * 1-5 echo hi\n', 'var/spool/cron/crontabs/alice', 'alice');
    expect(user).toEqual([expect.objectContaining({ user: 'alice', schedule: '15 4 * * 1-5', command: 'echo hi' })]);
  });

  it('splits a command from its input at an unescaped %', () => {
    expect(splitCronCommand('date +\\%Y')).toEqual({ command: 'date +%Y', input: null });
    expect(splitCronCommand('mail -s hi root%line 1%line 2')).toEqual({ command: 'mail -s hi root', input: 'line 1\nline 2' });
  });
});

describe('cron files under a root', () => {
  const saved = process.env.RMM_AGENT_CRON_ROOT;
  afterEach(() => {
    if (saved === undefined) delete process.env.RMM_AGENT_CRON_ROOT;
    else process.env.RMM_AGENT_CRON_ROOT = saved;
  });

  it('disables and enables a job by rewriting its line, keeping the file mode', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cron-root-'));
    mkdirSync(path.join(root, 'etc/cron.d'), { recursive: true });
    writeFileSync(path.join(root, 'etc/cron.d/job'), 'PATH=/bin\n5 * * * * root do-it\n', { mode: 0o640 });
    writeFileSync(path.join(root, 'etc/cron.d/skip.bak'), '5 * * * * root ignored\n');
    process.env.RMM_AGENT_CRON_ROOT = root;
    expect(listCronJobs().map((j) => j.path)).toEqual(['/cron/etc/cron.d/job:2']);
    expect(setCronJobEnabled('/cron/etc/cron.d/job:2', false).enabled).toBe(false);
    expect(readFileSync(path.join(root, 'etc/cron.d/job'), 'utf8')).toBe('PATH=/bin\n#rmm-disabled# 5 * * * * root do-it\n');
    expect(setCronJobEnabled('/cron/etc/cron.d/job:2', true).enabled).toBe(true);
    expect(readFileSync(path.join(root, 'etc/cron.d/job'), 'utf8')).toBe('PATH=/bin\n5 * * * * root do-it\n');
    expect(() => findCronJob('/cron/etc/cron.d/job:1')).toThrow(/No scheduled task/);
    expect(() => findCronJob('/cron/../etc/passwd:1')).toThrow(/No scheduled task/);
  });
});

describe('systemd timers', () => {
  it('reads a timer from `systemctl show`', () => {
    const props = {
      Id: 'apt-daily.timer',
      Description: 'Daily apt download activities',
      ActiveState: 'active',
      UnitFileState: 'enabled',
      Unit: 'apt-daily.service',
      NextElapseUSecRealtime: 'Fri 2026-11-27 18:03:11 UTC',
      LastTriggerUSec: 'n/a',
      Result: 'success',
      TimersCalendar: '{ OnCalendar=*-*-* 06,18:00:00 ; next_elapse=Fri 2026-11-27 18:00:00 UTC }',
      TimersMonotonic: '{ OnBootUSec=15min ; next_elapse=n/a }',
    };
    expect(timerSchedule(props)).toBe('OnCalendar=*-*-* 06,18:00:00, OnBootUSec=15min');
    expect(timerTask(props)).toMatchObject({ path: '/systemd/apt-daily.timer', enabled: true, command: 'apt-daily.service', nextRunAt: '2026-11-27T18:03:11.000Z', lastRunAt: null, lastResult: 'success' });
  });
});

describe('journal entries', () => {
  it('maps journalctl JSON, binary messages included', () => {
    const e = toEvent({ __CURSOR: 's=abc;i=1', __REALTIME_TIMESTAMP: '1790000000123456', PRIORITY: '3', _SYSTEMD_UNIT: 'ssh.service', SYSLOG_IDENTIFIER: 'sshd', _PID: '42', MESSAGE: [104, 105] });
    expect(e).toMatchObject({ recordId: 's=abc;i=1', priority: 3, level: 'err', unit: 'ssh.service', identifier: 'sshd', pid: 42, message: 'hi', timestamp: new Date(1790000000123).toISOString() });
    expect(logFilter('system')).toEqual([]);
    expect(logFilter('kernel')).toEqual(['--dmesg']);
    expect(logFilter('ssh.service')).toEqual(['--unit=ssh.service']);
    expect(() => logFilter('--all')).toThrow();
  });
});

describe('file text', () => {
  it('tells UTF-8 text from binary, allowing a character cut at the end', () => {
    expect(decodeText(Buffer.from('héllo'))).toBe('héllo');
    expect(decodeText(Buffer.from('hé').subarray(0, 2))).toBe('h');
    expect(decodeText(Buffer.from([0x68, 0, 0x69]))).toBeNull();
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x41, 0x42, 0x43]))).toBeNull();
  });
});
