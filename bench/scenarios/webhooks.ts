// Scenario 3: webhook fan-out. Events are emitted through the event bus (emitEvent, as domain
// code does) at the target delivery rate to 10 webhooks pointing at a local receiver in its own
// process, which verifies every signature. Reports deliveries/s and event → delivered latency.
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { db } from '@/lib/db';
import { emitEvent } from '@/lib/events/emit-event';
import { startLoad } from '../lib/child';
import { apiOk } from '../lib/api';
import { seedOrg } from '../lib/seed';
import { cpuPerOp, mb, skipped, type Scenario } from '../lib/types';

const WEBHOOKS = 10;
const TARGET_PER_SECOND = 500;
const P99_TARGET_MS = 2000;
const TARGET = `>=${TARGET_PER_SECOND}/s, p99<=${P99_TARGET_MS} ms`;

interface ReceiverStats {
  received: number;
  badSignatures: number;
  duplicateDeliveries: number;
  duplicateEvents: number;
  firstAt: number;
  lastAt: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
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

    const org = await seedOrg(ctx.tenant.partnerId, 'Hooks');
    for (let i = 0; i < WEBHOOKS; i++) {
      await apiOk(ctx.stack.urls[0], 'POST', '/webhooks', {
        token: ctx.tenant.adminToken,
        body: { name: `bench ${i}`, url: `${receiverBase}/hook/${i}`, secret, events: ['device.updated'], orgId: org.id },
      });
    }

    // Offered load: the target rate for `seconds`, in 100 ms ticks of one transaction each.
    const seconds = ctx.scale.factor === 1 ? 20 : 10;
    const eventsPerTick = TARGET_PER_SECOND / WEBHOOKS / 10;
    const expected = seconds * 10 * eventsPerTick * WEBHOOKS;
    ctx.log(`scenario 3: ${expected / WEBHOOKS} events to ${WEBHOOKS} webhooks over ${seconds} s (${TARGET_PER_SECOND} deliveries/s offered)`);
    ctx.stack.rss.reset();
    const started = Date.now();
    for (let tick = 0; tick < seconds * 10; tick++) {
      await db.$transaction(async (tx) => {
        for (let e = 0; e < eventsPerTick; e++) {
          await emitEvent(tx, { type: 'device.updated', partnerId: ctx.tenant.partnerId, orgId: org.id, data: { deviceId: randomBytes(16).toString('hex'), changes: [{ field: 'hostname', from: 'a', to: `b${tick}` }] } });
        }
      });
      const wait = started + (tick + 1) * 100 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const emittedIn = (Date.now() - started) / 1000;
    const deadline = Date.now() + 120_000;
    let s = await stats(receiverBase);
    while (s.received < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      s = await stats(receiverBase);
    }
    const rss = ctx.stack.rss.peak();
    const cpu = ctx.stack.rss.cpu();
    receiver.child.kill('SIGTERM');
    await receiver.result.catch(() => undefined);
    const states = await db.$queryRaw<{ status: string; n: number }[]>`select status::text, count(*)::int as n from webhook_deliveries where org_id = ${org.id}::uuid group by status`;
    const byStatus = Object.fromEntries(states.map((r) => [r.status, r.n]));
    const perSecond = Math.round((s.received / Math.max(0.001, (s.lastAt - started) / 1000)) * 10) / 10;
    const missing = Math.max(0, expected - s.received);
    const errors = s.badSignatures + missing;
    return [{
      id: '3-webhooks',
      scenario: '3 webhook fan-out',
      load: `${expected} deliveries (${WEBHOOKS} hooks) at ${TARGET_PER_SECOND}/s`,
      throughput: perSecond,
      unit: 'deliv/s',
      p50: s.latencyMs.p50,
      p95: s.latencyMs.p95,
      p99: s.latencyMs.p99,
      errors,
      rssMb: { app: mb(rss.app ?? 0), worker: mb(rss.worker ?? 0) },
      cpuMsPerOp: cpuPerOp(cpu, s.received),
      target: TARGET,
      met: perSecond >= TARGET_PER_SECOND * 0.95 && s.latencyMs.p99 <= P99_TARGET_MS && errors === 0 && s.duplicateDeliveries === 0,
      extra: { received: s.received, expected, emittedInSeconds: emittedIn, badSignatures: s.badSignatures, missing, duplicateDeliveries: s.duplicateDeliveries, duplicateEvents: s.duplicateEvents, deliveryRows: byStatus, cpuSeconds: cpu },
    }];
  },
};
