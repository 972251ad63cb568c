import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { levelsUpTo, windowsEventLogs } from './eventlogs';

describe('Windows event logs through Get-WinEvent', () => {
  it('lists the logs holding records, as channels', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'eventlogs.json'));
    const { logs } = await windowsEventLogs(runner).listLogs();
    expect(calls[0].script).toContain('Get-WinEvent -ListLog *');
    expect(logs).toEqual([
      { name: 'Application', kind: 'channel', description: 'Administrative log, 18231 records' },
      { name: 'Microsoft-Windows-TaskScheduler/Operational', kind: 'channel', description: 'Operational log, 9122 records' },
      { name: 'Security', kind: 'channel', description: 'Administrative log, 1 record' },
      { name: 'System', kind: 'channel', description: 'Administrative log, 24977 records' },
      { name: 'Windows PowerShell', kind: 'channel', description: 'Administrative log, 3310 records' },
      // A name the contract cannot carry (parentheses) is not listed.
    ]);
  });

  it('reads a log’s first and last record times', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'eventlog-get.json'));
    expect(await windowsEventLogs(runner).getLog('System')).toEqual({ name: 'System', kind: 'channel', firstEntryAt: '2024-10-15T13:46:40.000Z', lastEntryAt: '2024-11-27T10:30:00.123Z' });
    expect(calls[0].params).toEqual({ name: 'System' });
    const missing = fixtureRunner(() => ({ stdout: '{"rmmError":"LOG_NOT_FOUND","message":"No event log Nope on this device"}', stderr: '', code: 3 }));
    await expect(windowsEventLogs(missing.runner).getLog('Nope')).rejects.toMatchObject({ code: 'LOG_NOT_FOUND' });
  });

  it('pages events newest first with levels, times and the record id as cursor, priorities from Windows levels', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'events-system.json'));
    const page = await windowsEventLogs(runner).listEvents('System', { limit: 3, priority: 4, since: '2024-11-27T00:00:00+01:00', cursor: '24978' });
    expect(calls[0].params).toEqual({ name: 'System', levels: [1, 2, 3], since: '2024-11-26T23:00:00.000Z', until: undefined, before: '24978', max: 4 });
    expect(calls[0].script).toContain("'EventRecordID<' + [long]$p.before");
    expect(page).toEqual({
      events: [
        { recordId: '24977', timestamp: '2024-11-27T10:30:00.123Z', priority: 6, level: 'info', unit: null, identifier: 'Service Control Manager', pid: 772, hostname: 'DESKTOP-7QK2M4F', bootId: null, message: 'The Windows Update service entered the stopped state.' },
        {
          recordId: '24976',
          timestamp: '2024-11-27T10:25:00.000Z',
          priority: 4,
          level: 'warning',
          unit: null,
          identifier: 'Microsoft-Windows-Time-Service',
          pid: 1544,
          hostname: 'DESKTOP-7QK2M4F',
          bootId: null,
          message: 'NtpClient was unable to set a domain peer to use as a time source because of discovery error.',
        },
        { recordId: '24975', timestamp: '2024-11-27T10:20:00.000Z', priority: 3, level: 'err', unit: null, identifier: 'Service Control Manager', pid: 772, hostname: 'DESKTOP-7QK2M4F', bootId: null, message: 'The Acme Backup Agent service terminated unexpectedly.  It has done this 1 time(s).' },
      ],
      nextCursor: '24975',
    });
    // The last page, and an event whose provider has no message text (Kernel-Power 41).
    const last = await windowsEventLogs(runner).listEvents('System', { limit: 10 });
    expect(last.nextCursor).toBeNull();
    expect(last.events[3]).toMatchObject({ recordId: '24974', priority: 2, level: 'crit', message: '(no message text: Microsoft-Windows-Kernel-Power, event 41)' });
    expect(calls[1].params).toMatchObject({ levels: null, before: null, max: 11 });
    await expect(windowsEventLogs(runner).listEvents('System', { limit: 10, cursor: 's=abc' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    const before = calls.length;
    expect(await windowsEventLogs(runner).listEvents('System', { limit: 10, priority: 1 })).toEqual({ events: [], nextCursor: null });
    expect(calls).toHaveLength(before);
  });

  it('maps each syslog priority to the Windows levels at or above it', () => {
    expect(levelsUpTo(undefined)).toBeNull();
    expect(levelsUpTo(7)).toBeNull();
    expect(levelsUpTo(2)).toEqual([1]);
    expect(levelsUpTo(3)).toEqual([1, 2]);
    expect(levelsUpTo(6)).toEqual([0, 1, 2, 3, 4]);
    expect(levelsUpTo(0)).toEqual([]);
  });

  it('shows one event with its EventData', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'event-detail.json'));
    const e = await windowsEventLogs(runner).getEvent('System', '24975');
    expect(calls[0].params).toEqual({ name: 'System', recordId: '24975' });
    expect(e).toMatchObject({ recordId: '24975', level: 'err', identifier: 'Service Control Manager' });
    expect(e.fields).toEqual({
      EventID: '7031',
      ProviderName: 'Service Control Manager',
      LogName: 'System',
      Level: '2',
      Opcode: 'Info',
      Keywords: 'Classic',
      ThreadId: '5164',
      'EventData.param1': 'Acme Backup Agent',
      'EventData.param2': '1',
      'EventData.param3': '60000',
      'EventData.param4': '1',
      'EventData.param5': 'Restart the service',
    });
    await expect(windowsEventLogs(runner).getEvent('System', 's=journal-cursor')).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });
});
