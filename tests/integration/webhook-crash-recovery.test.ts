// Crash safety: a real worker process is killed in the middle of a delivery; the delivery is
// still completed (by the recovery sweep plus another worker), driven through graphile-worker
// and delivery state rather than by waiting.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { recoverLostDeliveries } from '@/lib/webhooks/recover-deliveries';
import { attemptDelivery } from '@/lib/webhooks/attempt-delivery';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';
import { emitEvents } from '@/lib/events/emit-event';
import { FAN_OUT_JOB_SIZE } from '@/lib/webhooks/delivery-jobs';

const root = path.resolve(import.meta.dirname, '..', '..');
let admin: string;
let orgId: string;
let receiver: WebhookReceiver;
let worker: ChildProcess | null = null;

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  receiver = await startWebhookReceiver();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  orgId = (await makeOrg(partner.id)).id;
});
async function killWorker() {
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker!.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
}

afterAll(async () => {
  await killWorker();
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
  closeWebhookAgents();
  await receiver.stop();
});

async function queueTestDelivery() {
  const hook = await api.post('/webhooks', { token: admin, body: { orgId, name: 'h', url: `${receiver.url}/hook`, events: ['device.offline'] } });
  const test = await api.post(`/webhooks/${hook.body.id}/test`, { token: admin });
  expect(test.status).toBe(202);
  return test.body.delivery.id as string;
}

const jobsFor = (deliveryId: string) =>
  db.$queryRaw<{ id: string; key: string | null; locked_by: string | null; attempts: number; max_attempts: number; payload: { deliveryId: string } }[]>`
    select j.id::text, j.key, j.locked_by, j.attempts, j.max_attempts, j.payload::jsonb as payload
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'deliver_webhook' and j.payload::jsonb ->> 'deliveryId' = ${deliveryId}`;

describe('crash safety', () => {
  it('a worker killed mid-delivery leaves the delivery to be completed by another worker', async () => {
    const id = await queueTestDelivery();
    const before = receiver.requests.length;
    // The first attempt reaches the receiver and is never answered.
    receiver.respond((_req, n) => (n === before + 1 ? 'hang' : { status: 200, body: 'ok' }));

    // One process (tsx as a loader, not its CLI, which would run the worker in a child): the
    // SIGKILL below must hit the process that holds the job.
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'worker/index.ts')], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '2', WORKER_POLL_INTERVAL_MS: '200', RMM_PROCESS: 'worker' },
      stdio: 'ignore',
    });
    const first = await receiver.nth(before + 1, 25_000).catch(async (error) => {
      await killWorker();
      throw error;
    });
    expect(first.headers['x-service-delivery-record-id']).toBe(id);

    // Mid-attempt: the attempt is claimed under a lease and graphile-worker holds the job.
    const mid = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    const [locked] = await jobsFor(id);
    await killWorker();
    expect(mid).toMatchObject({ status: 'pending', attempt: 1 });
    expect(mid.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(locked.locked_by).not.toBeNull();

    await killWorker();

    // Nothing else can take it while the job is locked and the lease live.
    await runDueJobs();
    expect(receiver.requests.length).toBe(before + 1);
    expect(await recoverLostDeliveries()).toBe(0);

    // Five minutes on, the lease has expired: the sweep queues the attempt again.
    expect(await recoverLostDeliveries({ asOf: new Date(Date.now() + 5 * 60_000) })).toBe(1);
    await runDueJobs();

    const done = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ status: 'delivered', attempt: 2, responseStatus: 200, claimedUntil: null });
    const sent = receiver.requests.slice(before).filter((r) => r.headers['x-service-delivery-record-id'] === id);
    expect(sent).toHaveLength(2);
    expect(sent[1].headers['x-service-event-id']).toBe(sent[0].headers['x-service-event-id']);
    expect(sent[1].headers['x-service-delivery-attempt']).toBe('2');

    // The dead worker's job lost its key and its attempts: it can never run again.
    const leftovers = await jobsFor(id);
    expect(leftovers).toHaveLength(1);
    expect(leftovers[0]).toMatchObject({ id: locked.id, key: null });
    expect(leftovers[0].attempts).toBe(leftovers[0].max_attempts);
    expect(await recoverLostDeliveries({ asOf: new Date(Date.now() + 10 * 60_000) })).toBe(0);
  });

  it('re-queues a delivery whose job was lost', async () => {
    receiver.respond(() => ({ status: 200 }));
    const id = await queueTestDelivery();
    const removed = await db.$queryRaw<{ id: string | null }[]>`select (graphile_worker.remove_job(${`webhook_delivery:${id}`})).id::text as id`;
    expect(removed[0].id).not.toBeNull();
    expect(await jobsFor(id)).toHaveLength(0);
    await runDueJobs();
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    // Not overdue yet, then overdue.
    expect(await recoverLostDeliveries()).toBe(0);
    expect(await recoverLostDeliveries({ asOf: new Date(Date.now() + 2 * 60_000) })).toBe(1);
    await runDueJobs();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'delivered', attempt: 1 });
  });

  it('a duplicated job for an attempt already made does nothing', async () => {
    receiver.respond(() => ({ status: 200 }));
    const id = await queueTestDelivery();
    await runDueJobs();
    const before = receiver.requests.length;
    // A stale job still carrying attempt 0 (e.g. a worker that resumed after losing its lock).
    await db.$executeRaw`select graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', ${id}::text, 'attempt', 0))`;
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'delivered', attempt: 1 });
  });

  it('attempts started together share batches, and one attempt run twice at once is claimed once', async () => {
    receiver.respond(() => ({ status: 200 }));
    const ids = [await queueTestDelivery(), await queueTestDelivery(), await queueTestDelivery()];
    const before = receiver.requests.length;
    // Each delivery's attempt 0 twice, all at the same moment (as two jobs of one attempt would).
    const outcomes = await Promise.all([...ids, ...ids].map((deliveryId) => attemptDelivery({ deliveryId, attempt: 0 })));
    expect(outcomes.filter((o) => o === 'delivered')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(3);
    expect(receiver.requests.length - before).toBe(3);
    for (const id of ids) {
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { webhook: true } });
      expect(row).toMatchObject({ status: 'delivered', attempt: 1, responseStatus: 200 });
      expect(row.webhook).toMatchObject({ successCount: 1, consecutiveFailures: 0 });
    }
    await runDueJobs();
    expect(receiver.requests.length - before).toBe(3);
  });

  it('an event fan-out queues its first attempts in shared jobs; the sweep leaves them to those jobs', async () => {
    receiver.respond(() => ({ status: 200 }));
    const hooks = 3;
    const fanOutOrg = (await makeOrg((await db.organization.findUniqueOrThrow({ where: { id: orgId } })).partnerId)).id;
    for (let i = 0; i < hooks; i += 1) {
      const hook = await api.post('/webhooks', { token: admin, body: { orgId: fanOutOrg, name: `fan ${i}`, url: `${receiver.url}/fan`, events: ['device.offline'] } });
      expect(hook.status).toBe(201);
    }
    // Enough events that their deliveries need more than one job.
    const events = Math.ceil((FAN_OUT_JOB_SIZE * 2) / hooks) + 1;
    await db.$transaction((tx) =>
      emitEvents(tx, Array.from({ length: events }, (_, i) => ({ type: 'device.offline' as const, partnerId: null, orgId: fanOutOrg, data: { n: i } }))),
    );
    const deliveries = await db.webhookDelivery.findMany({ where: { orgId: fanOutOrg }, select: { id: true } });
    expect(deliveries).toHaveLength(events * hooks);
    const jobs = await db.$queryRaw<{ key: string | null; payload: { deliveryIds: string[]; attempt: number } }[]>`
      select j.key, j.payload::jsonb as payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'deliver_webhooks'`;
    expect(jobs).toHaveLength(Math.ceil((events * hooks) / FAN_OUT_JOB_SIZE));
    expect(jobs.every((j) => j.key === null && j.payload.attempt === 0 && j.payload.deliveryIds.length <= FAN_OUT_JOB_SIZE)).toBe(true);
    expect(jobs.flatMap((j) => j.payload.deliveryIds).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(await jobsFor(deliveries[0].id)).toHaveLength(0);

    // Overdue but still held by a runnable fan-out job: not the sweep's.
    expect(await recoverLostDeliveries({ asOf: new Date(Date.now() + 2 * 60_000) })).toBe(0);

    // One job's worker died holding it (locked, never run): its deliveries are the sweep's once overdue.
    const [orphan] = await db.$queryRaw<{ ids: string[] }[]>`
      update graphile_worker._private_jobs j set locked_at = now(), locked_by = 'dead-worker', attempts = 1
      where j.id = (select j2.id from graphile_worker._private_jobs j2 join graphile_worker._private_tasks t on t.id = j2.task_id
                    where t.identifier = 'deliver_webhooks' order by j2.id limit 1)
      returning array(select json_array_elements_text(j.payload -> 'deliveryIds')) as ids`;
    expect(await recoverLostDeliveries({ asOf: new Date(Date.now() + 2 * 60_000) })).toBe(orphan.ids.length);

    const before = receiver.requests.length;
    await runDueJobs();
    const done = await db.webhookDelivery.findMany({ where: { orgId: fanOutOrg } });
    expect(done.every((d) => d.status === 'delivered' && d.attempt === 1)).toBe(true);
    // Each delivery reached the receiver once: the taken-over ones through jobs of their own.
    const sent = receiver.requests.slice(before).map((r) => r.headers['x-service-delivery-record-id']);
    expect(sent.sort()).toEqual(deliveries.map((d) => d.id).sort());
  });
});
