// Scenario 4: command round trip. 1,000 simulated devices heartbeat; the console sends
// `run_script` to all of them in one bulk call; the time from each command's creation until its
// result is stored. No push channel exists, so the target is two heartbeat intervals.
import { db } from '@/lib/db';
import { apiOk } from '../lib/api';
import { startSimulate } from '../lib/simulate';
import { mb, type Scenario } from '../lib/types';

const DEVICES = 1000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const commandsScenario: Scenario = {
  key: '4',
  title: 'command round trip',
  fleetSize: DEVICES,
  async run(ctx) {
    const interval = ctx.scale.intervalSeconds;
    const devices = ctx.fleet.slice(0, DEVICES);
    const targetMs = 2 * interval * 1000;
    ctx.log(`scenario 4: run_script to ${DEVICES} devices heartbeating every ${interval} s`);
    const sim = startSimulate({ urls: ctx.stack.urls, devices, intervalSeconds: interval, durationSeconds: interval * 6, workDir: ctx.workDir, name: '4-commands' });
    await new Promise((r) => setTimeout(r, interval * 1000)); // every device beating
    ctx.stack.rss.reset();
    const sentAt = Date.now();
    const bulk = await apiOk<{ commands: { id: string }[]; skipped: unknown[]; failed: unknown[] }>(ctx.stack.urls[0], 'POST', '/devices/bulk/commands', {
      token: ctx.tenant.adminToken,
      body: { deviceIds: devices.map((d) => d.deviceId), type: 'run_script', payload: { interpreter: 'bash', script: 'echo bench' } },
    });
    const ids = bulk.commands.map((c) => c.id);
    const deadline = sentAt + interval * 4000;
    let done = 0;
    while (Date.now() < deadline) {
      const [row] = await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from device_commands where id = any(${ids}::uuid[]) and completed_at is not null`;
      done = row.n;
      if (done === ids.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const allStoredMs = done === ids.length ? Date.now() - sentAt : null;
    const rss = ctx.stack.rss.peak();
    sim.child.kill('SIGTERM');
    const report = await sim.result;
    const rows = await db.$queryRaw<{ ms: number }[]>`
      select extract(epoch from (completed_at - created_at)) * 1000 as ms from device_commands
      where id = any(${ids}::uuid[]) and completed_at is not null order by 1`;
    const ms = rows.map((r) => Math.round(Number(r.ms)));
    const missing = ids.length - ms.length;
    const errors = missing + bulk.failed.length + bulk.skipped.length + report.errors.total;
    return [{
      id: '4-commands',
      scenario: '4 command round trip',
      load: `run_script x ${DEVICES} devices @${interval} s`,
      throughput: allStoredMs ? Math.round((ids.length / (allStoredMs / 1000)) * 10) / 10 : null,
      unit: 'results/s',
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      errors,
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      target: `p99<=${targetMs} ms (2 intervals)`,
      met: missing === 0 && errors === 0 && percentile(ms, 99) <= targetMs && report.duplicateCommands === 0,
      extra: { commands: ids.length, stored: ms.length, allStoredMs, duplicateCommands: report.duplicateCommands, commandsAnswered: report.commandsAnswered, simulateErrors: report.errors.byKind },
    }];
  },
};
