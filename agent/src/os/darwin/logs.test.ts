import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { darwinLogs, entryMicros, parseLogJson, predicate } from './logs';

const NOW = Date.parse('2024-11-27T09:30:30Z');
const BOOT = '4C8A2F6E-2B1D-4F63-9C3E-0A1B2C3D4E5F';

describe('macOS unified log through log show --style json', () => {
  it('pages entries newest first, with message types as priorities and a record id as cursor', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('darwin', 'log-show.json'));
    const logs = darwinLogs(runner, () => NOW);
    const first = await logs.listEvents('system', { limit: 2 });
    expect(calls[0].args).toEqual(['show', '--style', 'json', '--info', '--debug', '--start', '2024-11-27 09:25:30+0000', '--end', '2024-11-27 09:30:31+0000']);
    expect(first).toEqual({
      events: [
        // Two entries of the same microsecond, ordered by their mach timestamps.
        { recordId: '1732699800000000-2847601119999', timestamp: '2024-11-27T09:30:00.000Z', priority: 6, level: 'info', unit: 'com.acme.backupd', identifier: 'backupd', pid: 611, hostname: null, bootId: BOOT, message: 'Backup failed: retrying in 60 s' },
        {
          recordId: '1732699800000000-2847601111111',
          timestamp: '2024-11-27T09:30:00.000Z',
          priority: 2,
          level: 'crit',
          unit: 'com.acme.backupd',
          identifier: 'backupd',
          pid: 611,
          hostname: null,
          bootId: BOOT,
          message: 'Backup failed: destination volume "Backup Drive" is not mounted',
        },
      ],
      nextCursor: '1732699800000000-2847601111111',
    });
    const second = await logs.listEvents('system', { limit: 2, cursor: first.nextCursor! });
    // Too few entries older than the cursor in 5 minutes: the window widens to 30 min, 3 h, then a day.
    expect(calls.slice(1).map((c) => c.args[6])).toEqual(['2024-11-27 09:25:00+0000', '2024-11-27 09:00:00+0000', '2024-11-27 06:30:00+0000', '2024-11-26 09:30:00+0000']);
    expect(calls[1].args[8]).toBe('2024-11-27 09:30:01+0000');
    expect(second).toEqual({
      events: [
        { recordId: '1732699799412345-2847590123456', timestamp: '2024-11-27T09:29:59.412Z', priority: 3, level: 'err', unit: null, identifier: 'kernel', pid: 0, hostname: null, bootId: BOOT, message: 'Sandbox: mdworker_shared(5103) deny(1) file-read-data /Users/jane/Library/Mail' },
        { recordId: '1732699798000100-2847561234567', timestamp: '2024-11-27T09:29:58.000Z', priority: 5, level: 'notice', unit: 'com.openssh.sshd', identifier: 'sshd', pid: 5012, hostname: null, bootId: BOOT, message: 'Accepted publickey for jane from 192.168.1.40 port 52144 ssh2' },
      ],
      nextCursor: null,
    });
  });

  it('filters by priority and by the kernel, stopping at since', async () => {
    const { runner, calls } = fixtureRunner(() => '[\n\n]\n');
    const page = await darwinLogs(runner, () => NOW).listEvents('kernel', { limit: 10, priority: 3, since: '2024-11-27T09:28:00Z', until: '2024-11-27T09:29:00Z' });
    expect(page).toEqual({ events: [], nextCursor: null });
    expect(calls).toHaveLength(1);
    expect(calls[0].args.slice(5)).toEqual(['--start', '2024-11-27 09:28:00+0000', '--end', '2024-11-27 09:29:01+0000', '--predicate', 'processID == 0 AND (messageType == fault OR messageType == error)']);
    expect(predicate('system', undefined)).toBeNull();
    expect(predicate('system', 1)).toBe('FALSEPREDICATE');
  });

  it('lists the two logs, their newest entry, and finds one entry again by its record id', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('darwin', 'log-show.json'));
    const logs = darwinLogs(runner, () => NOW);
    expect((await logs.listLogs()).logs.map((l) => [l.name, l.kind])).toEqual([
      ['system', 'system'],
      ['kernel', 'kernel'],
    ]);
    expect(await logs.getLog('system')).toEqual({ name: 'system', kind: 'system', firstEntryAt: null, lastEntryAt: '2024-11-27T09:30:00.000Z' });
    await expect(logs.getLog('Application')).rejects.toMatchObject({ code: 'LOG_NOT_FOUND' });
    calls.length = 0;
    const e = await logs.getEvent('system', '1732699799412345-2847590123456');
    expect(calls[0].args.slice(5, 9)).toEqual(['--start', '2024-11-27 09:29:59+0000', '--end', '2024-11-27 09:30:00+0000']);
    expect(e).toMatchObject({ recordId: '1732699799412345-2847590123456', level: 'err', identifier: 'kernel' });
    expect(e.fields).toMatchObject({ eventMessage: 'Sandbox: mdworker_shared(5103) deny(1) file-read-data /Users/jane/Library/Mail', messageType: 'Error', machTimestamp: '2847590123456', processID: '0', senderImagePath: '/System/Library/Extensions/Sandbox.kext/Contents/MacOS/Sandbox' });
    expect(e.fields).not.toHaveProperty('subsystem');
    await expect(logs.getEvent('system', '1732699799412345-1')).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
    await expect(logs.getEvent('system', 's=journal;i=1')).rejects.toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });

  it('reads timestamps to the microsecond and output with a notice before the JSON', () => {
    expect(entryMicros('2024-11-27 10:29:59.412345+0100')).toBe(1732699799412345);
    expect(entryMicros('2024-11-27 10:29:59+0100')).toBe(1732699799000000);
    expect(entryMicros('garbage')).toBeNull();
    expect(parseLogJson('Skipping info and debug messages, pass --info and/or --debug to include.\n[{"timestamp":"2024-11-27 10:29:59.412345+0100","eventMessage":"x"}]')).toHaveLength(1);
    expect(parseLogJson('')).toEqual([]);
  });
});
