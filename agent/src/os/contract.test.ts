// The Windows and macOS collectors' answers, from captured outputs, against the server's own
// contract: what the server would refuse as 502 AGENT_BAD_RESPONSE (system tools) or 400
// (inventory, heartbeat) fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZInventoryBody, ZHeartbeatMetrics } from '@/lib/agents/schemas';
import { ZProcess, ZService, ZServiceDetail } from '@/lib/system-tools/schemas';
import { ZEvent, ZEventDetail, ZEventLog, ZEventLogDetail, ZEventLogParams } from '@/lib/system-tools/eventlog-schemas';
import { ZTask, ZTaskDetail, ZTaskRun } from '@/lib/system-tools/task-schemas';
import { ZRegistryKeyList, ZRegistryValueList } from '@/lib/system-tools/registry-schemas';
import { ZServiceParams } from '@/lib/system-tools/schemas';
import { CpuMeter } from '../metrics';
import { collectInventory, collectorsFor } from '.';
import { fixture, fixtureRunner, type RecordedCall } from './fixture-runner';

const ok = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  expect(r.success ? null : r.error.issues).toBeNull();
};

function windowsAnswer(c: RecordedCall): string {
  const s = c.script ?? '';
  if (s.includes('Get-ScheduledTaskInfo')) return fixture('windows', c.params?.path ? 'task-detail.json' : 'tasks.json');
  if (s.includes("Microsoft-Windows-TaskScheduler/Operational'")) return fixture('windows', 'task-history.json');
  if (s.includes('Get-WinEvent -ListLog *')) return fixture('windows', 'eventlogs.json');
  if (s.includes('EventRecordID=')) return fixture('windows', 'event-detail.json');
  if (s.includes('EventRecordID<')) return fixture('windows', 'events-system.json');
  if (s.includes('Read-Events')) return fixture('windows', 'eventlog-get.json');
  if (s.includes('Win32_PerfRawData')) return fixture('windows', 'metrics.json');
  if (s.includes('Uninstall')) return fixture('windows', 'software.json');
  if (s.includes('Win32_BIOS')) return fixture('windows', 'inventory.json');
  if (s.includes('KernelModeTime')) return fixture('windows', 'processes.json');
  if (s.includes('Win32_Service') && c.params?.name) return fixture('windows', 'service-spooler.json');
  if (s.includes('Win32_Service')) return fixture('windows', 'services.json');
  if (c.params?.op === 'keys') return fixture('windows', 'registry-keys.json');
  if (c.params?.op === 'values') return fixture('windows', 'registry-values.json');
  throw new Error('unexpected script');
}

describe('the Windows agent’s answers match the server’s contract', () => {
  const { runner } = fixtureRunner(windowsAnswer);
  const win = collectorsFor('win32', runner);

  it('inventory and heartbeat', async () => {
    ok(ZInventoryBody, await collectInventory(win));
    ok(ZHeartbeatMetrics, await win.heartbeat(new CpuMeter()));
  });

  it('processes, services, event logs, tasks and the registry', async () => {
    const t = win.tools;
    for (const p of (await t.listProcesses()).processes) ok(ZProcess, p);
    for (const s of (await t.listServices()).services) ok(ZService, s);
    ok(ZServiceDetail, await t.getService('Spooler'));
    const { logs } = await t.listLogs();
    for (const l of logs) {
      ok(ZEventLog, l);
      // Every listed log can be asked for by name (a slash travels URL-encoded).
      ok(ZEventLogParams, { deviceId: '7f3c7a52-2f5e-4d8a-9a53-2b0f1d2c3e4f', name: encodeURIComponent(l.name) });
    }
    ok(ZEventLogDetail, await t.getLog('System'));
    for (const e of (await t.listEvents('System', { limit: 10 })).events) ok(ZEvent, e);
    ok(ZEventDetail, await t.getEvent('System', '24975'));
    for (const task of (await t.listTasks()).tasks) ok(ZTask, task);
    ok(ZTaskDetail, await t.getTask('\\Acme Nightly Backup'));
    for (const run of (await t.taskHistory('\\Acme Nightly Backup', 10)).runs) ok(ZTaskRun, run);
    ok(ZRegistryKeyList, await t.registry.keys('HKEY_LOCAL_MACHINE', 'SOFTWARE'));
    ok(ZRegistryValueList, await t.registry.values('HKEY_LOCAL_MACHINE', 'SOFTWARE\\Acme'));
    for (const s of (await t.listServices()).services) ok(ZServiceParams, { deviceId: '7f3c7a52-2f5e-4d8a-9a53-2b0f1d2c3e4f', name: encodeURIComponent(s.name) });
  });
});

function darwinAnswer(c: RecordedCall): string {
  const a = c.args;
  if (c.command === 'sysctl' && a[0] === '-n') return '17179869184\n';
  if (c.command === 'sysctl') return fixture('darwin', 'sysctl.txt');
  if (c.command === 'system_profiler' && a.includes('SPApplicationsDataType')) return fixture('darwin', 'applications.json');
  if (c.command === 'system_profiler') return fixture('darwin', 'system_profiler.json');
  if (c.command === 'df') return fixture('darwin', 'df.txt');
  if (c.command === 'vm_stat') return fixture('darwin', 'vm_stat.txt');
  if (c.command === 'netstat') return fixture('darwin', 'netstat.txt');
  if (c.command === 'pkgutil' && a[0] === '--pkgs') return fixture('darwin', 'pkgutil-pkgs.txt');
  if (c.command === 'pkgutil') return fixture('darwin', 'pkg-info-acme.txt');
  if (c.command === 'launchctl' && a[0] === 'print-disabled') return fixture('darwin', 'print-disabled.txt');
  if (c.command === 'launchctl' && a.length === 1) return fixture('darwin', 'launchctl-list.txt');
  if (c.command === 'launchctl') return fixture('darwin', 'launchctl-list-job.txt');
  if (c.command === 'log') return fixture('darwin', 'log-show.json');
  if (c.command === 'ps') {
    const o = a[a.indexOf('-o') + 1];
    if (o === 'rss=,lstart=') return ' 30112 Tue Nov 26 06:47:03 2024\n';
    if (o === 'pid=,time=') return fixture('darwin', 'ps-cpu-before.txt');
    if (o === 'pid=,comm=') return fixture('darwin', 'ps-comm.txt');
    if (a.includes('-M')) return fixture('darwin', 'ps-threads.txt');
    if (o === 'pid=') return fixture('darwin', 'ps-pids.txt');
    return fixture('darwin', 'ps-after.txt');
  }
  throw new Error(`unexpected ${c.command}`);
}

describe('the macOS agent’s answers match the server’s contract', () => {
  const { runner } = fixtureRunner(darwinAnswer);
  const mac = collectorsFor('darwin', runner);

  it('inventory, heartbeat, processes, services and logs', async () => {
    ok(ZInventoryBody, await collectInventory(mac));
    ok(ZHeartbeatMetrics, await mac.heartbeat(new CpuMeter()));
    const t = mac.tools;
    for (const p of (await t.listProcesses()).processes) ok(ZProcess, p);
    for (const s of (await t.listServices()).services) ok(ZService, s);
    ok(ZServiceDetail, await t.getService('com.acme.agent'));
    for (const l of (await t.listLogs()).logs) ok(ZEventLog, l);
    const page = await t.listEvents('system', { limit: 3 });
    for (const e of page.events) ok(ZEvent, e);
    ok(ZEventDetail, await t.getEvent('system', page.events[0].recordId));
  });
});
