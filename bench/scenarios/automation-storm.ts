// Scenario 12: an automation on `device.online` during a reconnection storm. 10k offline devices
// beat again within one interval (as scenario 8), each first beat records device.online, and the
// worker's event matcher (its every-minute cron, as in production) starts one run per event; each
// run queues a device command on its device. Reports the runs created, lost (an event without a
// run), duplicated (a device with more than one run), suppressed by the loop guard, and the time
// from the storm's start until the last run finished.
import { dbPool } from '@/lib/db';
import { apiOk } from '../lib/api';
import { startSimulate } from '../lib/simulate';
import { cpuPerOp, mb, type Scenario } from '../lib/types';
import { fleetLabel } from './heartbeat';

const DEVICES = 10_000;
/** How long the runs may take to drain after the storm before the scenario gives up and reports. */
const DRAIN_DEADLINE_MS = 15 * 60_000;

interface Counts {
  events: number;
  runs: number;
  finished: number;
  completed: number;
  suppressed: number;
  lost: number;
  duplicated: number;
  commands: number;
  last_finished: Date | null;
}

export const automationStormScenario: Scenario = {
  key: '12',
  title: 'automation on device.online during a reconnection storm',
  fleetSize: DEVICES,
  async run(ctx) {
    const n = Math.round(DEVICES / ctx.scale.factor);
    const devices = ctx.fleet.slice(0, n);
    const ids = devices.map((d) => d.deviceId);
    const automation = await apiOk<{ id: string }>(ctx.stack.urls[0], 'POST', '/automations', {
      token: ctx.tenant.adminToken,
      body: { orgId: ctx.tenant.orgId, name: 'Inventory on reconnect', trigger: { type: 'event', eventType: 'device.online', filter: {} }, actions: [{ type: 'device_command', command: { type: 'refresh_inventory', payload: {} } }] },
    });
    await dbPool().query(`update devices set status = 'offline', last_seen_at = now() - interval '1 hour' where id = any($1::uuid[])`, [ids]);
    await dbPool().query(`update device_commands set status = 'cancelled' where device_id = any($1::uuid[]) and status = 'pending'`, [ids]);
    const { rows: [{ since }] } = await dbPool().query<{ since: Date }>('select now() as since');
    ctx.log(`scenario 12: ${n} offline devices reconnect within ${ctx.scale.intervalSeconds} s; an automation on device.online runs on each`);
    ctx.stack.rss.reset();
    const started = Date.now();
    const sim = startSimulate({ urls: ctx.stack.urls, devices, intervalSeconds: ctx.scale.intervalSeconds, durationSeconds: ctx.scale.intervalSeconds, workDir: ctx.workDir, name: '12-automation-storm', log: ctx.log });
    const report = await sim.result;
    const stormEnded = Date.now();

    const count = async (): Promise<Counts> =>
      (
        await dbPool().query<Counts>(
          `with ev as (select id from events where type = 'device.online' and created_at >= $2 and data->>'deviceId' = any($1::text[])),
                r as (select * from automation_runs where automation_id = $3)
           select (select count(*)::int from ev) as events,
                  (select count(*)::int from r) as runs,
                  (select count(*)::int from r where status in ('completed', 'failed', 'suppressed')) as finished,
                  (select count(*)::int from r where status = 'completed') as completed,
                  (select count(*)::int from r where status = 'suppressed') as suppressed,
                  (select count(*)::int from ev where not exists (select 1 from r where r.event_id = ev.id)) as lost,
                  (select coalesce(sum(c - 1), 0)::int from (select count(*) as c from r group by device_ids) d where c > 1) as duplicated,
                  (select count(*)::int from device_commands where device_id = any($1::uuid[]) and type = 'refresh_inventory' and created_at >= $2) as commands,
                  (select max(finished_at) from r) as last_finished`,
          [ids, since, automation.id],
        )
      ).rows[0];
    let c = await count();
    let lastLog = 0;
    while (Date.now() - stormEnded < DRAIN_DEADLINE_MS && !(c.events >= n && c.runs >= c.events && c.finished >= c.runs)) {
      if (Date.now() - lastLog > 15_000) {
        ctx.log(`scenario 12: ${c.events} events, ${c.runs} runs, ${c.finished} finished`);
        lastLog = Date.now();
      }
      await new Promise((r) => setTimeout(r, 1000));
      c = await count();
    }
    const drained = c.events >= n && c.runs >= c.events && c.finished >= c.runs;
    const drainSeconds = c.last_finished ? (c.last_finished.getTime() - started) / 1000 : null;
    const rss = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    const errors = report.errors.total + c.lost + c.duplicated + (n - c.events) + (c.runs - c.finished) + c.suppressed;
    return [{
      id: '12-automation-storm',
      scenario: '12 automation on device.online, reconnection storm',
      load: `${fleetLabel(DEVICES, ctx)} reconnect, 1 automation`,
      throughput: drainSeconds ? Math.round((c.runs / drainSeconds) * 10) / 10 : null,
      unit: 'runs/s',
      p50: null,
      p95: null,
      p99: null,
      errors,
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      cpuMsPerOp: cpuPerOp(cpu, c.runs),
      target: 'report (one run per device.online, none lost, none duplicated, none suppressed, all finished)',
      met: drained && errors === 0,
      extra: {
        devices: n,
        onlineEvents: c.events,
        runs: c.runs,
        completed: c.completed,
        suppressed: c.suppressed,
        lost: c.lost,
        duplicated: c.duplicated,
        commandsQueued: c.commands,
        stormSeconds: Math.round((stormEnded - started) / 100) / 10,
        drainSecondsFromStormStart: drainSeconds,
        drainSecondsAfterStorm: c.last_finished ? Math.round((c.last_finished.getTime() - stormEnded) / 100) / 10 : null,
        drained,
        heartbeatErrors: report.errors.byKind,
      },
    }];
  },
};
