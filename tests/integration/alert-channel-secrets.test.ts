// Channel secrets are write-only, so an edit of the rest of a configuration cannot send them
// back: a PATCH whose config leaves a secret out keeps the stored one; null removes an optional one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { openChannelConfig } from '@/lib/alerts/channels/get-channel-or-throw';

let admin: string;
let org: { id: string };

beforeAll(async () => {
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

const stored = async (id: string) => openChannelConfig(await db.alertChannel.findUniqueOrThrow({ where: { id } })) as Record<string, unknown>;

describe('alert channel secrets on update', () => {
  it('keeps a webhook secret left out, replaces a given one, removes it on null', async () => {
    const created = await api.post('/alerts/channels', { token: admin, body: { name: 'hook', kind: 'webhook', orgId: org.id, config: { url: 'http://127.0.0.1:9/a', secret: 'first-secret' } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id ?? created.body.data?.id;

    const moved = await api.patch(`/alerts/channels/${id}`, { token: admin, body: { config: { url: 'http://127.0.0.1:9/b' } } });
    expect(moved.status, moved.text).toBe(200);
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:9/b', secret: 'first-secret' });
    expect(JSON.stringify(moved.body)).not.toContain('first-secret');

    await api.patch(`/alerts/channels/${id}`, { token: admin, body: { config: { url: 'http://127.0.0.1:9/b', secret: 'second-secret' } } });
    expect((await stored(id)).secret).toBe('second-secret');

    const removed = await api.patch(`/alerts/channels/${id}`, { token: admin, body: { config: { url: 'http://127.0.0.1:9/b', secret: null } } });
    expect(removed.status, removed.text).toBe(200);
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:9/b' });
  });

  it('keeps the SMS auth token and PagerDuty routing key; a required secret cannot be removed', async () => {
    const sms = await api.post('/alerts/channels', { token: admin, body: { name: 'sms', kind: 'sms', orgId: org.id, config: { accountSid: 'AC1', authToken: 'tok-123456', fromNumber: '+15550001111', toNumbers: ['+15550002222'], baseUrl: 'http://127.0.0.1:9' } } });
    const smsId = sms.body.id ?? sms.body.data?.id;
    const res = await api.patch(`/alerts/channels/${smsId}`, { token: admin, body: { config: { accountSid: 'AC2', fromNumber: '+15550001111', toNumbers: ['+15550003333'], baseUrl: 'http://127.0.0.1:9' } } });
    expect(res.status, res.text).toBe(200);
    expect(await stored(smsId)).toMatchObject({ accountSid: 'AC2', authToken: 'tok-123456', toNumbers: ['+15550003333'] });

    const pd = await api.post('/alerts/channels', { token: admin, body: { name: 'pd', kind: 'pagerduty', orgId: org.id, config: { routingKey: 'ROUTING-KEY-1', eventsUrl: 'http://127.0.0.1:9/enqueue' } } });
    const pdId = pd.body.id ?? pd.body.data?.id;
    const before = await stored(pdId);
    const refused = await api.patch(`/alerts/channels/${pdId}`, { token: admin, body: { config: { routingKey: null, eventsUrl: 'http://127.0.0.1:9/other' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'config.routingKey' })]));
    expect(await stored(pdId)).toEqual(before);
    await api.patch(`/alerts/channels/${pdId}`, { token: admin, body: { config: { eventsUrl: 'http://127.0.0.1:9/other' } } });
    expect(await stored(pdId)).toEqual({ routingKey: 'ROUTING-KEY-1', eventsUrl: 'http://127.0.0.1:9/other' });
  });
});
