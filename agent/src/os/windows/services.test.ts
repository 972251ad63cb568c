import { describe, expect, it } from 'vitest';
import { fixture, fixtureRunner } from '../fixture-runner';
import { windowsServices } from './services';

describe('Windows services from Win32_Service', () => {
  it('lists services with their state and start mode in the contract’s fields', async () => {
    const { runner } = fixtureRunner(() => fixture('windows', 'services.json'));
    const { services } = await windowsServices(runner).listServices();
    expect(services).toEqual([
      { name: 'Backup Agent', description: 'Acme Backup Agent', loadState: 'loaded', activeState: 'failed', subState: 'stopped', unitFileState: 'auto' },
      { name: 'BITS', description: 'Background Intelligent Transfer Service', loadState: 'loaded', activeState: 'active', subState: 'running', unitFileState: 'auto-delayed' },
      { name: 'RemoteRegistry', description: 'Remote Registry', loadState: 'loaded', activeState: 'inactive', subState: 'stopped', unitFileState: 'disabled' },
      { name: 'Spooler', description: 'Print Spooler', loadState: 'loaded', activeState: 'active', subState: 'running', unitFileState: 'auto' },
      { name: 'TrkWks', description: 'Distributed Link Tracking Client', loadState: 'loaded', activeState: 'activating', subState: 'start-pending', unitFileState: 'auto' },
      { name: 'wuauserv', description: 'Windows Update', loadState: 'loaded', activeState: 'inactive', subState: 'stopped', unitFileState: 'manual' },
    ]);
  });

  it('shows one service with its process, binary and account', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'service-spooler.json'));
    expect(await windowsServices(runner).getService('Spooler')).toEqual({
      name: 'Spooler',
      description: 'Print Spooler',
      loadState: 'loaded',
      activeState: 'active',
      subState: 'running',
      unitFileState: 'auto',
      mainPid: 3012,
      activeSince: '2024-11-27T08:01:07.120Z',
      fragmentPath: 'C:\\WINDOWS\\System32\\spoolsv.exe',
      user: 'LocalSystem',
      restart: null,
      memoryBytes: 14876672,
    });
    expect(calls[0].params).toEqual({ name: 'Spooler' });
    const stopped = fixtureRunner(() => fixture('windows', 'service-stopped.json'));
    expect(await windowsServices(stopped.runner).getService('wuauserv')).toMatchObject({ activeState: 'inactive', mainPid: null, activeSince: null, memoryBytes: null, fragmentPath: 'C:\\WINDOWS\\system32\\svchost.exe -k netsvcs -p' });
  });

  it('starts, stops and restarts through the cmdlets, then reads the service again', async () => {
    const { runner, calls } = fixtureRunner((c) => (c.script?.includes('Restart-Service') ? '' : fixture('windows', 'service-spooler.json')));
    expect(await windowsServices(runner).serviceAction('Spooler', 'restart')).toMatchObject({ name: 'Spooler', activeState: 'active' });
    expect(calls.map((c) => c.params)).toEqual([{ name: 'Spooler' }, { name: 'Spooler', action: 'restart' }, { name: 'Spooler' }]);
    expect(calls[1].script).toContain("'restart' { Restart-Service -Name $p.name -Force }");
    await expect(windowsServices(runner).serviceAction('Spooler', 'pause')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(windowsServices(runner).getService('-Force')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    // Windows service names may hold spaces.
    await windowsServices(runner).getService('Backup Agent');
    expect(calls.at(-1)?.params).toEqual({ name: 'Backup Agent' });
    const missing = fixtureRunner(() => ({ stdout: '{"rmmError":"SERVICE_NOT_FOUND","message":"No service nope on this device"}', stderr: '', code: 3 }));
    await expect(windowsServices(missing.runner).getService('nope')).rejects.toMatchObject({ code: 'SERVICE_NOT_FOUND' });
  });
});
