// The mobile API: compact device screens, actions through the command catalogue, the home
// summary, and push notifications. Pushes go to a real Web Push receiver started here, which
// checks the VAPID signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291) with the
// subscription's own private key, independently of the library that encrypted it.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sendPushToUsers } from '@/lib/mobile/push';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';

interface Push {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let base: string;
const pushes: Push[] = [];
let answer = 201;

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 decryption of a single-record aes128gcm body with the user agent's keys. */
function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const asPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const gcm = createDecipheriv('aes-128-gcm', cek, nonce);
  gcm.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([gcm.update(ciphertext.subarray(0, ciphertext.length - 16)), gcm.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT's audience is the endpoint's origin. */
function verifyVapid(header: string | undefined, expectedKey: string, origin: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, k] = [m[1], m[2]];
  expect(k).toBe(expectedKey);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
  const [h, p, s] = jwt.split('.');
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  expect(claims.aud).toBe(origin);
  expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
  return claims;
}

let partner: Awaited<ReturnType<typeof makePartner>>;
let adminUser: { id: string };
let admin: string;
let outsider: string;
let org: { id: string };
let agent: EnrolledAgent;

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  partner = await makePartner();
  adminUser = await makePartnerUser(partner);
  admin = await tokenFor(adminUser, { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  org = await makeOrg(partner.id);
  agent = await enroll((await createKey(admin, { orgId: org.id })).key);
  await heartbeat(agent, { hostname: 'mobile-db-01', metrics: { cpuPercent: 12, memoryPercent: 40, diskPercent: 50 } });
});

afterAll(async () => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
  closeWebhookAgents();
  await new Promise((resolve) => server.close(resolve));
});

describe('mobile devices and summary', () => {
  it('lists compact rows with open-alert counts, shows one device, its settings, and 404s across tenants', async () => {
    const list = await api.get('/mobile/devices', { token: admin, query: { search: 'mobile-db' } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 25, total: 1 });
    expect(list.body.data[0]).toMatchObject({ id: agent.deviceId, hostname: 'mobile-db-01', name: 'mobile-db-01', status: 'online', openAlerts: 0 });

    const detail = await api.get(`/mobile/devices/${agent.deviceId}`, { token: admin });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ hostname: 'mobile-db-01', cpuPercent: 12, diskPercent: 50, alerts: [], recentCommands: [] });

    const settings = await api.get(`/mobile/devices/${agent.deviceId}/settings`, { token: admin });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body).toMatchObject({ deviceId: agent.deviceId, maintenance: { active: false, windowId: null, endsAt: null }, policies: [] });
    expect(settings.body.actions).toEqual(['refresh_inventory', 'run_script', 'reboot', 'shutdown']);

    for (const path of [`/mobile/devices/${agent.deviceId}`, `/mobile/devices/${agent.deviceId}/settings`]) {
      expect((await api.get(path, { token: outsider })).status).toBe(404);
    }
    expect((await api.get('/mobile/devices', { token: outsider, query: { search: 'mobile-db' } })).body.data).toEqual([]);
    expect((await api.get('/mobile/devices', { token: admin, query: { limit: '500' } })).status).toBe(400);
  });

  it('runs actions through the command catalogue and refuses agent uninstall', async () => {
    const queued = await api.post(`/mobile/devices/${agent.deviceId}/actions`, { token: admin, body: { type: 'refresh_inventory' } });
    expect(queued.status, queued.text).toBe(201);
    expect(queued.body).toMatchObject({ type: 'refresh_inventory', status: 'pending' });
    // The same dedupe answer as POST /devices/:id/commands.
    const again = await api.post(`/mobile/devices/${agent.deviceId}/actions`, { token: admin, body: { type: 'refresh_inventory' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_PENDING');
    const uninstall = await api.post(`/mobile/devices/${agent.deviceId}/actions`, { token: admin, body: { type: 'self_uninstall' } });
    expect(uninstall.status).toBe(400);
    expect((await api.post(`/mobile/devices/${agent.deviceId}/actions`, { token: outsider, body: { type: 'reboot' } })).status).toBe(404);
    const detail = await api.get(`/mobile/devices/${agent.deviceId}`, { token: admin });
    expect(detail.body.recentCommands[0]).toMatchObject({ id: queued.body.id, type: 'refresh_inventory' });
  });

  it('summarises devices and open alerts by severity', async () => {
    const summary = await api.get('/mobile/summary', { token: admin });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.devices).toMatchObject({ total: 1, online: 1, offline: 0 });
    expect(summary.body.alerts).toMatchObject({ open: 0, critical: 0 });
    const other = await api.get('/mobile/summary', { token: outsider });
    expect(other.body.devices.total).toBe(0);
  });
});

describe('push notifications', () => {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  const subscription = () => ({ endpoint: `${base}/push/${b64u(authSecret)}`, keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(authSecret) } });

  it('registers a browser, and an alert for the user arrives signed and encrypted', async () => {
    const vapid = await api.get('/mobile/notifications/vapid-key', { token: admin });
    expect(vapid.status, vapid.text).toBe(200);
    expect(Buffer.from(vapid.body.publicKey, 'base64url')).toHaveLength(65);

    const registered = await api.post('/mobile/notifications/register', { token: admin, body: { provider: 'webpush', subscription: subscription(), deviceName: 'Chrome on Pixel' } });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body).toMatchObject({ provider: 'webpush', deviceName: 'Chrome on Pixel', vapidPublicKey: vapid.body.publicKey });
    const row = await db.pushSubscription.findUniqueOrThrow({ where: { id: registered.body.id } });
    expect(row.keysSealed).not.toContain(b64u(authSecret));
    expect((await api.get('/mobile/notifications/subscriptions', { token: admin })).body.data.map((s: { id: string }) => s.id)).toEqual([registered.body.id]);

    const rule = (await api.post('/alerts/rules', { token: admin, body: { name: 'Disk full', severity: 'critical', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'metric', metric: 'disk', operator: 'gte', threshold: 95 } } })).body;
    const policy = await api.post('/alerts/policies', { token: admin, body: { name: 'Critical to me', orgId: org.id, severities: ['critical'], ruleIds: [rule.id], userIds: [adminUser.id] } });
    expect(policy.status, policy.text).toBe(201);
    const before = pushes.length;
    await heartbeat(agent, { hostname: 'mobile-db-01', metrics: { diskPercent: 97 } });
    expect(await pendingJobCount('send_push_notifications')).toBe(1);
    await runDueJobs();
    expect(pushes.length - before).toBe(1);
    const push = pushes[pushes.length - 1];
    expect(push.url).toBe(`/push/${b64u(authSecret)}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(push.headers.authorization, vapid.body.publicKey, base);
    const message = JSON.parse(decryptPush(push.body, ua, authSecret));
    const [alert] = await db.alert.findMany({ where: { ruleId: rule.id } });
    expect(message).toMatchObject({ alertId: alert.id, severity: 'critical', link: `/alerts/${alert.id}` });
    expect(message.title).toContain('mobile-db-01');
    expect((await db.pushSubscription.findUniqueOrThrow({ where: { id: registered.body.id } })).lastSuccessAt).not.toBeNull();

    // The device's open alert now shows on the phone.
    expect((await api.get(`/mobile/devices/${agent.deviceId}`, { token: admin })).body.alerts[0]).toMatchObject({ id: alert.id, severity: 'critical' });
    expect((await api.get('/mobile/summary', { token: admin })).body.alerts).toMatchObject({ open: 1, critical: 1, unacknowledged: 1 });
  });

  it('removes a subscription the push service reports gone, and records other failures', async () => {
    answer = 500;
    expect(await sendPushToUsers([adminUser.id], { title: 't', body: 'b', link: null, severity: null, alertId: null })).toEqual({ sent: 0, removed: 0, failed: 1 });
    const sub = await db.pushSubscription.findFirstOrThrow({ where: { userId: adminUser.id } });
    expect(sub.failureCount).toBe(1);
    expect(sub.lastError).toContain('500');
    answer = 410;
    expect(await sendPushToUsers([adminUser.id], { title: 't', body: 'b', link: null, severity: null, alertId: null })).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect(await db.pushSubscription.count({ where: { userId: adminUser.id } })).toBe(0);
    answer = 201;
  });

  it('validates registrations, refuses unsafe endpoints and unconfigured providers, and unregisters only its own', async () => {
    const bad = [
      { provider: 'webpush', subscription: { endpoint: 'http://169.254.169.254/push', keys: subscription().keys } },
      { provider: 'webpush', subscription: { endpoint: subscription().endpoint, keys: { p256dh: 'short', auth: 'x' } } },
      { provider: 'carrier-pigeon', token: 'abc' },
    ];
    for (const body of bad) {
      const res = await api.post('/mobile/notifications/register', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const fcm = await api.post('/mobile/notifications/register', { token: admin, body: { provider: 'fcm', token: 'fcm-token-0123456789abcdef:APA91b' } });
    expect(fcm.status, fcm.text).toBe(422);
    expect(fcm.body.error.code).toBe('PUSH_PROVIDER_NOT_CONFIGURED');

    const mine = await api.post('/mobile/notifications/register', { token: admin, body: { provider: 'webpush', subscription: subscription() } });
    expect(mine.status).toBe(201);
    expect((await api.post('/mobile/notifications/unregister', { token: outsider, body: { id: mine.body.id } })).status).toBe(404);
    expect((await api.post('/mobile/notifications/unregister', { token: admin, body: { endpoint: subscription().endpoint } })).status).toBe(204);
    expect((await api.post('/mobile/notifications/unregister', { token: admin, body: { id: mine.body.id } })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: { in: ['push_subscription.register', 'push_subscription.unregister'] } } })).toBeGreaterThanOrEqual(3);
  });
});
