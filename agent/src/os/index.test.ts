import { describe, expect, it } from 'vitest';
import { toolHandlers } from '../system-tools';
import { CpuMeter } from '../metrics';
import { collectHeartbeatMetrics, collectInventory, collectorsFor } from '.';
import { linuxCollectors } from './linux';
import { fixture, fixtureRunner } from './fixture-runner';

const signal = new AbortController().signal;

describe('the OS interface', () => {
  it('picks the collectors by process.platform, Linux for anything not Windows or macOS', () => {
    const { runner } = fixtureRunner(() => '');
    expect(collectorsFor('win32', runner).os).toBe('windows');
    expect(collectorsFor('darwin', runner).os).toBe('macos');
    expect(collectorsFor('linux', runner)).toBe(linuxCollectors);
    expect(collectorsFor('freebsd', runner)).toBe(linuxCollectors);
  });

  it('answers the registry operations 422 UNSUPPORTED_ON_PLATFORM on Linux and macOS, and scheduled tasks on macOS', async () => {
    const { runner, calls } = fixtureRunner(() => '');
    const mac = toolHandlers(() => collectorsFor('darwin', runner).tools);
    const linux = toolHandlers(() => linuxCollectors.tools);
    const params = { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm', name: 'Level', type: 'REG_DWORD', data: 3, recursive: true };
    for (const op of ['registry.keys', 'registry.values', 'registry.value.get', 'registry.value.set', 'registry.value.delete', 'registry.key.create', 'registry.key.delete']) {
      await expect(mac[op](params, signal)).rejects.toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: 'The Windows registry does not exist on macOS: registry operations need a Windows agent' });
      await expect(linux[op](params, signal)).rejects.toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: expect.stringContaining('registry operations need a Windows agent') });
    }
    await expect(mac['tasks.list']({}, signal)).rejects.toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM' });
    expect(calls).toHaveLength(0);
  });

  it('routes a Windows agent’s channel operations to PowerShell with the checked parameters', async () => {
    const { runner, calls } = fixtureRunner((c) => (c.params?.op === 'set' ? fixture('windows', 'registry-value-set.json') : fixture('windows', 'services.json')));
    const win = toolHandlers(() => collectorsFor('win32', runner).tools);
    expect(((await win['services.list']({}, signal)) as { services: unknown[] }).services).toHaveLength(6);
    expect(await win['registry.value.set']({ hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Acme', name: 'Level', type: 'REG_DWORD', data: 4278190080 }, signal)).toMatchObject({ type: 'REG_DWORD', data: 4278190080 });
    // A parameter missing is refused before anything runs (the channel answers a handler's throw as its error).
    await expect((async () => win['registry.keys']({ key: 'SOFTWARE' }, signal))()).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(calls).toHaveLength(2);
  });

  it('puts the inventory upload together from any OS’s collectors', async () => {
    const { runner } = fixtureRunner((c) => (c.script?.includes('Uninstall') ? fixture('windows', 'software-single.json') : fixture('windows', 'inventory.json')));
    const inv = await collectInventory(collectorsFor('win32', runner));
    expect(inv.os.type).toBe('windows');
    expect(inv.software).toEqual([{ name: 'Mozilla Firefox (x64 en-US)', version: '132.0.2', publisher: 'Mozilla', source: 'registry' }]);
    expect(Date.parse(inv.collectedAt)).not.toBeNaN();
    expect(inv.managementPosture.products).toEqual(expect.any(Array));
  });

  it('still sends a heartbeat with Node’s own figures when the OS’s tools fail', async () => {
    const { runner } = fixtureRunner(() => ({ stdout: '', stderr: 'powershell.exe: The system cannot execute the specified program.', code: 1 }));
    const m = await collectHeartbeatMetrics(new CpuMeter(), collectorsFor('win32', runner));
    expect(m.memoryTotalBytes).toBeGreaterThan(0);
    expect(m.memoryUsedBytes).toBeLessThanOrEqual(m.memoryTotalBytes);
    expect(m).not.toHaveProperty('load1');
    expect(m).not.toHaveProperty('diskPercent');
  });
});
