// Scenario 15: past one box, simulated on this one. The web and worker processes are restarted
// each in a network namespace of its own (bench/lib/netns.ts), sharing nothing but PostgreSQL,
// one web + one worker at half the load and at the whole load, then two + two at the whole load.
// The mixed load: agents heartbeating through every web process (a device's consecutive beats
// alternate between them), run_script commands queued through them in turn and claimed by
// whichever process the device's next beat reaches, and device edits through them in turn whose
// device.updated events fan out to webhooks delivered by the workers. Reported: duplicate command
// claims (a command id received by two beats), duplicate webhook deliveries and events, anything
// missing, and CPU per operation of each layout, which should not grow with the number of
// processes when each process carries the same load.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import { apiCall, apiOk } from '../lib/api';
import { startLoad } from '../lib/child';
import { seedDevices, seedOrg } from '../lib/seed';
import { startSimulate } from '../lib/simulate';
import { cpuPerOp, mb, skipped, type BenchContext, type Scenario, type ScenarioResult } from '../lib/types';
import type { ProcessLayout } from '../lib/stack';

/** Heartbeating devices at full scale (a tenth with --quick): 167 beats/s at any scale. */
const DEVICES = 10_000;
/** Devices edited through the API (not heartbeating: their edits are the only events). */
const EDITED_DEVICES = 200;
const WEBHOOKS = 20;
const EDITS_PER_SECOND = 10;
/** Commands queued per second, one bulk call each. */
const COMMANDS_PER_SECOND = 10;
/** Least warm-up under load before the measurement, whatever the interval. */
const WARM_UP_SECONDS = 20;
/** How long the idle layout is sampled (CPU is read in 10 ms ticks: 0.001 cores over 10 s). */
const IDLE_SECONDS = 10;
const TITLE = '15 processes in network namespaces';
const TARGET = '0 duplicates, 0 missing; CPU/op net of idle within 10 % of 1+1 at the same load per process';
/** The second past the minute each window is aligned to (see alignToMinute); it opens a second
 *  later, once the database's counters are read. */
const WINDOW_START_SECOND = 1;

interface ReceiverStats {
  received: number;
  badSignatures: number;
  duplicateDeliveries: number;
  duplicateEvents: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

interface PhaseFigures {
  layout: ProcessLayout;
  /** The share of the full load offered (heartbeating devices, edits, commands). */
  share: number;
  beats: number;
  beatsPerSecond: number;
  beatP99: number;
  requests: number;
  edits: number;
  deliveries: ReceiverStats;
  expectedDeliveries: number;
  commands: number;
  commandsCompleted: number;
  commandsClaimedTwice: number;
  beatErrors: number;
  apiErrors: number;
  cpuSeconds: Record<string, number>;
  /** CPU seconds per second of each group with no load (after the warm-up). */
  idleCpuPerSecond: Record<string, number>;
  windowSeconds: number;
  rss: Record<string, number>;
  database: DatabaseCounters;
}

/** What the database did in a window: sessions opened, transactions, statements (with --pg-stats). */
interface DatabaseCounters {
  sessions: number;
  transactions: number;
  statements: number | null;
}

async function databaseCounters(): Promise<DatabaseCounters> {
  const [row] = await db.$queryRaw<{ sessions: number; transactions: number }[]>`
    select sessions::int as sessions, (xact_commit + xact_rollback)::int as transactions from pg_stat_database where datname = current_database()`;
  let statements: number | null = null;
  try {
    const [s] = await db.$queryRaw<{ n: number }[]>`
      select coalesce(sum(calls), 0)::int as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`;
    statements = s.n;
  } catch {
    // pg_stat_statements is loaded only with --pg-stats
  }
  return { ...row, statements };
}

const counterDelta = (a: DatabaseCounters, b: DatabaseCounters): DatabaseCounters => ({
  sessions: b.sessions - a.sessions,
  transactions: b.transactions - a.transactions,
  statements: a.statements === null || b.statements === null ? null : b.statements - a.statements,
});

/** Devices a bulk command call names, one call a second, at a share of the full load. */
const commandsPerSecond = (share: number) => Math.max(1, Math.round(COMMANDS_PER_SECOND * share));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function receiverStats(base: string): Promise<ReceiverStats> {
  return (await fetch(`${base}/__stats`)).json() as Promise<ReceiverStats>;
}

/**
 * Edits through the web processes in turn (and, with `commandsFrom`, bulk commands) in 100 ms
 * ticks for `seconds`, without waiting for answers (a slow answer must not lower the rate).
 */
async function offerLoad(ctx: BenchContext, seconds: number, share: number, edited: { deviceId: string }[], commandsFrom: { deviceId: string }[] | null) {
  const urls = ctx.stack.urls;
  const out = { edits: 0, requests: 0, apiErrors: 0, commandIds: [] as string[] };
  const pending = new Set<Promise<void>>();
  const send = (call: Promise<void>) => {
    out.requests++;
    const p = call.catch(() => void out.apiErrors++).finally(() => pending.delete(p));
    pending.add(p);
  };
  const commandsPerCall = commandsPerSecond(share);
  let editsSent = 0;
  const t0 = Date.now();
  for (let tick = 0; Date.now() - t0 < seconds * 1000; tick++) {
    // Edits due by the end of this tick at the offered rate (a fraction per tick accumulates).
    for (const due = Math.floor(((tick + 1) * EDITS_PER_SECOND * share) / 10); editsSent < due; editsSent++) {
      const device = edited[editsSent % edited.length];
      send(apiCall(urls[editsSent % urls.length], 'PATCH', `/devices/${device.deviceId}`, { token: ctx.tenant.adminToken, body: { displayName: `ns ${editsSent}-${randomBytes(3).toString('hex')}` } }).then((r) => {
        if (r.status === 200) out.edits++;
        else out.apiErrors++;
      }));
    }
    if (commandsFrom && tick % 10 === 0) {
      const from = ((tick / 10) * commandsPerCall) % commandsFrom.length;
      const ids = commandsFrom.slice(from, from + commandsPerCall).map((d) => d.deviceId);
      send(apiCall<{ commands: { id: string }[] }>(urls[(tick / 10) % urls.length], 'POST', '/devices/bulk/commands', { token: ctx.tenant.adminToken, body: { deviceIds: ids, type: 'run_script', payload: { interpreter: 'bash', script: 'echo namespaces' } } }).then((r) => {
        if (r.status === 201 || r.status === 200) out.commandIds.push(...r.body.commands.map((c) => c.id));
        else out.apiErrors++;
      }));
    }
    const wait = t0 + (tick + 1) * 100 - Date.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(pending);
  return out;
}

/** Waits until the receiver has `count` more deliveries than `from` (or a minute has passed). */
async function deliveriesArrived(receiverBase: string, from: number, count: number): Promise<ReceiverStats> {
  const deadline = Date.now() + 60_000;
  let stats = await receiverStats(receiverBase);
  while (stats.received - from < count && Date.now() < deadline) {
    await sleep(250);
    stats = await receiverStats(receiverBase);
  }
  return stats;
}

/** Waits until no job is runnable or running (or a minute has passed). */
async function queueDrained() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [row] = await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts`;
    if (row.n === 0) return;
    await sleep(250);
  }
}

/**
 * The layout's idle CPU per second (timers, job polling, the channel's LISTEN): what it costs with
 * no load. Taken once the job queue is empty (a fresh worker's start-up jobs and the warm-up's
 * last jobs are work, not idleness) and before a minute turns (when scheduled jobs run).
 */
async function idleCpuPerSecond(ctx: BenchContext): Promise<Record<string, number>> {
  ctx.stack.rss.reset();
  await sleep(IDLE_SECONDS * 1000);
  return Object.fromEntries(Object.entries(ctx.stack.rss.cpu()).map(([group, seconds]) => [group, seconds / IDLE_SECONDS]));
}

/**
 * Waits until `second` past the minute. Scheduled jobs run on minute boundaries, so windows that
 * start at the same second of the minute hold the same scheduled work (none, with --quick: a
 * window is shorter than a minute), whichever layout runs and whenever.
 */
async function alignToMinute(second: number) {
  const now = Date.now();
  const at = Math.floor(now / 60_000) * 60_000 + second * 1000;
  await sleep((at > now ? at : at + 60_000) - now);
}

async function runPhase(ctx: BenchContext, layout: ProcessLayout, share: number, edited: { deviceId: string }[], receiverBase: string): Promise<PhaseFigures> {
  await ctx.stack.respawn(layout);
  const urls = ctx.stack.urls;
  const interval = ctx.scale.intervalSeconds;
  const measure = Math.max(30, interval * 3);
  const devices = ctx.fleet.slice(0, Math.round((DEVICES * share) / ctx.scale.factor));
  const commandsPerCall = commandsPerSecond(share);
  ctx.log(`scenario 15: ${layout.webProcesses} web + ${layout.workers} worker process(es) in namespaces; ${devices.length} devices every ${interval} s, ${EDITS_PER_SECOND * share} edits/s to ${WEBHOOKS} webhooks, ${commandsPerCall} commands/s`);

  // Warm-up, outside the measurement: every process has served each kind of request once and
  // compiled its code (new processes spend their first seconds in the JIT, more of them more).
  // At least WARM_UP_SECONDS: with --quick one interval is 6 s, and new processes were still
  // compiling (beats at p99 270 ms) when it ended.
  const phaseStart = await receiverStats(receiverBase);
  let stats = phaseStart;
  const warmSeconds = Math.max(interval, WARM_UP_SECONDS);
  const warmSim = startSimulate({ urls, devices, intervalSeconds: interval, durationSeconds: warmSeconds, workDir: ctx.workDir, name: `15-${layout.webProcesses}x-warm`, log: ctx.log });
  const warm = await offerLoad(ctx, warmSeconds, share, edited, devices.slice(-commandsPerCall));
  await warmSim.result;
  stats = await deliveriesArrived(receiverBase, stats.received, warm.edits * WEBHOOKS);

  // The idle samples end before the minute turns, the window starts after it.
  await queueDrained();
  await alignToMinute(60 - IDLE_SECONDS - 2);
  const idle = await idleCpuPerSecond(ctx);
  await alignToMinute(WINDOW_START_SECOND);

  // The measurement: agents beat one interval before the load (every device beating), through it,
  // and two intervals after it, so every queued command is claimed and answered before they stop.
  const before = stats;
  ctx.stack.profileWindow();
  // PostgreSQL's cumulative statistics reach the counters within a second of each transaction.
  await sleep(1000);
  const countersBefore = await databaseCounters();
  ctx.stack.rss.reset();
  const started = Date.now();
  const sim = startSimulate({ urls, devices, intervalSeconds: interval, durationSeconds: interval + measure + interval * 2, workDir: ctx.workDir, name: `15-${layout.webProcesses}x`, log: ctx.log });
  await sleep(interval * 1000);
  const load = await offerLoad(ctx, measure, share, edited, devices);
  const report = await sim.result;
  const expectedDeliveries = load.edits * WEBHOOKS;
  stats = await deliveriesArrived(receiverBase, before.received, expectedDeliveries);
  const cpuSeconds = ctx.stack.rss.cpu();
  await sleep(1000);
  const database = counterDelta(countersBefore, await databaseCounters());
  const windowSeconds = (Date.now() - started) / 1000;
  const rss = ctx.stack.rss.peak();
  const [row] = await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from device_commands where id = any(${load.commandIds}::uuid[]) and completed_at is not null`;
  return {
    layout,
    share,
    beats: report.heartbeats,
    beatsPerSecond: report.steady?.heartbeatsPerSecond ?? report.heartbeatsPerSecond,
    beatP99: report.steady?.latencyMs.p99 ?? report.latencyMs.p99,
    requests: report.heartbeats + report.commandsAnswered + load.requests,
    edits: load.edits,
    deliveries: {
      received: stats.received - before.received,
      badSignatures: stats.badSignatures - before.badSignatures,
      // Duplicates from the warm-up on: a delivery twice is a fault whenever it happens.
      duplicateDeliveries: stats.duplicateDeliveries - phaseStart.duplicateDeliveries,
      duplicateEvents: stats.duplicateEvents - phaseStart.duplicateEvents,
      latencyMs: stats.latencyMs,
    },
    expectedDeliveries,
    commands: load.commandIds.length,
    commandsCompleted: row.n,
    commandsClaimedTwice: report.duplicateCommands,
    beatErrors: report.errors.total,
    apiErrors: load.apiErrors + warm.apiErrors,
    cpuSeconds,
    idleCpuPerSecond: idle,
    windowSeconds,
    rss,
    database,
  };
}

const ms = (seconds: number | undefined, ops: number) => (ops ? Math.round(((seconds ?? 0) * 1000 * 1000) / ops) / 1000 : null);

export const namespacesScenario: Scenario = {
  key: '15',
  title: 'processes in network namespaces',
  fleetSize: DEVICES,
  async run(ctx) {
    const network = ctx.network;
    if (!network) return [skipped('15-namespaces', TITLE, TARGET, `skipped: ${ctx.networkUnavailable ?? 'no bench network'}`)];
    const secret = randomBytes(24).toString('hex');
    let port = 0;
    let listening: () => void = () => undefined;
    const portKnown = new Promise<void>((resolve) => (listening = resolve));
    const receiver = startLoad<ReceiverStats>('bench/load/webhook-receiver.ts', ['--host', network.hostAddress, '--secret', secret], {
      onStderr: (line) => {
        const m = /^listening (\d+)/.exec(line);
        if (m) {
          port = Number(m[1]);
          listening();
        }
      },
    });
    await Promise.race([portKnown, receiver.result.then(() => undefined)]);
    if (!port) throw new Error('the webhook receiver did not start');
    const receiverBase = `http://${network.hostAddress}:${port}`;
    const original = ctx.stack.layout;
    const phases: PhaseFigures[] = [];
    try {
      // Devices whose edits are the webhooks' only events, in an organization of their own.
      const org = await seedOrg(ctx.tenant.partnerId, 'Namespaces');
      const edited = await seedDevices(ctx.tenant, 900_000, 900_000 + EDITED_DEVICES, org.id, null);
      // Webhooks are rows: made through the running stack, delivered by the namespaced workers.
      for (let i = 0; i < WEBHOOKS; i++) {
        await apiOk(ctx.stack.urls[0], 'POST', '/webhooks', { token: ctx.tenant.adminToken, body: { name: `namespaces ${i}`, url: `${receiverBase}/hook/${i}`, secret, events: ['device.updated'], orgId: org.id } });
      }
      // 1 + 1 at half the load carries what each process of 2 + 2 carries (the comparison the
      // target is judged on); 1 + 1 at the whole load carries what 2 + 2 carries in all. A
      // process's CPU per request grows as its own rate falls (fewer beats share a statement,
      // fewer requests share a wake-up, less of its code is still in the core's cache), so the
      // second comparison also shows that, not only what a second process adds.
      for (const [layout, share] of [
        [{ webProcesses: 1, workers: 1, namespaces: true }, 0.5],
        [{ webProcesses: 1, workers: 1, namespaces: true }, 1],
        [{ webProcesses: 2, workers: 2, namespaces: true }, 1],
      ] as const) {
        phases.push(await runPhase(ctx, layout, share, edited, receiverBase));
      }
    } finally {
      receiver.child.kill('SIGTERM');
      await receiver.result.catch(() => undefined);
      // The scenarios after this one run on the layout the bench started with.
      await ctx.stack.respawn(original);
    }
    const [sameLoadPerProcess, sameTotalLoad, two] = phases;
    // Per operation as measured, and net of the layout's idle cost over the window (at this
    // modest load a process's timers and polling are a visible share, and 2 + 2 has twice them).
    const net = (p: PhaseFigures, group: string) => Math.max(0, (p.cpuSeconds[group] ?? 0) - (p.idleCpuPerSecond[group] ?? 0) * p.windowSeconds);
    const perOp = (p: PhaseFigures) => ({
      appMsPerRequest: ms(p.cpuSeconds.app, p.requests),
      workerMsPerDelivery: ms(p.cpuSeconds.worker, p.deliveries.received),
      dbMsPerRequest: ms(p.cpuSeconds.db, p.requests),
      appMsPerRequestNetOfIdle: ms(net(p, 'app'), p.requests),
      workerMsPerDeliveryNetOfIdle: ms(net(p, 'worker'), p.deliveries.received),
      dbMsPerRequestNetOfIdle: ms(net(p, 'db'), p.requests),
    });
    const ratio = (x: number | null, y: number | null) => (x && y ? Math.round((y / x) * 100) / 100 : null);
    const ratiosTo = (base: PhaseFigures) => {
      const a = perOp(base);
      const b = perOp(two);
      return {
        app: ratio(a.appMsPerRequest, b.appMsPerRequest),
        worker: ratio(a.workerMsPerDelivery, b.workerMsPerDelivery),
        db: ratio(a.dbMsPerRequest, b.dbMsPerRequest),
        appNetOfIdle: ratio(a.appMsPerRequestNetOfIdle, b.appMsPerRequestNetOfIdle),
        workerNetOfIdle: ratio(a.workerMsPerDeliveryNetOfIdle, b.workerMsPerDeliveryNetOfIdle),
        dbNetOfIdle: ratio(a.dbMsPerRequestNetOfIdle, b.dbMsPerRequestNetOfIdle),
      };
    };
    const ratios = ratiosTo(sameLoadPerProcess);
    const ratiosSameTotal = ratiosTo(sameTotalLoad);
    return phases.map((p): ScenarioResult => {
      const missingDeliveries = Math.max(0, p.expectedDeliveries - p.deliveries.received);
      const missingCommands = p.commands - p.commandsCompleted;
      const duplicates = p.commandsClaimedTwice + p.deliveries.duplicateDeliveries + p.deliveries.duplicateEvents;
      const errors = p.beatErrors + p.apiErrors + p.deliveries.badSignatures + missingDeliveries + missingCommands;
      const steady = p !== two || [ratios.appNetOfIdle, ratios.workerNetOfIdle].every((r) => r !== null && r <= 1.1);
      const half = p.share < 1;
      return {
        id: `15-namespaces-${p.layout.webProcesses}x${p.layout.workers}${half ? '-half' : ''}`,
        scenario: TITLE,
        load: `${p.layout.webProcesses} web + ${p.layout.workers} worker, each in a namespace${half ? ', half the load' : ''}; ${p.beats} beats, ${p.commands} commands, ${p.edits} edits → ${p.expectedDeliveries} deliveries`,
        throughput: p.beatsPerSecond,
        unit: 'beats/s',
        p50: null,
        p95: null,
        p99: p.beatP99,
        errors,
        rssMb: { app: mb(p.rss.app ?? 0), worker: mb(p.rss.worker ?? 0) },
        cpuMsPerOp: cpuPerOp(p.cpuSeconds, p.requests),
        target: TARGET,
        met: duplicates === 0 && errors === 0 && steady,
        extra: {
          duplicateCommandClaims: p.commandsClaimedTwice,
          duplicateDeliveries: p.deliveries.duplicateDeliveries,
          duplicateEvents: p.deliveries.duplicateEvents,
          missingDeliveries,
          missingCommands,
          commands: p.commands,
          deliveries: p.deliveries.received,
          deliveryLatencyMs: p.deliveries.latencyMs,
          requests: p.requests,
          cpuSeconds: p.cpuSeconds,
          idleCpuPerSecond: p.idleCpuPerSecond,
          windowSeconds: p.windowSeconds,
          perOperation: perOp(p),
          // Statements and transactions per request: work repeated by more processes would show
          // here (so do smaller batches: each process shares statements only among its own beats).
          database: { ...p.database, statementsPerRequest: p.database.statements === null ? null : Math.round((p.database.statements / p.requests) * 100) / 100, transactionsPerRequest: Math.round((p.database.transactions / p.requests) * 100) / 100 },
          ...(p === two ? { ratioToOneProcess: ratios, ratioToOneProcessSameTotalLoad: ratiosSameTotal } : {}),
        },
      };
    });
  },
};
