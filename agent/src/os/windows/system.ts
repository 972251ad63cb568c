// Windows metrics and inventory through CIM: Win32_OperatingSystem, Win32_ComputerSystem,
// Win32_Processor, Win32_BIOS, Win32_BaseBoard, Win32_LogicalDisk (fixed disks),
// Win32_NetworkAdapterConfiguration (+ Win32_NetworkAdapter for the connection names) and the raw
// network interface counters. CPU busy time comes from Node (os.cpus works on Windows).
import os from 'node:os';
import { architecture } from '../../system-info';
import { clampPercent, diskFields, type CpuMeter, type HeartbeatMetrics } from '../../metrics';
import type { CommandRunner } from '../command';
import type { DiskInfo, NetworkInterface, SystemInventory } from '../types';
import { asArray, psDate, psNumber, psText, runPowerShell, type PsObject } from './powershell';

export const INVENTORY_SCRIPT = `
$os = Get-CimInstance Win32_OperatingSystem | Select-Object Caption, Version, BuildNumber, OSArchitecture, CSName, LastBootUpTime, TotalVisibleMemorySize, FreePhysicalMemory, NumberOfProcesses
$cs = Get-CimInstance Win32_ComputerSystem | Select-Object Manufacturer, Model, TotalPhysicalMemory, NumberOfLogicalProcessors, DNSHostName, Domain
$cpu = Get-CimInstance Win32_Processor | Select-Object Name, NumberOfCores, NumberOfLogicalProcessors, MaxClockSpeed
$bios = Get-CimInstance Win32_BIOS | Select-Object SerialNumber, SMBIOSBIOSVersion, ReleaseDate, Manufacturer
$board = Get-CimInstance Win32_BaseBoard | Select-Object Manufacturer, Product
$disks = Get-CimInstance Win32_LogicalDisk -Filter 'DriveType=3' | Select-Object DeviceID, FileSystem, Size, FreeSpace, VolumeName
$nics = Get-CimInstance Win32_NetworkAdapterConfiguration -Filter 'IPEnabled=True' | Select-Object Description, MACAddress, IPAddress, InterfaceIndex
$adapters = Get-CimInstance Win32_NetworkAdapter -Filter 'NetConnectionID IS NOT NULL' | Select-Object InterfaceIndex, NetConnectionID
[pscustomobject]@{ OperatingSystem = $os; ComputerSystem = $cs; Processor = $cpu; BIOS = $bios; BaseBoard = $board; LogicalDisk = $disks; NetworkAdapterConfiguration = $nics; NetworkAdapter = $adapters } | ConvertTo-Json -Depth 4 -Compress
`;

export const METRICS_SCRIPT = `
$os = Get-CimInstance Win32_OperatingSystem | Select-Object TotalVisibleMemorySize, FreePhysicalMemory, NumberOfProcesses
$disks = Get-CimInstance Win32_LogicalDisk -Filter 'DriveType=3' | Select-Object DeviceID, Size, FreeSpace
$net = Get-CimInstance Win32_PerfRawData_Tcpip_NetworkInterface | Select-Object Name, BytesReceivedPersec, BytesSentPersec
[pscustomobject]@{ OperatingSystem = $os; LogicalDisk = $disks; NetworkInterface = $net } | ConvertTo-Json -Depth 3 -Compress
`;

const obj = (v: unknown): PsObject => (v && typeof v === 'object' && !Array.isArray(v) ? (v as PsObject) : Array.isArray(v) && v[0] && typeof v[0] === 'object' ? (v[0] as PsObject) : {});

/** Win32_LogicalDisk rows (DriveType 3) as disks mounted at their drive root. */
export function parseLogicalDisks(value: unknown): DiskInfo[] {
  return asArray(value)
    .map((d) => {
      const id = psText(d.DeviceID);
      const total = psNumber(d.Size);
      const free = psNumber(d.FreeSpace);
      if (!id || !total || free === null) return null;
      return { mount: `${id}\\`, device: id, fsType: psText(d.FileSystem) ?? undefined, totalBytes: total, usedBytes: Math.max(0, total - free) };
    })
    .filter((d): d is NonNullable<typeof d> => d !== null);
}

/** IPEnabled adapter configurations, named by their connection (`Ethernet`) when known. */
export function parseAdapters(configs: unknown, adapters: unknown): NetworkInterface[] {
  const names = new Map<number, string>();
  for (const a of asArray(adapters)) {
    const index = psNumber(a.InterfaceIndex);
    const name = psText(a.NetConnectionID);
    if (index !== null && name) names.set(index, name);
  }
  return asArray(configs).map((c) => {
    const addresses = asArray<string>(c.IPAddress).map(String);
    const index = psNumber(c.InterfaceIndex);
    const mac = psText(c.MACAddress);
    return {
      name: (index !== null ? names.get(index) : undefined) ?? psText(c.Description) ?? `interface ${index ?? '?'}`,
      ...(mac ? { mac: mac.toLowerCase() } : {}),
      ipv4: addresses.filter((a) => !a.includes(':')),
      ipv6: addresses.filter((a) => a.includes(':')),
    };
  });
}

/** BIOS release dates read as dmi's bios_date does: MM/DD/YYYY. */
function biosDate(value: unknown): string | null {
  const iso = psDate(value);
  return iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : null;
}

export function parseInventory(raw: unknown, now: Date = new Date()): SystemInventory {
  const r = obj(raw);
  const osInfo = obj(r.OperatingSystem);
  const cs = obj(r.ComputerSystem);
  const cpus = asArray(r.Processor);
  const bios = obj(r.BIOS);
  const board = obj(r.BaseBoard);
  const logical = cpus.reduce((n, c) => n + (psNumber(c.NumberOfLogicalProcessors) ?? 0), 0);
  const boot = psDate(osInfo.LastBootUpTime);
  const caption = psText(osInfo.Caption);
  const version = psText(osInfo.Version) ?? '';
  const build = psText(osInfo.BuildNumber);
  const serial = psText(bios.SerialNumber);
  return {
    hardware: {
      cpuModel: psText(cpus[0]?.Name),
      cpuCores: logical || (psNumber(cs.NumberOfLogicalProcessors) ?? 0),
      memoryBytes: psNumber(cs.TotalPhysicalMemory) ?? (psNumber(osInfo.TotalVisibleMemorySize) ?? 0) * 1024,
      manufacturer: psText(cs.Manufacturer),
      model: psText(cs.Model),
      // Firmware placeholders are not serial numbers.
      serialNumber: serial && !/^(to be filled by o\.e\.m\.|default string|system serial number|0)$/i.test(serial) ? serial : null,
      boardVendor: psText(board.Manufacturer),
      biosVersion: psText(bios.SMBIOSBIOSVersion),
      biosDate: biosDate(bios.ReleaseDate),
    },
    os: {
      type: 'windows',
      name: caption ?? 'Windows',
      version,
      prettyName: caption ? `${caption}${build ? ` (build ${build})` : ''}` : null,
      kernel: version,
      architecture: architecture(),
      hostname: psText(cs.DNSHostName) ?? psText(osInfo.CSName) ?? os.hostname(),
      uptimeSeconds: boot ? Math.max(0, Math.round((now.getTime() - Date.parse(boot)) / 1000)) : Math.round(os.uptime()),
    },
    disks: parseLogicalDisks(r.LogicalDisk),
    network: parseAdapters(r.NetworkAdapterConfiguration, r.NetworkAdapter),
  };
}

/** The heartbeat's figures from METRICS_SCRIPT's answer (CPU measured apart). Windows has no load average. */
export function parseMetrics(raw: unknown, cpuPercent: number): HeartbeatMetrics {
  const r = obj(raw);
  const osInfo = obj(r.OperatingSystem);
  const totalKb = psNumber(osInfo.TotalVisibleMemorySize) ?? 0;
  const freeKb = psNumber(osInfo.FreePhysicalMemory) ?? 0;
  const total = totalKb * 1024;
  const used = Math.max(0, (totalKb - freeKb) * 1024);
  let rx = 0;
  let tx = 0;
  const interfaces = asArray(r.NetworkInterface);
  for (const n of interfaces) {
    rx += psNumber(n.BytesReceivedPersec) ?? 0;
    tx += psNumber(n.BytesSentPersec) ?? 0;
  }
  const processes = psNumber(osInfo.NumberOfProcesses);
  return {
    cpuPercent,
    memoryPercent: total > 0 ? clampPercent((used / total) * 100) : 0,
    memoryUsedBytes: used,
    memoryTotalBytes: total,
    ...diskFields(parseLogicalDisks(r.LogicalDisk)),
    ...(processes !== null ? { processCount: processes } : {}),
    ...(interfaces.length ? { networkRxBytes: rx, networkTxBytes: tx } : {}),
  };
}

export async function windowsSystem(runner: CommandRunner): Promise<SystemInventory> {
  return parseInventory(await runPowerShell(runner, INVENTORY_SCRIPT, undefined, { timeoutMs: 60_000 }));
}

export async function windowsHeartbeat(runner: CommandRunner, cpu: CpuMeter): Promise<HeartbeatMetrics> {
  const [raw, cpuPercent] = await Promise.all([runPowerShell(runner, METRICS_SCRIPT, undefined, { timeoutMs: 30_000 }), cpu.percent()]);
  return parseMetrics(raw, cpuPercent);
}
