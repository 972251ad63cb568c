import { describe, expect, it } from 'vitest';
import { architecture } from '../../system-info';
import { CpuMeter } from '../../metrics';
import { fixture, fixtureRunner } from '../fixture-runner';
import { parseInventory, parseMetrics, windowsHeartbeat, windowsSystem } from './system';

describe('Windows inventory from CIM', () => {
  it('maps a workstation (PowerShell 5.1: one processor as an object, /Date()/ times, a disk without a size)', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'inventory.json'));
    const inv = await windowsSystem(runner);
    expect(calls[0].script).toContain('Get-CimInstance Win32_OperatingSystem');
    expect(calls[0].script).toContain("Get-CimInstance Win32_LogicalDisk -Filter 'DriveType=3'");
    expect(calls[0].script).toContain('ConvertTo-Json -Depth 4 -Compress');
    expect(inv.hardware).toEqual({
      cpuModel: '11th Gen Intel(R) Core(TM) i7-11700 @ 2.50GHz',
      cpuCores: 16,
      memoryBytes: 17029455872,
      manufacturer: 'Dell Inc.',
      model: 'OptiPlex 7090',
      serialNumber: '7XK9QH3',
      boardVendor: 'Dell Inc.',
      biosVersion: '1.21.0',
      biosDate: '10/01/2023',
    });
    expect(inv.os).toMatchObject({
      type: 'windows',
      name: 'Microsoft Windows 11 Pro',
      version: '10.0.22631',
      prettyName: 'Microsoft Windows 11 Pro (build 22631)',
      kernel: '10.0.22631',
      architecture: architecture(),
      hostname: 'DESKTOP-7QK2M4F',
    });
    expect(inv.disks).toEqual([
      { mount: 'C:\\', device: 'C:', fsType: 'NTFS', totalBytes: 511101161472, usedBytes: 212166504448 },
      { mount: 'D:\\', device: 'D:', fsType: 'NTFS', totalBytes: 1000186310656, usedBytes: 888048558080 },
    ]);
    expect(inv.network).toEqual([
      { name: 'Ethernet', mac: 'b0:7b:25:1a:2c:3d', ipv4: ['192.168.10.52'], ipv6: ['fe80::1c4d:9a2b:3e4f:5a6b'] },
      { name: 'Hyper-V Virtual Ethernet Adapter', mac: '00:15:5d:01:c8:00', ipv4: ['172.22.96.1'], ipv6: [] },
    ]);
  });

  it('maps a two-socket server (PowerShell 7: ISO times; one disk and one adapter as objects, no adapter names)', () => {
    const inv = parseInventory(JSON.parse(fixture('windows', 'inventory-server.json')), new Date('2024-11-27T08:00:00Z'));
    expect(inv.hardware).toEqual({
      cpuModel: 'Intel(R) Xeon(R) Silver 4214R CPU @ 2.40GHz',
      cpuCores: 48,
      memoryBytes: 68718993408,
      manufacturer: 'HPE',
      model: 'ProLiant DL380 Gen10',
      serialNumber: null, // "Default string" is a firmware placeholder
      boardVendor: 'HPE',
      biosVersion: 'U30',
      biosDate: '07/13/2023',
    });
    // Booted 2024-11-20T02:15:42.5Z: 625,457.5 s before.
    expect(inv.os.uptimeSeconds).toBe(625458);
    expect(inv.os.prettyName).toBe('Microsoft Windows Server 2022 Standard (build 20348)');
    expect(inv.disks).toEqual([{ mount: 'C:\\', device: 'C:', fsType: 'ReFS', totalBytes: 479554072576, usedBytes: 78320971776 }]);
    expect(inv.network).toEqual([{ name: 'HPE Ethernet 1Gb 4-port 331i Adapter', mac: '94:40:c9:3a:11:f0', ipv4: ['10.0.0.21'], ipv6: [] }]);
  });
});

describe('Windows heartbeat metrics', () => {
  it('reads memory, the fullest fixed disk, processes and the network counters; no load average', async () => {
    const { runner, calls } = fixtureRunner(() => fixture('windows', 'metrics.json'));
    const m = await windowsHeartbeat(runner, new CpuMeter());
    expect(calls[0].script).toContain('Win32_PerfRawData_Tcpip_NetworkInterface');
    expect(m.cpuPercent).toBeGreaterThanOrEqual(0);
    expect({ ...m, cpuPercent: 0 }).toEqual({
      cpuPercent: 0,
      memoryPercent: 55.8,
      memoryUsedBytes: 9510510592,
      // TotalVisibleMemorySize, in KiB: what Windows can use, less than the installed 17029455872.
      memoryTotalBytes: 17028935680,
      diskPercent: 88.8,
      diskUsedBytes: 888048558080,
      diskTotalBytes: 1000186310656,
      processCount: 241,
      networkRxBytes: 48214426097,
      networkTxBytes: 3310738786,
    });
  });

  it('leaves out what CIM did not answer', () => {
    expect(parseMetrics({ OperatingSystem: { TotalVisibleMemorySize: 1024, FreePhysicalMemory: 512, NumberOfProcesses: null }, LogicalDisk: null, NetworkInterface: null }, 12.5)).toEqual({
      cpuPercent: 12.5,
      memoryPercent: 50,
      memoryUsedBytes: 524288,
      memoryTotalBytes: 1048576,
    });
  });
});
