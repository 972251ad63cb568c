import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, PASSWORD, tokenFor } from '../helpers/factories';
import { makeJobsDue, runDueJobs } from '../helpers/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { emitEvent, emitEvents } from '@/lib/events/emit-event';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let org: { id: string; partnerId: string };
let receiver: WebhookReceiver;

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  receiver = await startWebhookReceiver();
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  org = await makeOrg(partner.id);
});
afterAll(async () => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
  closeWebhookAgents();
  await receiver.stop();
});
beforeEach(() => receiver.respond(() => ({ status: 200, body: 'ok' })));

async function createHook(extra: Record<string, unknown> = {}, orgId = org.id) {
  const res = await api.post('/webhooks', { token: admin, body: { orgId, name: 'hook', url: `${receiver.url}/hook`, events: ['device.offline'], ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function sendTest(hookId: string) {
  const res = await api.post(`/webhooks/${hookId}/test`, { token: admin });
  expect(res.status).toBe(202);
  return res.body.delivery.id as string;
}

const delivery = (id: string) => db.webhookDelivery.findUniqueOrThrow({ where: { id } });
/** When the job that will attempt this delivery runs: its own (keyed), or a fan-out job naming it. */
const jobRunAt = async (deliveryId: string) =>
  (
    await db.$queryRaw<{ run_at: Date }[]>`
      select j.run_at from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.key = ${`webhook_delivery:${deliveryId}`}
         or (t.identifier = 'deliver_webhooks' and (j.payload::jsonb -> 'deliveryIds') ? ${deliveryId})`
  )[0]?.run_at ?? null;

/** What a receiver does with the documented recipe: HMAC-SHA256(secret, ts + '.' + raw body). */
function verifySignature(secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string): boolean {
  const ts = String(headers['x-service-signature-timestamp']);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-service-signature']));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('delivery to a real receiver', () => {
  it('POSTs the signed payload with the documented headers and records the outcome', async () => {
    const hook = await createHook({ secret: 'whsec_live_42', headers: [{ key: 'X-Tenant', value: 'acme' }] });
    const id = await sendTest(hook.id);
    const first = receiver.requests.length;
    await runDueJobs();
    expect(receiver.requests.length).toBe(first + 1);
    const req = receiver.requests.at(-1)!;

    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toBe('Service-Webhooks/1.0');
    expect(req.headers['x-service-delivery-record-id']).toBe(id);
    expect(req.headers['x-service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(req.headers['x-service-delivery-id']).not.toBe(id);
    expect(req.headers['x-service-delivery-attempt']).toBe('1');
    expect(req.headers['x-service-event-type']).toBe('webhook.test');
    expect(req.headers['x-service-timestamp']).toMatch(/^\d{13}$/);
    expect(req.headers['x-service-signature-timestamp']).toBe(req.headers['x-service-timestamp']);
    expect(req.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(req.headers['x-tenant']).toBe('acme');
    expect(verifySignature('whsec_live_42', req.headers, req.body)).toBe(true);
    expect(verifySignature('wrong-secret', req.headers, req.body)).toBe(false);
    expect(verifySignature('whsec_live_42', req.headers, req.body.replace('webhook.test', 'webhook.tesT'))).toBe(false);

    const payload = JSON.parse(req.body);
    expect(Object.keys(payload)).toEqual(['id', 'type', 'timestamp', 'orgId', 'data']);
    expect(payload).toMatchObject({ type: 'webhook.test', orgId: org.id, data: { webhookId: hook.id, message: expect.any(String), timestamp: expect.any(String) } });
    expect(req.headers['x-service-event-id']).toBe(payload.id);
    // The default test event is a real event-log entry.
    expect(await db.event.findUnique({ where: { id: payload.id } })).toMatchObject({ type: 'webhook.test', orgId: org.id });

    const row = await delivery(id);
    expect(row).toMatchObject({ status: 'delivered', attempt: 1, responseStatus: 200, responseBody: 'ok', errorMessage: null, nextAttemptAt: null, eventId: payload.id });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    const hookRow = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(hookRow).toMatchObject({ successCount: 1, failureCount: 0 });
    expect(hookRow.lastDeliveryAt).toBeInstanceOf(Date);
    const got = await api.get(`/webhooks/${hook.id}`, { token: admin });
    expect(got.body.deliveryStats).toMatchObject({ total: 1, delivered: 1, lastDeliveredAt: row.deliveredAt!.toISOString() });
    expect(got.body.lastDeliveryAt).not.toBeNull();
  });

  it('sends no signature headers when no secret is set, and keeps 1,000 characters of the answer', async () => {
    const hook = await createHook();
    receiver.respond(() => ({ status: 202, body: 'x'.repeat(5000) }));
    const id = await sendTest(hook.id);
    await runDueJobs();
    const req = receiver.requests.at(-1)!;
    expect(req.headers['x-service-signature']).toBeUndefined();
    expect(req.headers['x-service-signature-timestamp']).toBeUndefined();
    const row = await delivery(id);
    expect(row.status).toBe('delivered');
    expect(row.responseStatus).toBe(202);
    expect(row.responseBody).toHaveLength(1000);
  });
});

describe('the event bus fan-out', () => {
  it('creates pending deliveries only for active subscribed webhooks of the same organization, atomically', async () => {
    const o = await makeOrg(partner.id);
    const other = await makeOrg(partner.id);
    const subscribed = await createHook({ events: ['alert.triggered', 'device.offline'] }, o.id);
    const unsubscribed = await createHook({ events: ['alert.resolved'] }, o.id);
    const paused = await createHook({ events: ['device.offline'] }, o.id);
    await api.patch(`/webhooks/${paused.id}`, { token: admin, body: { status: 'paused' } });
    const elsewhere = await createHook({ events: ['device.offline'] }, other.id);

    const event = await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: { deviceId: 'd1', hostname: 'srv-01', lastSeen: '2026-01-01T00:00:00.000Z' } }));
    const rows = await db.webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ webhookId: subscribed.id, status: 'pending', attempt: 0, event: 'device.offline', orgId: o.id, partnerId: partner.id });
    expect(rows[0].payload).toEqual({ id: event.id, type: 'device.offline', timestamp: event.timestamp, orgId: o.id, data: { deviceId: 'd1', hostname: 'srv-01', lastSeen: '2026-01-01T00:00:00.000Z' } });
    expect(await jobRunAt(rows[0].id)).toBeInstanceOf(Date);
    for (const h of [unsubscribed, paused, elsewhere]) expect(await db.webhookDelivery.count({ where: { webhookId: h.id } })).toBe(0);

    await runDueJobs();
    const sent = receiver.requests.filter((r) => r.headers['x-service-event-id'] === event.id);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].body).data).toEqual({ deviceId: 'd1', hostname: 'srv-01', lastSeen: '2026-01-01T00:00:00.000Z' });

    // A rolled-back change leaves no event, no delivery and no job.
    const before = await db.webhookDelivery.count();
    let rolledBackId = '';
    await db
      .$transaction(async (tx) => {
        rolledBackId = (await emitEvent(tx, { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: {} })).id;
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await db.webhookDelivery.count()).toBe(before);
    expect(await db.event.findUnique({ where: { id: rolledBackId } })).toBeNull();

    // Partner-level events (no organization) match no webhook.
    await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId: partner.id, orgId: null, data: {} }));
    expect(await db.webhookDelivery.count()).toBe(before);
  });

  it('a batch of events in one statement (emitEvents, as the presence sweep sends them) fans out like each event alone', async () => {
    const o = await makeOrg(partner.id);
    const other = await makeOrg(partner.id);
    const hook = await createHook({ events: ['device.offline'] }, o.id);
    const onlineOnly = await createHook({ events: ['device.online'] }, other.id);
    const tag = randomUUID();
    const data = (n: number) => ({ deviceId: `${tag}-${n}`, hostname: `srv-${n}`, lastSeen: '2026-01-01T00:00:00.000Z' });
    await db.$transaction((tx) =>
      emitEvents(tx, [
        { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: data(1) },
        { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: data(2) },
        { type: 'device.offline', partnerId: partner.id, orgId: other.id, data: data(3) },
        { type: 'device.offline', partnerId: partner.id, orgId: null, data: data(4) },
      ]),
    );
    const events = await db.$queryRaw<{ id: string; org_id: string | null; created_at: Date; data: Record<string, unknown> }[]>`
      select id::text, org_id::text, created_at, data from events where data->>'deviceId' like ${`${tag}-%`} order by data->>'deviceId'`;
    expect(events.map((e) => [e.org_id, e.data])).toEqual([[o.id, data(1)], [o.id, data(2)], [other.id, data(3)], [null, data(4)]]);

    const rows = await db.webhookDelivery.findMany({ where: { webhookId: hook.id }, orderBy: { eventId: 'asc' } });
    expect(rows).toHaveLength(2);
    for (const e of events.slice(0, 2)) {
      const row = rows.find((r) => r.eventId === e.id)!;
      expect(row).toMatchObject({ status: 'pending', attempt: 0, event: 'device.offline', orgId: o.id, partnerId: partner.id });
      expect(row.payload).toEqual({ id: e.id, type: 'device.offline', timestamp: e.created_at.toISOString(), orgId: o.id, data: e.data });
      expect(await jobRunAt(row.id)).toBeInstanceOf(Date);
    }
    expect(await db.webhookDelivery.count({ where: { webhookId: onlineOnly.id } })).toBe(0);

    await runDueJobs();
    const sent = receiver.requests.filter((r) => events.slice(0, 2).some((e) => r.headers['x-service-event-id'] === e.id));
    expect(sent.map((r) => JSON.parse(r.body).data.hostname).sort()).toEqual(['srv-1', 'srv-2']);
  });

  it('delivers user.login emitted by a real sign-in', async () => {
    const o = await makeOrg(partner.id);
    const hook = await createHook({ events: ['user.login', 'user.logout'] }, o.id);
    const user = await makeOrgUser(partner, o);
    const login = await api.post('/auth/login', { body: { email: user.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    await runDueJobs();
    const rows = await db.webhookDelivery.findMany({ where: { webhookId: hook.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'user.login', status: 'delivered' });
    const sent = receiver.requests.find((r) => r.headers['x-service-delivery-record-id'] === rows[0].id)!;
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'user.login', orgId: o.id, data: { userId: user.id, email: user.email } });
  });

  it('delivers session.login and session.logout emitted by a real sign-in and sign-out', async () => {
    const o = await makeOrg(partner.id);
    const hook = await createHook({ events: ['session.login', 'session.logout'] }, o.id);
    const user = await makeOrgUser(partner, o);
    const login = await api.post('/auth/login', { body: { email: user.email, password: PASSWORD }, ip: '198.51.100.7', headers: { 'user-agent': 'vitest-browser' } });
    expect(login.status).toBe(200);
    const sessionId = JSON.parse(Buffer.from(login.body.accessToken.split('.')[1], 'base64url').toString()).sid;
    expect((await api.post('/auth/logout', { token: login.body.accessToken })).status).toBe(204);
    await runDueJobs();
    const rows = await db.webhookDelivery.findMany({ where: { webhookId: hook.id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      ['session.login', 'delivered'],
      ['session.logout', 'delivered'],
    ]);
    const body = (id: string) => JSON.parse(receiver.requests.find((r) => r.headers['x-service-delivery-record-id'] === id)!.body);
    expect(body(rows[0].id)).toMatchObject({
      type: 'session.login',
      orgId: o.id,
      data: { sessionId, userId: user.id, email: user.email, ip: '198.51.100.7', userAgent: 'vitest-browser', mfaRequired: false },
    });
    expect(body(rows[1].id)).toMatchObject({ type: 'session.logout', orgId: o.id, data: { sessionId, userId: user.id, email: user.email, reason: 'logout', startedAt: expect.any(String) } });
  });
});

describe('retries', () => {
  it('retries after 1, 2, 4, 8 and 16 s, then fails into the dead-letter queue', async () => {
    const hook = await createHook();
    receiver.respond(() => ({ status: 500, body: 'boom' }));
    const id = await sendTest(hook.id);
    const delays = [1000, 2000, 4000, 8000, 16000];
    await runDueJobs();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const row = await delivery(id);
      expect(row).toMatchObject({ status: 'retrying', attempt, responseStatus: 500, responseBody: 'boom', errorMessage: 'HTTP 500' });
      expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBe(delays[attempt - 1]);
      expect((await jobRunAt(id))!.getTime()).toBe(row.nextAttemptAt!.getTime());
      // Not due yet: running the queue changes nothing until time moves on.
      await runDueJobs();
      expect((await delivery(id)).attempt).toBe(attempt);
      expect(await makeJobsDue(['deliver_webhook'])).toBeGreaterThanOrEqual(1);
      await runDueJobs();
    }
    const final = await delivery(id);
    expect(final).toMatchObject({ status: 'failed', attempt: 6, nextAttemptAt: null, responseStatus: 500 });
    expect(await jobRunAt(id)).toBeNull();
    // One record, six attempts: the record id repeats, each attempt has its own delivery id.
    const attempts = receiver.requests.filter((r) => r.headers['x-service-delivery-record-id'] === id);
    expect(attempts).toHaveLength(6);
    expect(attempts.map((r) => r.headers['x-service-delivery-attempt'])).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(new Set(attempts.map((r) => r.headers['x-service-delivery-id'])).size).toBe(6);
    expect(attempts.every((r) => r.headers['x-service-delivery-id'] !== id)).toBe(true);
    const dead = await db.webhookDeadLetter.findUniqueOrThrow({ where: { deliveryId: id } });
    expect(dead).toMatchObject({ webhookId: hook.id, attempts: 6, lastResponseStatus: 500, lastError: 'HTTP 500', redrivenAt: null });
    expect(await db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ failureCount: 1, successCount: 0 });

    const listed = await api.get('/webhooks/dead-letters', { token: admin, query: { webhookId: hook.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: dead.id, deliveryId: id, webhookId: hook.id, webhookName: 'hook', attempts: 6, redrivenAt: null })]);

    // Manual retry: a NEW pending record, attempt 0; the original stays exactly as it was.
    const original = await delivery(id);
    receiver.respond(() => ({ status: 200, body: 'ok' }));
    const retry = await api.post(`/webhooks/${hook.id}/retry/${id}`, { token: admin });
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual({ message: expect.any(String), delivery: { id: expect.any(String), status: 'pending', attempt: 0 } });
    expect(retry.body.delivery.id).not.toBe(id);
    const copy = await delivery(retry.body.delivery.id);
    expect(copy).toMatchObject({ retryOfId: id, eventId: original.eventId, event: original.event, payload: original.payload, status: 'pending', attempt: 0 });
    await runDueJobs();
    expect(await delivery(copy.id)).toMatchObject({ status: 'delivered', attempt: 1 });
    expect(await delivery(id)).toEqual(original);
    expect(receiver.requests.at(-1)!.headers['x-service-event-id']).toBe(original.eventId);
    expect(await db.webhookDeadLetter.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ redriveDeliveryId: copy.id });
    const retryDelivered = await api.post(`/webhooks/${hook.id}/retry/${copy.id}`, { token: admin });
    expect(retryDelivered.status).toBe(409);
    expect(retryDelivered.body.error.message).toBe('Only failed deliveries can be retried');
    expect((await api.get('/webhooks/dead-letters', { token: admin, query: { webhookId: hook.id } })).body.data).toEqual([]);
  });

  it('honours a retry policy set in the database', async () => {
    const hook = await createHook();
    await db.webhook.update({ where: { id: hook.id }, data: { retryPolicy: { maxRetries: 2, initialDelayMs: 300, backoffMultiplier: 3, maxDelayMs: 600 } } });
    receiver.respond(() => ({ status: 503 }));
    const id = await sendTest(hook.id);
    await runDueJobs();
    let row = await delivery(id);
    expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBe(300);
    await makeJobsDue(['deliver_webhook']);
    await runDueJobs();
    row = await delivery(id);
    expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBe(600);
    await makeJobsDue(['deliver_webhook']);
    await runDueJobs();
    expect(await delivery(id)).toMatchObject({ status: 'failed', attempt: 3 });
  });

  it('treats refused connections and redirects as failures', async () => {
    const hook = await createHook();
    await db.webhook.update({ where: { id: hook.id }, data: { retryPolicy: { maxRetries: 0 } } });
    receiver.respond(() => ({ status: 301, body: '' }));
    const redirected = await sendTest(hook.id);
    await runDueJobs();
    expect(await delivery(redirected)).toMatchObject({ status: 'failed', responseStatus: 301, errorMessage: 'HTTP 301: redirects are not followed' });

    const closed = await startWebhookReceiver();
    const port = closed.port;
    await closed.stop();
    const dead = await createHook({ url: `http://127.0.0.1:${port}/gone` });
    await db.webhook.update({ where: { id: dead.id }, data: { retryPolicy: { maxRetries: 0 } } });
    const refused = await sendTest(dead.id);
    await runDueJobs();
    const row = await delivery(refused);
    expect(row).toMatchObject({ status: 'failed', responseStatus: null });
    expect(row.errorMessage).toMatch(/ECONNREFUSED/);
  });
});

describe('dead-letter re-drive', () => {
  it('re-drives one dead letter once, and in bulk by webhook', async () => {
    const hook = await createHook();
    await db.webhook.update({ where: { id: hook.id }, data: { retryPolicy: { maxRetries: 0 } } });
    receiver.respond(() => ({ status: 500 }));
    const ids = [await sendTest(hook.id), await sendTest(hook.id), await sendTest(hook.id)];
    await runDueJobs();
    const dead = await db.webhookDeadLetter.findMany({ where: { webhookId: hook.id }, orderBy: { createdAt: 'asc' } });
    expect(dead.map((d) => d.deliveryId).sort()).toEqual([...ids].sort());

    receiver.respond(() => ({ status: 200 }));
    const one = await api.post(`/webhooks/dead-letters/${dead[0].id}/redrive`, { token: admin });
    expect(one.status).toBe(202);
    expect(one.body.deliveries).toEqual([{ id: expect.any(String), deadLetterId: dead[0].id, status: 'pending', attempt: 0 }]);
    const again = await api.post(`/webhooks/dead-letters/${dead[0].id}/redrive`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_REDRIVEN');

    const bulk = await api.post('/webhooks/dead-letters/redrive', { token: admin, body: { webhookId: hook.id } });
    expect(bulk.status).toBe(202);
    expect(bulk.body.deliveries).toHaveLength(2);
    expect((await api.post('/webhooks/dead-letters/redrive', { token: admin, body: {} })).status).toBe(400);
    await runDueJobs();
    const copies = await db.webhookDelivery.findMany({ where: { webhookId: hook.id, retryOfId: { in: ids } } });
    expect(copies).toHaveLength(3);
    expect(copies.every((c) => c.status === 'delivered')).toBe(true);
    expect((await api.get('/webhooks/dead-letters', { token: admin, query: { webhookId: hook.id, state: 'redriven' } })).body.pagination.total).toBe(3);
  });
});

describe('pausing', () => {
  it('a paused webhook receives nothing; its held deliveries go out when it is active again', async () => {
    const o = await makeOrg(partner.id);
    const hook = await createHook({}, o.id);
    const before = receiver.requests.length;
    const id = await sendTest(hook.id);
    expect((await api.patch(`/webhooks/${hook.id}`, { token: admin, body: { status: 'paused' } })).status).toBe(200);
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);
    expect(await delivery(id)).toMatchObject({ status: 'pending', attempt: 0 });
    // New events skip it entirely while paused.
    await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: {} }));
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
    // Failed (set by hand) holds deliveries the same way.
    await api.patch(`/webhooks/${hook.id}`, { token: admin, body: { status: 'failed' } });
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);

    await api.patch(`/webhooks/${hook.id}`, { token: admin, body: { status: 'active' } });
    await runDueJobs();
    expect(receiver.requests.length).toBe(before + 1);
    expect(await delivery(id)).toMatchObject({ status: 'delivered', attempt: 1 });
  });

  it('marks a webhook failed after too many deliveries fail in a row', async () => {
    process.env.WEBHOOK_AUTO_FAIL_AFTER = '2';
    resetEnvCache();
    try {
      const hook = await createHook();
      await db.webhook.update({ where: { id: hook.id }, data: { retryPolicy: { maxRetries: 0 } } });
      receiver.respond(() => ({ status: 500 }));
      await sendTest(hook.id);
      await runDueJobs();
      expect((await api.get(`/webhooks/${hook.id}`, { token: admin })).body.status).toBe('active');
      await sendTest(hook.id);
      await runDueJobs();
      expect((await api.get(`/webhooks/${hook.id}`, { token: admin })).body.status).toBe('failed');
    } finally {
      delete process.env.WEBHOOK_AUTO_FAIL_AFTER;
      resetEnvCache();
    }
  });

  it('an organization that was deleted gets nothing: held deliveries stay, new events fan out to none', async () => {
    const o = await makeOrg(partner.id);
    const hook = await createHook({}, o.id);
    const id = await sendTest(hook.id);
    await db.organization.update({ where: { id: o.id }, data: { deletedAt: new Date() } });
    const before = receiver.requests.length;
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);
    expect(await delivery(id)).toMatchObject({ status: 'pending', attempt: 0 });
    await db.$transaction((tx) => emitEvent(tx, { type: 'device.offline', partnerId: partner.id, orgId: o.id, data: {} }));
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
  });

  it('a delivery whose webhook was deleted is dropped without a request', async () => {
    const hook = await createHook();
    await sendTest(hook.id);
    await api.delete(`/webhooks/${hook.id}`, { token: admin });
    const before = receiver.requests.length;
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);
  });
});
