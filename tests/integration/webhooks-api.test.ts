import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { decryptSecret } from '@/lib/auth/secrets';
import { setHostResolver } from '@/lib/webhooks/resolve-host';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminB: string;
let readOnlyA: string;
let sys: string;
let orgA1: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let orgUserA1: string;

const URL_OK = 'https://hooks.example.com/in';
const body = (extra: Record<string, unknown> = {}) => ({ name: 'Ops hook', url: URL_OK, events: ['device.offline'], ...extra });

beforeAll(async () => {
  setHostResolver(async (host) => {
    if (host.endsWith('example.com')) return [{ address: '93.184.216.34', family: 4 }];
    if (host === 'intranet.example.org') return [{ address: '10.0.0.7', family: 4 }];
    throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  });
  partnerA = await makePartner();
  partnerB = await makePartner();
  adminA = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  readOnlyA = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }));
  sys = await tokenFor(await makePlatformAdmin());
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  orgB = await makeOrg(partnerB.id);
  orgUserA1 = await tokenFor(await makeOrgUser(partnerA, orgA1));
});
afterAll(() => setHostResolver(null));

async function createHook(token = adminA, orgId = orgA1.id, extra: Record<string, unknown> = {}) {
  const res = await api.post('/webhooks', { token, body: body({ orgId, ...extra }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

describe('create and read', () => {
  it('creates a webhook with the field rules of doc 2', async () => {
    const res = await api.post('/webhooks', {
      token: adminA,
      body: {
        orgId: orgA1.id,
        name: 'Ticketing',
        url: 'https://bot:hunter2@hooks.example.com/in?team=ops&token=abc123',
        secret: 'whsec_0123456789',
        events: ['device.offline', 'alert.triggered', 'device.offline'],
        headers: [{ key: 'Authorization', value: 'Bearer xyz' }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orgId: orgA1.id,
      partnerId: partnerA.id,
      name: 'Ticketing',
      url: 'https://hooks.example.com/in?team=ops',
      hasSecret: true,
      events: ['device.offline', 'alert.triggered'],
      headers: [{ key: 'Authorization', value: 'Bearer xyz' }],
      status: 'active',
      lastDeliveryAt: null,
    });
    expect(res.body).not.toHaveProperty('secret');
    expect(res.body).not.toHaveProperty('retryPolicy');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('whsec_0123456789');

    // At rest: URL, secret and header values sealed; the stored copies open to the originals.
    const row = await db.webhook.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(JSON.stringify(row)).not.toMatch(/hunter2|whsec_0123456789|Bearer xyz|abc123/);
    expect(decryptSecret(row.urlSealed)).toBe('https://bot:hunter2@hooks.example.com/in?team=ops&token=abc123');
    expect(decryptSecret(row.secretSealed!)).toBe('whsec_0123456789');
    expect(row.status).toBe('active');

    const got = await api.get(`/webhooks/${res.body.id}`, { token: adminA });
    expect(got.status).toBe(200);
    expect(got.body.url).toBe('https://hooks.example.com/in?team=ops');
    expect(got.body.deliveryStats).toEqual({ total: 0, pending: 0, delivered: 0, failed: 0, retrying: 0, lastDeliveredAt: null });
  });

  it('needs orgId from partner and system callers', async () => {
    for (const token of [adminA, sys]) {
      const res = await api.post('/webhooks', { token, body: body() });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'ORG_CONTEXT_REQUIRED', message: 'Organization context required' });
      const list = await api.get('/webhooks', { token });
      expect(list.status).toBe(400);
      expect(list.body.error.message).toBe('Organization context required');
    }
    expect((await api.post('/webhooks', { token: sys, body: body({ orgId: orgB.id }) })).status).toBe(201);
  });

  it('verifies partner access to the named organization', async () => {
    expect((await api.post('/webhooks', { token: adminA, body: body({ orgId: orgB.id }) })).status).toBe(404);
    expect((await api.get('/webhooks', { token: adminA, query: { orgId: orgB.id } })).status).toBe(404);
    const selected = await tokenFor(await makePartnerUser(partnerA, { orgAccess: 'selected', orgIds: [orgA2.id] }));
    expect((await api.post('/webhooks', { token: selected, body: body({ orgId: orgA1.id }) })).status).toBe(404);
    expect((await api.post('/webhooks', { token: selected, body: body({ orgId: orgA2.id }) })).status).toBe(201);
  });

  it('organization callers act in their own organization', async () => {
    const res = await api.post('/webhooks', { token: orgUserA1, body: body() });
    expect(res.status).toBe(201);
    expect(res.body.orgId).toBe(orgA1.id);
    expect((await api.post('/webhooks', { token: orgUserA1, body: body({ orgId: orgA2.id }) })).status).toBe(404);
    const list = await api.get('/webhooks', { token: orgUserA1 });
    expect(list.status).toBe(200);
    expect(list.body.data.every((w: { orgId: string }) => w.orgId === orgA1.id)).toBe(true);
    const other = await createHook(adminA, orgA2.id);
    expect((await api.get(`/webhooks/${other.id}`, { token: orgUserA1 })).status).toBe(404);
  });

  it('rejects invalid input with 400 and writes nothing', async () => {
    const before = await db.webhook.count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ retryPolicy: { maxRetries: 50 } }, /retryPolicy/],
      [{ events: ['device.exploded'] }, /events/],
      [{ events: [] }, /events/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(256) }, /name/],
      [{ headers: [{ key: 'Connection', value: 'close' }] }, /managed by the delivery client/],
      [{ headers: [{ key: 'Transfer-Encoding', value: 'chunked' }] }, /managed/],
      [{ headers: [{ key: 'X-Service-Signature', value: 'sha256=forged' }] }, /reserved/],
      [{ headers: [{ key: 'x-service-signature-timestamp', value: '1' }] }, /reserved/],
      [{ headers: [{ key: 'X-A', value: '1' }, { key: 'x-a', value: '2' }] }, /Duplicate/],
      [{ headers: [{ key: 'X-A', value: 'a\r\nInjected: 1' }] }, /line breaks/],
      [{ headers: [{ key: 'Bad Name', value: '1' }] }, /header name/],
      [{ headers: { key: 'X-A', value: '1' } }, /headers/],
      [{ status: 'active' }, /status/],
    ];
    for (const [extra, detail] of cases) {
      const res = await api.post('/webhooks', { token: adminA, body: body({ orgId: orgA1.id, ...extra }) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.body.error), JSON.stringify(extra)).toMatch(detail);
    }
    expect(await db.webhook.count()).toBe(before);
  });

  it('answers 400 Invalid webhook URL for URLs that fail validation, DNS included', async () => {
    for (const url of ['http://hooks.example.com/in', 'https://localhost/x', 'https://10.0.0.1/', 'https://[::ffff:127.0.0.1]/', 'https://intranet.example.org/', 'https://nx.invalid/', 'ftp://hooks.example.com/', 'not-a-url']) {
      const res = await api.post('/webhooks', { token: adminA, body: body({ orgId: orgA1.id, url }) });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('INVALID_WEBHOOK_URL');
      expect(res.body.error.message).toBe('Invalid webhook URL');
      expect(res.body.error.details[0].path).toBe('body.url');
    }
  });

  it('limits webhooks per organization', async () => {
    const org = await makeOrg(partnerA.id);
    await db.webhook.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({ partnerId: partnerA.id, orgId: org.id, name: `w${i}`, urlSealed: 'x', urlDisplay: URL_OK, events: ['device.offline'] })),
    });
    const res = await api.post('/webhooks', { token: adminA, body: body({ orgId: org.id }) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('WEBHOOK_LIMIT_REACHED');
  });

  it('lists with status filter and pagination, newest first', async () => {
    const org = await makeOrg(partnerA.id);
    const a = await createHook(adminA, org.id, { name: 'a' });
    const b = await createHook(adminA, org.id, { name: 'b' });
    await api.patch(`/webhooks/${a.id}`, { token: adminA, body: { status: 'paused' } });
    const all = await api.get('/webhooks', { token: adminA, query: { orgId: org.id } });
    expect(all.body.data.map((w: { id: string }) => w.id)).toEqual([b.id, a.id]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 2 });
    const paused = await api.get('/webhooks', { token: adminA, query: { orgId: org.id, status: 'paused' } });
    expect(paused.body.data.map((w: { id: string }) => w.id)).toEqual([a.id]);
    const page2 = await api.get('/webhooks', { token: adminA, query: { orgId: org.id, limit: 1, page: 2 } });
    expect(page2.body.data.map((w: { id: string }) => w.id)).toEqual([a.id]);
    expect((await api.get('/webhooks', { token: adminA, query: { orgId: org.id, status: 'disabled' } })).status).toBe(400);
  });
});

describe('update', () => {
  it('maps API statuses onto the stored enumeration', async () => {
    const hook = await createHook();
    for (const [status, stored] of [['paused', 'disabled'], ['failed', 'error'], ['active', 'active']] as const) {
      const res = await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: { status } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
      expect((await db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).status).toBe(stored);
    }
  });

  it('updates fields, removes the secret with null and keeps the row on a bad URL', async () => {
    const hook = await createHook(adminA, orgA1.id, { secret: 'first-secret' });
    const res = await api.patch(`/webhooks/${hook.id}`, {
      token: adminA,
      body: { name: 'Renamed', events: ['alert.triggered'], headers: [{ key: 'X-Env', value: 'prod' }], url: 'https://other.example.com/x?sig=1' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', events: ['alert.triggered'], headers: [{ key: 'X-Env', value: 'prod' }], url: 'https://other.example.com/x', hasSecret: true });
    expect((await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: { secret: null } })).body.hasSecret).toBe(false);

    const before = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    const bad = await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: { url: 'https://169.254.169.254/latest', name: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid webhook URL');
    expect((await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: { retryPolicy: { maxRetries: 1 } } })).status).toBe(400);
    expect((await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: {} })).status).toBe(400);
    expect(await db.webhook.findUniqueOrThrow({ where: { id: hook.id } })).toEqual(before);
  });

  it('needs webhooks:manage to change anything', async () => {
    const hook = await createHook();
    expect((await api.get(`/webhooks/${hook.id}`, { token: readOnlyA })).status).toBe(200);
    expect((await api.patch(`/webhooks/${hook.id}`, { token: readOnlyA, body: { name: 'x' } })).status).toBe(403);
    expect((await api.post('/webhooks', { token: readOnlyA, body: body({ orgId: orgA1.id }) })).status).toBe(403);
    expect((await api.delete(`/webhooks/${hook.id}`, { token: readOnlyA })).status).toBe(403);
    expect((await api.post(`/webhooks/${hook.id}/test`, { token: readOnlyA })).status).toBe(403);
  });
});

describe('deliveries, stats, test and delete', () => {
  it('queues a test delivery, pages delivery history newest first and counts by status', async () => {
    const hook = await createHook();
    const test = await api.post(`/webhooks/${hook.id}/test`, { token: adminA });
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ message: 'Test delivery queued', delivery: { id: expect.any(String), webhookId: hook.id, status: 'pending', event: 'webhook.test', attempt: 0 } });
    const custom = await api.post(`/webhooks/${hook.id}/test`, { token: adminA, body: { event: 'device.offline', payload: { deviceId: 'd-1', hostname: 'srv', lastSeen: '2026-01-01T00:00:00Z' } } });
    expect(custom.status).toBe(202);
    expect((await api.post(`/webhooks/${hook.id}/test`, { token: adminA, body: { event: 'nope' } })).status).toBe(400);

    // Shape the history directly: 3 more records with other statuses.
    const base = { webhookId: hook.id, partnerId: partnerA.id, orgId: orgA1.id, event: 'device.offline', eventId: 'e', payload: {} };
    const deliveredAt = new Date('2026-02-01T10:00:00Z');
    await db.webhookDelivery.create({ data: { ...base, status: 'delivered', attempt: 1, deliveredAt, createdAt: new Date(Date.now() - 3000) } });
    await db.webhookDelivery.create({ data: { ...base, status: 'failed', attempt: 6, createdAt: new Date(Date.now() - 2000) } });
    await db.webhookDelivery.create({ data: { ...base, status: 'retrying', attempt: 2, createdAt: new Date(Date.now() - 1000) } });

    const stats = (await api.get(`/webhooks/${hook.id}`, { token: adminA })).body.deliveryStats;
    expect(stats).toEqual({ total: 5, pending: 2, delivered: 1, failed: 1, retrying: 1, lastDeliveredAt: deliveredAt.toISOString() });

    const list = await api.get(`/webhooks/${hook.id}/deliveries`, { token: adminA });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ page: 1, limit: 50, total: 5 });
    expect(list.body.data[0].id).toBe(custom.body.delivery.id);
    expect(list.body.data[0].payload).toMatchObject({ type: 'device.offline', orgId: orgA1.id, data: { deviceId: 'd-1', hostname: 'srv' } });
    expect(list.body.data.map((d: { status: string }) => d.status)).toEqual(['pending', 'pending', 'retrying', 'failed', 'delivered']);
    const failed = await api.get(`/webhooks/${hook.id}/deliveries`, { token: adminA, query: { status: 'failed' } });
    expect(failed.body.data.map((d: { status: string }) => d.status)).toEqual(['failed']);
    expect((await api.get(`/webhooks/${hook.id}/deliveries`, { token: adminA, query: { limit: 2, page: 3 } })).body.data).toHaveLength(1);
    expect((await api.get(`/webhooks/${hook.id}/deliveries`, { token: adminA, query: { limit: 101 } })).status).toBe(400);
    expect((await api.get(`/webhooks/${hook.id}/deliveries`, { token: adminA, query: { status: 'done' } })).status).toBe(400);

    // Manual retry only from failed, with the spec's message.
    const pending = list.body.data[0];
    const refused = await api.post(`/webhooks/${hook.id}/retry/${pending.id}`, { token: adminA });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Only failed deliveries can be retried');
    expect((await api.post(`/webhooks/${hook.id}/retry/00000000-0000-4000-8000-000000000000`, { token: adminA })).status).toBe(404);

    // Delete removes the webhook and every delivery record.
    expect((await api.delete(`/webhooks/${hook.id}`, { token: adminA })).status).toBe(204);
    expect(await db.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(0);
    expect((await api.get(`/webhooks/${hook.id}`, { token: adminA })).status).toBe(404);
  });

  it('refuses a test delivery to a paused webhook', async () => {
    const hook = await createHook();
    await api.patch(`/webhooks/${hook.id}`, { token: adminA, body: { status: 'paused' } });
    const res = await api.post(`/webhooks/${hook.id}/test`, { token: adminA });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('WEBHOOK_NOT_ACTIVE');
  });
});

describe('cross-tenant access', () => {
  it('a caller of another partner gets 404 on every webhook route and nothing changes', async () => {
    const hook = await createHook(adminA, orgA1.id, { secret: 'keep-me' });
    const failed = await db.webhookDelivery.create({
      data: { webhookId: hook.id, partnerId: partnerA.id, orgId: orgA1.id, event: 'device.offline', eventId: 'e', payload: {}, status: 'failed', attempt: 6 },
    });
    const dead = await db.webhookDeadLetter.create({
      data: { deliveryId: failed.id, webhookId: hook.id, partnerId: partnerA.id, orgId: orgA1.id, event: 'device.offline', eventId: 'e', attempts: 6 },
    });
    const snapshot = async () => ({
      webhook: await db.webhook.findUniqueOrThrow({ where: { id: hook.id } }),
      deliveries: await db.webhookDelivery.findMany({ where: { webhookId: hook.id }, orderBy: { id: 'asc' } }),
      dead: await db.webhookDeadLetter.findUniqueOrThrow({ where: { id: dead.id } }),
    });
    const before = await snapshot();
    // Another partner's admin, and a user of a sibling organization of the same partner.
    const orgUserA2 = await tokenFor(await makeOrgUser(partnerA, orgA2));
    for (const token of [adminB, orgUserA2]) {
      const calls = [
        await api.get(`/webhooks/${hook.id}`, { token }),
        await api.patch(`/webhooks/${hook.id}`, { token, body: { name: 'Hijacked', status: 'paused' } }),
        await api.delete(`/webhooks/${hook.id}`, { token }),
        await api.get(`/webhooks/${hook.id}/deliveries`, { token }),
        await api.post(`/webhooks/${hook.id}/test`, { token }),
        await api.post(`/webhooks/${hook.id}/retry/${failed.id}`, { token }),
        await api.post(`/webhooks/dead-letters/${dead.id}/redrive`, { token }),
        await api.post('/webhooks/dead-letters/redrive', { token, body: { webhookId: hook.id } }),
        await api.get('/webhooks', { token, query: { orgId: orgA1.id } }),
      ];
      for (const res of calls) {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
      const bulk = await api.post('/webhooks/dead-letters/redrive', { token, body: { ids: [dead.id] } });
      expect(bulk.status).toBe(202);
      expect(bulk.body.deliveries).toEqual([]);
      const listed = await api.get('/webhooks/dead-letters', { token });
      expect(listed.body.data.map((d: { id: string }) => d.id)).not.toContain(dead.id);
    }
    expect(await snapshot()).toEqual(before);
    expect((await api.get(`/webhooks/${hook.id}`, { token: adminA })).status).toBe(200);
  });
});
