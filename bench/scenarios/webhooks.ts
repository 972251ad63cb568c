// Scenario 3: webhook fan-out capacity. Events are emitted through the event bus (emitEvents, as
// domain code does, one transaction of a tick's events every 100 ms) to 10 webhooks pointing at
// a local receiver in its own process, which verifies every signature and counts duplicates.
// The offered delivery rate rises in steps (500, 1,000, 2,000, 3,000/s) until one is not kept
// up: delivered/s below 95 % of the offer, p99 event → delivered over 2 s, a bad signature, a
// missing or a duplicate delivery. Each step reports its delivered/s, p99, duplicates and the
// worker's and database's CPU per delivery; the summary the highest rate kept, as a fraction of
// two ceilings: the bare-receiver ceiling measured here first (a bare Node client pushing
// signed POSTs of the same shape to the same receiver: what the wire and the receiver allow at
// all, the fair ceiling for deliveries) and, when scenario 0 ran in the same run, the
// heartbeat-shaped bare-server ceiling.
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { db } from '@/lib/db';
import { emitEvents } from '@/lib/events/emit-event';
import { startLoad } from '../lib/child';
import { apiOk } from '../lib/api';
import { seedOrg } from '../lib/seed';
import { cpuPerOp, mb, skipped, type Scenario, type ScenarioResult } from '../lib/types';

const WEBHOOKS = 10;
/** Offered deliveries per second, one step after another. */
const STEPS = [500, 1_000, 2_000, 3_000];
const TARGET_PER_SECOND = 2_000;
const P99_TARGET_MS = 2000;
const TARGET = `>=${TARGET_PER_SECOND}/s kept up, p99<=${P99_TARGET_MS} ms, 0 duplicates`;
/** The bare client's requests in flight (the worker's default concurrency is 10; more is a ceiling). */
const PUSH_CONCURRENCY = 64;
const PUSH_SECONDS = 5;
/** How long a step's backlog may take to arrive once emitting stopped. */
const DRAIN_MS = 60_000;

interface ReceiverStats {
  received: number;
  badSignatures: number;
  duplicateDeliveries: number;
  duplicateEvents: number;
  firstAt: number;
  lastAt: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

interface PushReport {
  sent: number;
  failed: number;
  perSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
  cpuSeconds: number;
}

/** A private (RFC 1918 / ULA) address of this machine: deliveries may target it when self-hosted;
 * loopback is reserved to the test suite (WEBHOOK_TEST_ALLOW_LOOPBACK needs NODE_ENV=test). */
export function privateAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4' && /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a.address)) return a.address;
      if (a.family === 'IPv6' && /^f[cd]/i.test(a.address)) return a.address;
    }
  }
  return null;
}

async function stats(base: string): Promise<ReceiverStats> {
  return (await fetch(`${base}/__stats`)).json() as Promise<ReceiverStats>;
}

async function reset(base: string): Promise<void> {
  await fetch(`${base}/__reset`, { method: 'POST' });
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

export const webhooksScenario: Scenario = {
  key: '3',
  title: 'webhook fan-out',
  fleetSize: 0,
  async run(ctx) {
    const address = privateAddress();
    if (!address) return [skipped('3-webhooks', '3 webhook fan-out', TARGET, 'skipped: no private interface address for the receiver')];
    const host = address.includes(':') ? `[${address}]` : address;
    const secret = randomBytes(24).toString('hex');
    let port = 0;
    let listening: () => void = () => undefined;
    const portKnown = new Promise<void>((resolve) => (listening = resolve));
    const receiver = startLoad<ReceiverStats>('bench/load/webhook-receiver.ts', ['--host', address, '--secret', secret], {
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
    const receiverBase = `http://${host}:${port}`;
    const rows: ScenarioResult[] = [];
    try {
      // The delivery-shaped ceiling first, while the stack is idle.
      ctx.log(`scenario 3: bare client pushing signed POSTs to the receiver (${PUSH_CONCURRENCY} in flight, ${PUSH_SECONDS} s)`);
      const push = await startLoad<PushReport>('bench/load/webhook-pusher.ts', ['--url', receiverBase, '--secret', secret, '--seconds', String(PUSH_SECONDS), '--concurrency', String(PUSH_CONCURRENCY), '--hooks', String(WEBHOOKS)]).result;
      const pushStats = await stats(receiverBase);
      const pushErrors = push.failed + pushStats.badSignatures;
      rows.push({
        id: '3-ceiling',
        scenario: '3 bare-receiver ceiling',
        load: `a bare Node client, ${PUSH_CONCURRENCY} signed POSTs in flight for ${PUSH_SECONDS} s`,
        throughput: push.perSecond,
        unit: 'POST/s',
        p50: push.latencyMs.p50,
        p95: push.latencyMs.p95,
        p99: push.latencyMs.p99,
        errors: pushErrors,
        rssMb: { app: 0, worker: 0 },
        target: 'what signed deliveries can reach on this box',
        met: null,
        extra: { sent: push.sent, failed: push.failed, badSignatures: pushStats.badSignatures, clientCpuMsPerPost: push.sent ? Math.round((push.cpuSeconds * 1e6) / push.sent) / 1000 : null },
      });
      const ceilingPerSecond = pushErrors === 0 ? push.perSecond : 0;

      const org = await seedOrg(ctx.tenant.partnerId, 'Hooks');
      for (let i = 0; i < WEBHOOKS; i++) {
        await apiOk(ctx.stack.urls[0], 'POST', '/webhooks', {
          token: ctx.tenant.adminToken,
          body: { name: `bench ${i}`, url: `${receiverBase}/hook/${i}`, secret, events: ['device.updated'], orgId: org.id },
        });
      }

      const seconds = ctx.scale.factor === 1 ? 20 : 10;
      let sent = 0;
      for (const offered of STEPS) {
        await reset(receiverBase);
        // Offered load: `offered` deliveries/s for `seconds`, in 100 ms ticks of one transaction
        // and one emitEvents statement each (the tick's events, each fanned out to every webhook).
        const eventsPerTick = offered / WEBHOOKS / 10;
        const expected = seconds * 10 * eventsPerTick * WEBHOOKS;
        ctx.log(`scenario 3: ${expected / WEBHOOKS} events to ${WEBHOOKS} webhooks over ${seconds} s (${offered} deliveries/s offered)`);
        ctx.stack.rss.reset();
        const started = Date.now();
        let lateTicks = 0;
        for (let tick = 0; tick < seconds * 10; tick++) {
          await db.$transaction(async (tx) => {
            await emitEvents(tx, Array.from({ length: eventsPerTick }, () => ({
              type: 'device.updated' as const,
              partnerId: ctx.tenant.partnerId,
              orgId: org.id,
              data: { deviceId: randomBytes(16).toString('hex'), changes: [{ field: 'hostname', from: 'a', to: `b${tick}` }] },
            })));
          });
          const wait = started + (tick + 1) * 100 - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          else lateTicks++;
        }
        const emittedIn = (Date.now() - started) / 1000;
        const deadline = Date.now() + DRAIN_MS;
        let s = await stats(receiverBase);
        while (s.received < expected && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 250));
          s = await stats(receiverBase);
        }
        const rss = ctx.stack.rss.peak();
        const cpu = ctx.stack.rss.cpu();
        sent += s.received;
        // Delivered/s over the window the deliveries arrived in: the offered rate while the worker
        // keeps up, its service rate when a backlog builds (the tail then drains at that rate).
        const perSecond = Math.round((s.received / Math.max(0.001, (s.lastAt - s.firstAt) / 1000)) * 10) / 10;
        const missing = Math.max(0, expected - s.received);
        const duplicates = s.duplicateDeliveries + s.duplicateEvents;
        const errors = s.badSignatures + missing;
        const keptUp = perSecond >= offered * 0.95 && s.latencyMs.p99 <= P99_TARGET_MS && errors === 0 && duplicates === 0;
        rows.push({
          id: `3-webhooks-${offered}`,
          scenario: '3 webhook fan-out step',
          load: `${expected} deliveries (${WEBHOOKS} hooks) at ${offered}/s offered`,
          throughput: perSecond,
          unit: 'deliv/s',
          p50: s.latencyMs.p50,
          p95: s.latencyMs.p95,
          p99: s.latencyMs.p99,
          errors,
          rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
          cpuMsPerOp: cpuPerOp(cpu, s.received),
          target: `${offered}/s offered`,
          met: null,
          extra: { offeredPerSecond: offered, keptUp, received: s.received, expected, emittedInSeconds: emittedIn, lateTicks, badSignatures: s.badSignatures, missing, duplicateDeliveries: s.duplicateDeliveries, duplicateEvents: s.duplicateEvents, cpuSeconds: cpu },
        });
        // Past saturation every further step only queues more: stop at the first one not kept up.
        if (!keptUp) break;
      }

      const states = await db.$queryRaw<{ status: string; n: number }[]>`select status::text, count(*)::int as n from webhook_deliveries where org_id = ${org.id}::uuid group by status`;
      const steps = rows.filter((r) => r.id.startsWith('3-webhooks-'));
      const best = steps.filter((r) => r.extra?.keptUp).pop();
      const sustained = best?.throughput ?? 0;
      const heartbeatCeiling = ctx.ceiling?.beatsPerSecond ?? 0;
      const ofPush = ratio(sustained, ceilingPerSecond);
      const ofHeartbeat = ratio(sustained, heartbeatCeiling);
      const duplicates = steps.reduce((n, r) => n + Number(r.extra?.duplicateDeliveries ?? 0) + Number(r.extra?.duplicateEvents ?? 0), 0);
      const fractions = [
        ofPush === null ? null : `${(ofPush * 100).toFixed(1)} % of the bare-receiver ceiling (${Math.round(ceilingPerSecond)} POST/s)`,
        ofHeartbeat === null ? null : `${(ofHeartbeat * 100).toFixed(1)} % of the heartbeat bare-server ceiling (${Math.round(heartbeatCeiling)} beats/s)`,
      ].filter(Boolean).join(', ');
      rows.push({
        id: '3-webhooks',
        scenario: '3 webhook fan-out',
        load: `highest offered rate kept up of ${STEPS.join(', ')}/s${fractions ? `; ${fractions}` : ''}`,
        throughput: sustained,
        unit: 'deliv/s',
        p50: best?.p50 ?? null,
        p95: best?.p95 ?? null,
        p99: best?.p99 ?? null,
        errors: steps.reduce((n, r) => n + r.errors, 0),
        rssMb: { app: Math.max(0, ...steps.map((r) => r.rssMb.app)), worker: Math.max(0, ...steps.map((r) => r.rssMb.worker)) },
        cpuMsPerOp: best?.cpuMsPerOp ?? null,
        target: TARGET,
        met: !!best && Number(best.extra?.offeredPerSecond) >= TARGET_PER_SECOND && duplicates === 0,
        extra: { sustainedPerSecond: sustained, offeredSteps: STEPS, bareReceiverCeilingPerSecond: ceilingPerSecond, fractionOfBareReceiverCeiling: ofPush, heartbeatCeilingPerSecond: heartbeatCeiling || null, fractionOfHeartbeatCeiling: ofHeartbeat, duplicates, received: sent, deliveryRows: Object.fromEntries(states.map((r) => [r.status, r.n])) },
      });
      return rows;
    } finally {
      receiver.child.kill('SIGTERM');
      await receiver.result.catch(() => undefined);
    }
  },
};
