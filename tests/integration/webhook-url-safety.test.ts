// URL safety end to end: create/update refuse unsafe destinations, every attempt re-validates
// (DNS included) and connects only to the address it validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { setHostResolver, type ResolvedAddress } from '@/lib/webhooks/resolve-host';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';

let admin: string;
let org: { id: string };
let receiver: WebhookReceiver;
let decoy: WebhookReceiver | null = null;
// The fake DNS: a table of answers per host, each a list of answers per successive lookup.
const dns = new Map<string, string[][]>();
const lookups: string[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  setHostResolver(async (host) => {
    lookups.push(host);
    const answers = dns.get(host);
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const current = answers.length > 1 ? answers.shift()! : answers[0];
    return current.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
  receiver = await startWebhookReceiver();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  org = await makeOrg(partner.id);
});
afterAll(async () => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  delete process.env.IS_HOSTED;
  resetEnvCache();
  setHostResolver(null);
  closeWebhookAgents();
  await receiver.stop();
  await decoy?.stop();
});

const create = (url: string) => api.post('/webhooks', { token: admin, body: { orgId: org.id, name: 'h', url, events: ['device.offline'] } });

describe('create and update refuse unsafe URLs (hosted)', () => {
  // The real rules: the test-only loopback switch is off here.
  beforeAll(() => {
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'false';
    resetEnvCache();
  });
  afterAll(() => {
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
    resetEnvCache();
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.1/',
    'https://2130706433/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:7f00:1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://[fd00:ec2::254]/',
    'https://169.254.1.1/',
    'https://[fe80::1]/',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://192.168.0.1/',
    'https://[fd00::1]/',
    'https://100.64.0.1/',
    'https://192.0.2.1/',
    'https://198.51.100.1/',
    'https://203.0.113.1/',
    'https://[2001:db8::1]/',
    'https://0.0.0.0/',
    'https://localhost/',
    'https://svc.localhost/',
    'https://nas.local/',
    'https://metadata.google.internal/',
    'http://public.example.com/',
    'https://private-answer.example.com/',
    'https://mixed-answer.example.com/',
    'https://mapped-answer.example.com/',
    'https://does-not-resolve.example.com/',
  ])('%s → 400 Invalid webhook URL', async (url) => {
    dns.set('public.example.com', [['93.184.216.34']]);
    dns.set('private-answer.example.com', [['192.168.10.10']]);
    dns.set('mixed-answer.example.com', [['93.184.216.34', '10.1.1.1']]);
    dns.set('mapped-answer.example.com', [['::ffff:169.254.169.254']]);
    const res = await create(url);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_WEBHOOK_URL', message: 'Invalid webhook URL' });
  });

  it('refuses an unsafe URL on update and leaves the webhook as it was', async () => {
    dns.set('public.example.com', [['93.184.216.34']]);
    const ok = await create('https://public.example.com/hook');
    expect(ok.status).toBe(201);
    const res = await api.patch(`/webhooks/${ok.body.id}`, { token: admin, body: { url: 'https://[::ffff:10.0.0.1]/' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid webhook URL');
    expect((await api.get(`/webhooks/${ok.body.id}`, { token: admin })).body.url).toBe('https://public.example.com/hook');
  });
});

describe('self-hosted rules', () => {
  it('allows RFC 1918/ULA targets (plain http only to private), never metadata or loopback', async () => {
    process.env.IS_HOSTED = 'false';
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'false';
    resetEnvCache();
    try {
      dns.set('nas.lan', [['192.168.1.20']]);
      dns.set('public.example.com', [['93.184.216.34']]);
      expect((await create('http://nas.lan:8080/hook')).status).toBe(201);
      expect((await create('http://10.0.0.5/hook')).status).toBe(201);
      expect((await create('http://[fd12::5]/hook')).status).toBe(201);
      expect((await create('https://public.example.com/hook')).status).toBe(201);
      for (const url of ['http://public.example.com/', 'http://127.0.0.1/', 'http://localhost/', 'http://169.254.169.254/', 'http://[fe80::1]/', 'https://100.64.0.1/', 'http://[::ffff:127.0.0.1]/']) {
        expect((await create(url)).status, url).toBe(400);
      }
    } finally {
      delete process.env.IS_HOSTED;
      process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
      resetEnvCache();
    }
  });
});

describe('re-validation before every attempt', () => {
  it('fails with "Unsafe webhook URL" and sends nothing when the DNS answer turned private', async () => {
    dns.set('flip.test', [['127.0.0.1'], ['10.0.0.9']]);
    const res = await create(`http://flip.test:${receiver.port}/hook`);
    expect(res.status).toBe(201);
    const test = await api.post(`/webhooks/${res.body.id}/test`, { token: admin });
    const before = receiver.requests.length;
    await runDueJobs();
    expect(receiver.requests.length).toBe(before);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: test.body.delivery.id } });
    expect(row).toMatchObject({ status: 'failed', errorMessage: 'Unsafe webhook URL', responseStatus: null, attempt: 1 });
    // Re-driving it would only fail the same way: no dead letter.
    expect(await db.webhookDeadLetter.count({ where: { deliveryId: row.id } })).toBe(0);
  });

  it('fails a stored URL that the current rules refuse, without a request', async () => {
    const res = await create(`${receiver.url}/hook`);
    expect(res.status).toBe(201);
    const test = await api.post(`/webhooks/${res.body.id}/test`, { token: admin });
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'false';
    resetEnvCache();
    const before = receiver.requests.length;
    try {
      await runDueJobs();
    } finally {
      process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
      resetEnvCache();
    }
    expect(receiver.requests.length).toBe(before);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: test.body.delivery.id } })).toMatchObject({ status: 'failed', errorMessage: 'Unsafe webhook URL' });
  });

  it('connects to the address it validated: a rebinding answer at connect time is never used', async () => {
    // A decoy on 127.0.0.2, same port: reached only if the connection resolved the name again.
    decoy = await startWebhookReceiver({ host: '127.0.0.2', port: receiver.port });
    // Lookups 1 (create) and 2 (pre-attempt check) answer the receiver; any later one the decoy.
    dns.set('rebind.test', [['127.0.0.1'], ['127.0.0.1'], ['127.0.0.2']]);
    const res = await create(`http://rebind.test:${receiver.port}/hook`);
    const test = await api.post(`/webhooks/${res.body.id}/test`, { token: admin });
    lookups.length = 0;
    await runDueJobs();
    expect(lookups).toEqual(['rebind.test']);
    expect(decoy.requests).toHaveLength(0);
    const got = receiver.requests.at(-1)!;
    expect(got.headers['x-service-delivery-record-id']).toBe(test.body.delivery.id);
    expect(got.headers.host).toBe(`rebind.test:${receiver.port}`);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: test.body.delivery.id } })).toMatchObject({ status: 'delivered' });
  });

  it('treats a name that stopped resolving as a transient failure and retries', async () => {
    dns.set('vanish.test', [['127.0.0.1']]);
    const res = await create(`http://vanish.test:${receiver.port}/hook`);
    const test = await api.post(`/webhooks/${res.body.id}/test`, { token: admin });
    dns.delete('vanish.test');
    await runDueJobs();
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: test.body.delivery.id } });
    expect(row.status).toBe('retrying');
    expect(row.errorMessage).toMatch(/DNS lookup of vanish.test failed \(ENOTFOUND\)/);
  });
});
