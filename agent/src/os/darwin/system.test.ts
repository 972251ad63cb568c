import { describe, expect, it } from 'vitest';
import { architecture } from '../../system-info';
import { CpuMeter } from '../../metrics';
import { fixture, fixtureRunner } from '../fixture-runner';
import { darwinHeartbeat, darwinSystem, nodeInterfaces, parseDarwinInventory, parseDf, parseNetstat, parseVmStat, memoryUse } from './system';

const answer = (command: string, args: string[]) => {
  if (command === 'sysctl' && args.includes('kern.boottime')) return fixture('darwin', 'sysctl.txt');
  if (command === 'sysctl') return 'hw.memsize: 17179869184\n';
  if (command === 'system_profiler') return fixture('darwin', 'system_profiler.json');
  if (command === 'df') return fixture('darwin', 'df.txt');
  if (command === 'vm_stat') return fixture('darwin', 'vm_stat.txt');
  if (command === 'netstat') return fixture('darwin', 'netstat.txt');
  if (command === 'ps') return fixture('darwin', 'ps-pids.txt');
  throw new Error(`unexpected ${command}`);
};

const VOLUMES = [
  { mount: '/', device: '/dev/disk3s1s1', totalBytes: 494384795648, usedBytes: 10025558016 },
  { mount: '/System/Volumes/Data', device: '/dev/disk3s5', totalBytes: 494384795648, usedBytes: 351906693120 },
  { mount: '/Volumes/Backup Drive', device: '/dev/disk5s1', totalBytes: 2000229376, usedBytes: 1233418240 },
];

describe('macOS inventory', () => {
  it('describes an Apple silicon Mac from sysctl, system_profiler and df', async () => {
    const { runner, calls } = fixtureRunner((c) => answer(c.command, c.args));
    const inv = await darwinSystem(runner);
    expect(calls.map((c) => [c.command, ...c.args])).toEqual([
      ['sysctl', 'hw.memsize', 'hw.ncpu', 'hw.pagesize', 'machdep.cpu.brand_string', 'kern.boottime', 'kern.osproductversion', 'kern.osrelease'],
      ['system_profiler', '-json', 'SPHardwareDataType', 'SPSoftwareDataType'],
      ['df', '-kP'],
    ]);
    expect(inv.hardware).toEqual({
      cpuModel: 'Apple M1 Pro',
      cpuCores: 10,
      memoryBytes: 17179869184,
      manufacturer: 'Apple Inc.',
      model: 'MacBookPro18,3',
      serialNumber: 'C02FK1ABMD6T',
      boardVendor: null,
      biosVersion: '11881.41.5',
      biosDate: null,
    });
    expect(inv.os).toMatchObject({ type: 'macos', name: 'macOS', version: '14.7.1', prettyName: 'macOS 14.7.1 (23H222)', kernel: '23.6.0', architecture: architecture() });
    // APFS's VM, Preboot, Update, xarts, iSCPreboot and Hardware volumes, devfs and autofs are not disks.
    expect(inv.disks).toEqual(VOLUMES);
    expect(inv.network).toEqual(nodeInterfaces());
  });

  it('describes an Intel Mac on a macOS without kern.osproductversion (sysctl exits 1 but prints the rest)', () => {
    const inv = parseDarwinInventory(fixture('darwin', 'sysctl-intel.txt'), fixture('darwin', 'system_profiler-intel.json'), [], new Date('2018-03-02T14:15:30Z'));
    expect(inv.hardware).toMatchObject({ cpuModel: 'Intel(R) Core(TM) i5-7360U CPU @ 2.30GHz', cpuCores: 4, memoryBytes: 8589934592, model: 'MacBookPro14,1', serialNumber: 'C02VX0ABHV2J', biosVersion: 'MBP141.0178.B00' });
    expect(inv.os).toMatchObject({ version: '10.13.3', prettyName: 'macOS 10.13.3 (17D47)', kernel: '17.4.0', uptimeSeconds: 130 });
    // system_profiler failing leaves sysctl's facts.
    expect(parseDarwinInventory(fixture('darwin', 'sysctl.txt'), '', [], new Date('2024-11-27T10:00:00Z'))).toMatchObject({ hardware: { cpuModel: 'Apple M1 Pro', serialNumber: null }, os: { version: '14.7.1', uptimeSeconds: 101600 } });
  });
});

describe('macOS heartbeat metrics', () => {
  it('reads memory from vm_stat, the fullest volume, processes and the network counters', async () => {
    const { runner } = fixtureRunner((c) => answer(c.command, c.args));
    const m = await darwinHeartbeat(runner, new CpuMeter());
    expect(m).toMatchObject({
      memoryPercent: 67.5,
      memoryUsedBytes: 11592466432,
      memoryTotalBytes: 17179869184,
      diskPercent: 71.2,
      diskUsedBytes: 351906693120,
      diskTotalBytes: 494384795648,
      processCount: 5,
      networkRxBytes: 23147924820,
      networkTxBytes: 1840072726,
    });
    expect(m.load1).toBeGreaterThanOrEqual(0);
  });

  it('parses vm_stat, df and netstat details', () => {
    const vm = parseVmStat(fixture('darwin', 'vm_stat.txt'));
    expect(vm.pageSize).toBe(16384);
    expect(vm.pages['Pages free']).toBe(5632);
    expect(vm.pages['Translation faults']).toBe(1297587493);
    expect(memoryUse(0, vm)).toEqual({ usedBytes: 0, percent: 0 });
    expect(parseDf(fixture('darwin', 'df.txt'))).toEqual(VOLUMES);
    // Loopback and the per-address rows are not counted; a tunnel without an address is.
    expect(parseNetstat(fixture('darwin', 'netstat.txt'))).toEqual({ rx: 23147924820, tx: 1840072726 });
    expect(parseNetstat('Name Mtu Network Address Ipkts Ierrs Ibytes Opkts Oerrs Obytes Coll\n')).toBeNull();
  });
});
