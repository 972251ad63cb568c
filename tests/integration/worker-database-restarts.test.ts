// Outages under load: a PostgreSQL of this file's own (the shared test server is left alone) is
// restarted three times while events are produced and the real worker process, under the
// `npm start` supervisor, delivers their webhooks to a local receiver. The worker stays up, no
// accepted event goes undelivered, and requests during an outage answer 503 in the envelope.
// Then the worker is killed with SIGKILL mid-delivery: the supervisor brings it back and the
// deliveries complete.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, createDatabase, throwawayDataDir, type EmbeddedPostgres } from '../../scripts/lib/postgres';
import { migrateDatabase } from '../../scripts/lib/migrate';
import { startChild } from '../../scripts/lib/processes';
import { supervise, type Supervisor } from '../../scripts/lib/supervise';
import { api } from '../helpers/http';
import { PASSWORD, makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { db, dbPool, disconnectDb } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { emitEvent } from '@/lib/events/emit-event';
import { errorResponse } from '@/lib/http/define-route';
import { recoverLostDeliveries } from '@/lib/webhooks/recover-deliveries';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';

const root = path.resolve(import.meta.dirname, '..', '..');
let pg: EmbeddedPostgres;
let receiver: WebhookReceiver;
let supervisor: Supervisor;
let admin: string;
let adminEmail: string;
let partnerId: string;
let orgId: string;
const supervisorLog: string[] = [];
let workerOutput = '';

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const deliveredEventIds = () => new Set(receiver.requests.map((r) => String(r.headers['x-service-event-id'])));
const workerAlive = () => {
  const child = supervisor.current('worker');
  return !!child && child.exitCode === null && child.signalCode === null;
};

/** Emits device.offline events one after another until stopped; counts what was accepted. */
function startProducer() {
  const accepted: string[] = [];
  let refused = 0;
  let stopped = false;
  const done = (async () => {
    for (let n = 0; !stopped; n++) {
      try {
        const event = await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId, orgId, data: { n } }));
        accepted.push(event.id);
      } catch {
        refused++; // the database is down: the write was refused, nothing was accepted
      }
      // Paces the load (about 40 events a second at most), and an outage's refusals.
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    accepted,
    refused: () => refused,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

beforeAll(async () => {
  pg = await startEmbeddedPostgres({ dataDir: throwawayDataDir(root, 'restart'), ephemeral: true });
  await createDatabase(pg.adminUrl, 'rmm');
  const url = pg.urlFor('rmm');
  await migrateDatabase(url, { quiet: true });
  // From here on this file's code (factories, routes, lib) talks to the private server.
  await disconnectDb();
  process.env.DATABASE_URL = url;
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();

  receiver = await startWebhookReceiver();
  const partner = await makePartner();
  partnerId = partner.id;
  const user = await makePartnerUser(partner);
  adminEmail = user.email;
  admin = await tokenFor(user);
  orgId = (await makeOrg(partner.id)).id;
  const hook = await api.post('/webhooks', { token: admin, body: { orgId, name: 'load', url: `${receiver.url}/hook`, events: ['device.offline'] } });
  expect(hook.status, hook.text).toBeLessThan(300);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    LOG_BUFFER_BYTES: '0',
    WORKER_CONCURRENCY: '4',
    WORKER_POLL_INTERVAL_MS: '200',
  };
  supervisor = supervise(
    [
      {
        name: 'worker',
        start: () => {
          const child = startChild('worker', 'worker/index.ts', env, 'pipe');
          child.stdout!.on('data', (d) => (workerOutput += d));
          child.stderr!.on('data', (d) => (workerOutput += d));
          return child;
        },
      },
    ],
    { log: (m) => supervisorLog.push(m), initialBackoffMs: 200, maxBackoffMs: 2_000, maxCrashes: 5, crashWindowMs: 120_000, stopTimeoutMs: 5_000 },
  );
}, 90_000);

afterAll(async () => {
  await supervisor?.stop();
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  closeWebhookAgents();
  await receiver?.stop();
  await disconnectDb();
  await pg?.stop();
});

describe('database restarts under webhook delivery load', () => {
  it('keeps the worker up, loses no event and answers 503 during each outage', async () => {
    const producer = startProducer();
    const restarts: { downMs: number; webRecoveredMs: number; deliveryRecoveredMs: number }[] = [];
    try {
      for (let round = 1; round <= 3; round++) {
        // Load is flowing: the worker delivered something produced since the last round.
        const mark = producer.accepted.length;
        await until(`deliveries before restart ${round}`, () => producer.accepted.length > mark + 5 && producer.accepted.slice(mark).some((id) => deliveredEventIds().has(id)));

        // Statements in flight when the server goes, alone and inside transactions: they end
        // with 57P01 (admin shutdown) or a terminated connection.
        const inFlight = [
          db.$queryRaw`select pg_sleep(10)`.catch((e: unknown) => e),
          dbPool().query('select pg_sleep(10)').catch((e: unknown) => e),
          ...[1, 2].map(() =>
            db.$transaction(async (tx) => {
              await tx.$queryRaw`select 1`;
              await tx.$queryRaw`select pg_sleep(10)`;
            }).catch((e: unknown) => e),
          ),
        ];
        await until('the sleeps to run', async () => {
          const { rows } = await dbPool().query<{ n: number }>("select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(10)%'");
          return rows[0].n >= 4;
        });
        const downAt = Date.now();
        await pg.halt();

        for (const error of await Promise.all(inFlight)) {
          const res = errorResponse(error);
          expect(res.status).toBe(503);
          expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
        }
        // While it is down: refused connections, by Prisma and by the raw pool.
        for (const error of [await db.webhook.count().catch((e: unknown) => e), await dbPool().query('select 1').catch((e: unknown) => e)]) {
          const res = errorResponse(error);
          expect(res.status).toBe(503);
          expect(await res.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: [] } });
        }
        // Requests: a user's list, a sign-in and the health check answer 503, never 500.
        for (const res of [
          await api.get('/webhooks', { token: admin, query: { orgId } }),
          await api.post('/auth/login', { body: { email: adminEmail, password: PASSWORD } }),
          await api.get('/health'),
        ]) {
          expect(res.status).toBe(503);
        }
        const list = await api.get('/webhooks', { token: admin, query: { orgId } });
        expect(list.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });

        await pg.resume();
        const upAt = Date.now();
        // The web side recovers by itself: the same requests answer again.
        await until('the API to answer again', async () => (await api.get('/webhooks', { token: admin, query: { orgId } })).status === 200);
        const webRecoveredMs = Date.now() - upAt;
        // The worker recovers by itself: an event accepted after the restart is delivered.
        const after = producer.accepted.length;
        await until(`a delivery after restart ${round}`, () => producer.accepted.slice(after).some((id) => deliveredEventIds().has(id)));
        restarts.push({ downMs: upAt - downAt, webRecoveredMs, deliveryRecoveredMs: Date.now() - upAt });
      }
    } finally {
      await producer.stop();
    }

    // Every accepted event reaches the receiver at least once.
    const accepted = producer.accepted;
    await until('every accepted event delivered', () => accepted.every((id) => deliveredEventIds().has(id)), 45_000).catch(() => undefined);
    const missing = accepted.filter((id) => !deliveredEventIds().has(id));
    expect(missing, `${supervisorLog.join('\n')}\n${workerOutput.slice(-4_000)}`).toEqual([]);
    // The worker came through in one piece: no restart by the supervisor was needed.
    expect(workerAlive()).toBe(true);
    expect(supervisor.restarts('worker'), `${supervisorLog.join('\n')}\n${workerOutput.slice(-4_000)}`).toBe(0);
    // No pool connection is left held by a transaction the outages cut: the whole pool serves.
    expect(dbPool().totalCount).toBe(dbPool().idleCount);
    await Promise.all(Array.from({ length: 10 }, () => db.$transaction((tx) => tx.$queryRaw`select 1 as one from pg_sleep(0.05)`)));

    const runnerRestarts = workerOutput.split('\n').filter((l) => l.includes('worker job runner restarted')).length;
    console.log(
      `[restarts] database restarts survived: ${restarts.length}; events accepted ${accepted.length}, refused during outages ${producer.refused()}, ` +
        `delivered ${accepted.length - missing.length} (${receiver.requests.length} requests); worker restarts by the supervisor ${supervisor.restarts('worker')}, ` +
        `in-process job runner restarts ${runnerRestarts}; per restart (down / web back / deliveries back, ms): ${restarts.map((r) => `${r.downMs}/${r.webRecoveredMs}/${r.deliveryRecoveredMs}`).join(', ')}`,
    );
  }, 120_000);

  it('brings a worker killed mid-delivery back, and the deliveries complete', async () => {
    const before = receiver.requests.length;
    // The next delivery reaches the receiver and is never answered: the worker is mid-attempt.
    receiver.respond((_req, n) => (n === before + 1 ? 'hang' : { status: 200, body: 'ok' }));
    const events: string[] = [];
    for (let n = 0; n < 20; n++) events.push((await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId, orgId, data: { burst: n } }))).id);
    await receiver.nth(before + 1, 20_000);

    const victim = supervisor.current('worker')!;
    const startedAt = Date.now();
    victim.kill('SIGKILL');
    const next = await until('the supervisor to restart the worker', () => {
      const c = supervisor.current('worker');
      return c && c !== victim && c.exitCode === null ? c : null;
    });
    expect(next.pid).not.toBe(victim.pid);
    expect(supervisor.restarts('worker')).toBe(1);
    expect(supervisorLog.some((l) => l.startsWith(`worker (pid ${victim.pid}) exited unexpectedly (signal SIGKILL); restart #1`))).toBe(true);

    // Jobs the dead worker held stay locked, and the attempt it was making keeps its lease; the
    // recovery sweep (run by the worker every minute) hands them out again once the lease and
    // the overdue window are over. The clock jumps instead of waiting for them.
    await until('the restarted worker to take jobs', () => workerOutput.split('\n').filter((l) => l.includes('worker started')).length >= 2);
    await recoverLostDeliveries({ asOf: new Date(Date.now() + 5 * 60_000) });
    await until('every burst event delivered', () => events.every((id) => receiver.requests.slice(before + 1).some((r) => r.headers['x-service-event-id'] === id)), 30_000);
    console.log(`[restarts] worker killed with SIGKILL mid-delivery: back after ${Date.now() - startedAt} ms with every one of ${events.length} events delivered`);
    expect(workerAlive()).toBe(true);
  }, 60_000);
});
