// A refused channel URL is reported at the config field that holds it (config.webhookUrl,
// config.url, config.eventsUrl, config.baseUrl), like the channel's other validation errors, so
// a form can show it next to that field. It used to name `body.url`, which no channel body has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

let admin: string;
let org: { id: string };

beforeAll(async () => {
  // A valid channel needs a deliverable URL; with no network, a loopback one (test-only switch).
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  org = await makeOrg(partner.id);
});

afterAll(() => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
});

const refused = 'http://169.254.169.254/latest';

describe('alert channel URL errors', () => {
  it.each([
    ['slack', 'config.webhookUrl', { webhookUrl: refused }],
    ['teams', 'config.webhookUrl', { webhookUrl: refused }],
    ['webhook', 'config.url', { url: refused }],
    ['pagerduty', 'config.eventsUrl', { routingKey: 'R0UTING', eventsUrl: refused }],
    ['sms', 'config.baseUrl', { accountSid: 'AC1', authToken: 'tok', fromNumber: '+15550001111', toNumbers: ['+15550002222'], baseUrl: refused }],
  ])('create %s: 400 INVALID_WEBHOOK_URL at %s', async (kind, path, config) => {
    const before = await db.alertChannel.count();
    const res = await api.post('/alerts/channels', { token: admin, body: { name: `bad ${kind}`, kind, orgId: org.id, config } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('INVALID_WEBHOOK_URL');
    expect(res.body.error.details).toEqual([{ path, message: expect.any(String) }]);
    expect(await db.alertChannel.count()).toBe(before);
  });

  it('update: the refused URL is reported at its field and the stored configuration is unchanged', async () => {
    const created = await api.post('/alerts/channels', { token: admin, body: { name: 'ops', kind: 'webhook', orgId: org.id, config: { url: 'http://127.0.0.1:9/ops' } } });
    expect(created.status, created.text).toBe(201);
    const res = await api.patch(`/alerts/channels/${created.body.id}`, { token: admin, body: { config: { url: refused } } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('config.url');
    expect((await api.get(`/alerts/channels/${created.body.id}`, { token: admin })).body.config.url).toBe('http://127.0.0.1:9/ops');
  });

  it('outbound webhooks keep body.url', async () => {
    const res = await api.post('/webhooks', { token: admin, body: { name: 'w', url: refused, events: ['device.online'], orgId: org.id } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('body.url');
  });
});
