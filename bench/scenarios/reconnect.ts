// Scenario 8: a reconnection storm. 50k devices come back after an outage: all of them are
// offline, and each one's first beat (spread over one interval, as agents reconnect) sets it
// online and records device.online — the heartbeat's transactional path, not its shared fast
// statement. Reports the storm's rate and latency, and checks every device is online with one
// device.online event each.
import { dbPool } from '@/lib/db';
import { startSimulate } from '../lib/simulate';
import { cpuPerOp, mb, type Scenario } from '../lib/types';
import { fleetLabel } from './heartbeat';

const DEVICES = 50_000;

export const reconnectScenario: Scenario = {
  key: '8',
  title: 'reconnection storm',
  fleetSize: DEVICES,
  async run(ctx) {
    const n = Math.round(DEVICES / ctx.scale.factor);
    const devices = ctx.fleet.slice(0, n);
    const ids = devices.map((d) => d.deviceId);
    await dbPool().query(`update devices set status = 'offline', last_seen_at = now() - interval '1 hour' where id = any($1::uuid[])`, [ids]);
    const { rows: [{ since }] } = await dbPool().query<{ since: Date }>('select now() as since');
    ctx.log(`scenario 8: ${n} offline devices reconnect within one ${ctx.scale.intervalSeconds} s interval (${(n / ctx.scale.intervalSeconds).toFixed(0)} beats/s offered)`);
    ctx.stack.rss.reset();
    const sim = startSimulate({ urls: ctx.stack.urls, devices, intervalSeconds: ctx.scale.intervalSeconds, durationSeconds: ctx.scale.intervalSeconds, workDir: ctx.workDir, name: '8-reconnect', log: ctx.log });
    const report = await sim.result;
    const rss = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    const { rows: [check] } = await dbPool().query<{ online: number; events: number }>(
      `select (select count(*)::int from devices where id = any($1::uuid[]) and status = 'online') as online,
              (select count(*)::int from events where type = 'device.online' and created_at >= $2 and data->>'deviceId' = any($1::text[])) as events`,
      [ids, since],
    );
    return [{
      id: '8-reconnect',
      scenario: '8 reconnection storm',
      load: `${fleetLabel(DEVICES, ctx)}, all offline, first beats`,
      throughput: report.heartbeatsPerSecond,
      unit: 'beats/s',
      p50: report.latencyMs.p50,
      p95: report.latencyMs.p95,
      p99: report.latencyMs.p99,
      errors: report.errors.total + (n - check.online) + Math.abs(n - check.events),
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      cpuMsPerOp: cpuPerOp(cpu, report.heartbeats),
      target: 'report (every device online, one device.online each)',
      met: null,
      extra: { devices: n, beats: report.heartbeats, online: check.online, onlineEvents: check.events, errorsByKind: report.errors.byKind, maxMs: report.latencyMs.max },
    }];
  },
};
