// Channels (each kind against a local fake receiver), policies, message templates, in-app
// notifications (the bell), email through the send_email job, escalation, and alert.* events
// fanning out to outbound webhooks.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { eventsOf, seedAlert } from '../helpers/alerts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { closeWebhookAgents } from '@/lib/webhooks/send-webhook-request';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let adminUser: { id: string };
let tech: string;
let techUser: { id: string };
let outsider: string;
let org: { id: string; partnerId: string };
let key: string;
let receiver: WebhookReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  receiver = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  partner = await makePartner();
  adminUser = await makePartnerUser(partner);
  admin = await tokenFor(adminUser, { mfa: true });
  techUser = await makePartnerUser(partner, { role: 'Technician' });
  tech = await tokenFor(techUser);
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  org = await makeOrg(partner.id);
  key = (await createKey(admin, { orgId: org.id })).key;
});
afterAll(async () => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeWebhookAgents();
  await receiver.stop();
  await smtp.stop();
});
beforeEach(() => receiver.respond(() => ({ status: 200, body: 'ok' })));

async function channel(kind: string, config: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await api.post('/alerts/channels', { token: admin, body: { name: `${kind} channel`, kind, config, orgId: org.id, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; config: Record<string, unknown> };
}

const since = (n: number) => receiver.requests.slice(n);

describe('channels', () => {
  it('stores configs sealed and reads them masked; validates per kind and URL safety', async () => {
    const wh = await channel('webhook', { url: `${receiver.url}/hook?token=abc`, secret: 's3cret' });
    expect(wh.config).toEqual({ url: `${receiver.url}/hook`, hasSecret: true });
    const pd = await channel('pagerduty', { routingKey: 'R0UTINGKEY1234', eventsUrl: `${receiver.url}/pd` });
    expect(pd.config.routingKey).toBe('****1234');
    const row = await db.alertChannel.findUniqueOrThrow({ where: { id: pd.id } });
    expect(row.configSealed).not.toContain('R0UTINGKEY1234');
    const bad = [
      { kind: 'slack', config: { webhookUrl: 'ftp://x' } },
      { kind: 'slack', config: { webhookUrl: 'http://169.254.169.254/latest' } },
      { kind: 'email', config: { recipients: ['not-an-email'] } },
      { kind: 'sms', config: { accountSid: 'AC1', authToken: 't', fromNumber: '555', toNumbers: ['+15550001111'] } },
      { kind: 'carrier-pigeon', config: {} },
      { kind: 'email', config: { recipients: ['a@example.test'], extra: 1 } },
    ];
    const before = await db.alertChannel.count();
    for (const b of bad) {
      const res = await api.post('/alerts/channels', { token: admin, body: { name: 'bad', orgId: org.id, ...b } });
      expect(res.status, JSON.stringify(b)).toBe(400);
    }
    expect(await db.alertChannel.count()).toBe(before);
    const patched = await api.patch(`/alerts/channels/${wh.id}`, { token: admin, body: { config: { url: 'http://10.0.0.1:1/x' } } });
    expect(patched.status).toBe(400);
    expect((await api.patch(`/alerts/channels/${wh.id}`, { token: admin, body: { name: 'Renamed', enabled: false } })).body).toMatchObject({ name: 'Renamed', enabled: false });
  });

  it('cross-tenant: another partner gets 404 and the channel is unchanged', async () => {
    const c = await channel('slack', { webhookUrl: `${receiver.url}/slack` });
    for (const res of [
      await api.get(`/alerts/channels/${c.id}`, { token: outsider }),
      await api.patch(`/alerts/channels/${c.id}`, { token: outsider, body: { name: 'x' } }),
      await api.post(`/alerts/channels/${c.id}/test`, { token: outsider }),
      await api.delete(`/alerts/channels/${c.id}`, { token: outsider }),
    ]) expect(res.status).toBe(404);
    expect((await db.alertChannel.findUniqueOrThrow({ where: { id: c.id } })).name).toBe('slack channel');
    expect((await api.get('/alerts/channels', { token: outsider })).body.data).toEqual([]);
  });

  it('test: each kind reaches its fake receiver in its own shape', async () => {
    const n = receiver.requests.length;
    const slack = await channel('slack', { webhookUrl: `${receiver.url}/slack/T000/B000/XXXX` });
    const teams = await channel('teams', { webhookUrl: `${receiver.url}/teams` });
    const wh = await channel('webhook', { url: `${receiver.url}/generic`, secret: 'whsec_1' });
    const pd = await channel('pagerduty', { routingKey: 'rk-1', eventsUrl: `${receiver.url}/v2/enqueue` });
    const sms = await channel('sms', { accountSid: 'AC123', authToken: 'tok', fromNumber: '+15550000000', toNumbers: ['+15551112222'], baseUrl: receiver.url });
    for (const c of [slack, teams, wh, pd, sms]) {
      const res = await api.post(`/alerts/channels/${c.id}/test`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body, c.id).toMatchObject({ ok: true, status: 200, error: null });
    }
    const [s, t, g, p, m] = since(n);
    expect(s.url).toBe('/slack/T000/B000/XXXX');
    expect(JSON.parse(s.body)).toMatchObject({ text: expect.stringContaining('Test notification'), blocks: expect.any(Array) });
    expect(JSON.parse(t.body)).toMatchObject({ '@type': 'MessageCard', title: expect.stringContaining('Test notification') });
    expect(g.headers['x-service-event-type']).toBe('alert.test');
    const ts = String(g.headers['x-service-signature-timestamp']);
    expect(g.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', 'whsec_1').update(`${ts}.${g.body}`).digest('hex')}`);
    expect(JSON.parse(p.body)).toMatchObject({ routing_key: 'rk-1', event_action: 'trigger', payload: { severity: 'info', summary: expect.any(String), source: expect.any(String) } });
    expect(m.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(m.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    const form = new URLSearchParams(m.body);
    expect(form.get('To')).toBe('+15551112222');
    expect(form.get('From')).toBe('+15550000000');
    expect(form.get('Body')).toContain('Test notification');
    expect((await db.alertChannel.findUniqueOrThrow({ where: { id: sms.id } })).lastTestOk).toBe(true);
  });

  it("test: reports the provider's error", async () => {
    const c = await channel('slack', { webhookUrl: `${receiver.url}/slack-bad` });
    receiver.respond(() => ({ status: 403, body: 'invalid_token' }));
    const res = await api.post(`/alerts/channels/${c.id}/test`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, status: 403, error: 'HTTP 403: invalid_token' });
    expect(await db.alertChannel.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ lastTestOk: false, lastError: 'HTTP 403: invalid_token' });
  });

  it('test: email goes through SMTP', async () => {
    const c = await channel('email', { recipients: ['oncall@example.test'] });
    const res = await api.post(`/alerts/channels/${c.id}/test`, { token: admin });
    expect(res.body).toMatchObject({ ok: true });
    const mail = await smtp.waitFor((m) => m.subject === '[info] Test notification');
    expect(mail.text).toContain('test of the alert channel');
  });
});

describe('policies, notifications and escalation', () => {
  it('a triggered alert notifies the policy channels (worker, retried) and users (bell); email via send_email', async () => {
    await clearQueuedEmails();
    const agent = await enroll(key);
    const slack = await channel('slack', { webhookUrl: `${receiver.url}/ops` });
    const mail = await channel('email', { recipients: ['pager@example.test'] });
    const rule = (await api.post('/alerts/rules', { token: admin, body: { name: 'Disk full', severity: 'critical', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'metric', metric: 'disk', operator: 'gte', threshold: 95 } } })).body;
    const tpl = await api.post('/alert-templates/templates', { token: admin, body: { kind: 'message', name: `Short ${Date.now()}`, subject: 'ALERT {{severity}}: {{hostname}}', body: '{{message}} -> {{link}}' } });
    expect(tpl.status, tpl.text).toBe(201);
    const policy = await api.post('/alerts/policies', {
      token: admin,
      body: { name: 'Critical to ops', orgId: org.id, severities: ['critical'], ruleIds: [rule.id], channelIds: [slack.id, mail.id], userIds: [techUser.id, adminUser.id], messageTemplateId: tpl.body.id, notifyOnResolve: true },
    });
    expect(policy.status, policy.text).toBe(201);

    let failedOnce = false;
    receiver.respond((r) => {
      if (r.url !== '/ops' || failedOnce) return { status: 200 };
      failedOnce = true;
      return { status: 500, body: 'boom' };
    });
    const n = receiver.requests.length;
    await heartbeat(agent, { hostname: 'db-01', metrics: { diskPercent: 97 } });
    const [alert] = await db.alert.findMany({ where: { ruleId: rule.id } });
    expect(alert).toBeTruthy();
    expect(await pendingJobCount('send_alert_notification')).toBe(1);
    const emails = await queuedEmails('pager@example.test');
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe('ALERT critical: db-01');

    await runDueJobs();
    // First attempt answered 500: the job stays queued for a retry.
    expect(await pendingJobCount('send_alert_notification')).toBe(1);
    await db.$executeRaw`update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = 'send_alert_notification')`;
    await runDueJobs();
    expect(await pendingJobCount('send_alert_notification')).toBe(0);
    const sent = since(n).filter((r) => r.url === '/ops');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1].body).text).toContain('ALERT critical: db-01');
    await smtp.waitFor((m) => m.subject === 'ALERT critical: db-01');

    // The bell.
    const count = await api.get('/notifications/unread-count', { token: tech });
    expect(count.body).toEqual({ count: 1 });
    const list = await api.get('/notifications', { token: tech });
    expect(list.body.data[0]).toMatchObject({ type: 'alert.triggered', alertId: alert.id, severity: 'critical', read: false, link: `/alerts/${alert.id}`, title: 'ALERT critical: db-01' });
    const nid = list.body.data[0].id;
    expect((await api.patch(`/notifications/${nid}`, { token: admin })).status).toBe(404); // another user's
    expect((await api.patch(`/notifications/${nid}`, { token: tech, body: { read: true } })).body).toMatchObject({ read: true });
    expect((await api.get('/notifications/unread-count', { token: tech })).body.count).toBe(0);
    expect((await api.get('/notifications', { token: tech, query: { unread: 'true' } })).body.data).toEqual([]);
    expect((await api.patch(`/notifications/${nid}`, { token: tech, body: { read: false } })).body.read).toBe(false);
    expect((await api.delete(`/notifications/${nid}`, { token: admin })).status).toBe(404);
    expect((await api.delete(`/notifications/${nid}`, { token: tech })).status).toBe(204);
    expect((await api.get('/notifications', { token: tech })).body.pagination.total).toBe(0);

    // Resolve notifies too (notifyOnResolve); the admin clears their list.
    await heartbeat(agent, { metrics: { diskPercent: 50 } });
    expect((await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).status).toBe('resolved');
    expect((await api.get('/notifications/unread-count', { token: admin })).body.count).toBe(2);
    expect((await api.delete('/notifications', { token: admin })).body).toEqual({ deleted: 2 });
    expect((await api.get('/notifications/unread-count', { token: admin })).body.count).toBe(0);
  });

  it('escalates an unacknowledged alert once after N minutes; acknowledged alerts never', async () => {
    const p = await makePartner();
    const t = await tokenFor(await makePartnerUser(p), { mfa: true });
    const o = await makeOrg(p.id);
    const esc = (await api.post('/alerts/channels', { token: t, body: { name: 'pd', kind: 'pagerduty', orgId: o.id, config: { routingKey: 'rk', eventsUrl: `${receiver.url}/esc` } } })).body;
    const pol = await api.post('/alerts/policies', { token: t, body: { name: 'Escalate', escalateAfterMinutes: 5, escalationChannelIds: [esc.id] } });
    expect(pol.status, pol.text).toBe(201);
    const old = new Date(Date.now() - 6 * 60_000);
    const a = await seedAlert(o, { triggeredAt: old });
    const acked = await seedAlert(o, { status: 'acknowledged', triggeredAt: old });
    const fresh = await seedAlert(o);
    const n = receiver.requests.length;
    const sweep = async () => {
      await enqueueJob(db, 'sweep_alert_rules', {});
      await runDueJobs();
    };
    await sweep();
    await sweep();
    expect((await db.alert.findUniqueOrThrow({ where: { id: a.id } })).escalatedAt).not.toBeNull();
    expect((await db.alert.findUniqueOrThrow({ where: { id: acked.id } })).escalatedAt).toBeNull();
    expect((await db.alert.findUniqueOrThrow({ where: { id: fresh.id } })).escalatedAt).toBeNull();
    expect(await eventsOf('alert.escalated', a.id)).toBe(1);
    const pages = since(n).filter((r) => r.url === '/esc');
    expect(pages).toHaveLength(1);
    expect(JSON.parse(pages[0].body)).toMatchObject({ event_action: 'trigger', dedup_key: a.id });
    // Acknowledging tells the pager (acknowledge), resolving closes the incident (resolve).
    await api.post(`/alerts/${a.id}/acknowledge`, { token: t });
    await api.post(`/alerts/${a.id}/resolve`, { token: t });
    await runDueJobs();
    const actions = since(n).filter((r) => r.url === '/esc').map((r) => JSON.parse(r.body).event_action);
    expect(actions).toEqual(['trigger', 'acknowledge', 'resolve']);
  });

  it('policy validation and tenancy: foreign references are 400, other partners get 404', async () => {
    const otherPartner = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(otherPartner), { mfa: true });
    const otherOrg = await makeOrg(otherPartner.id);
    const foreign = (await api.post('/alerts/channels', { token: otherToken, body: { name: 'x', kind: 'email', orgId: otherOrg.id, config: { recipients: ['x@example.test'] } } })).body;
    const outsiderUser = await makePartnerUser(otherPartner);
    const before = await db.alertPolicy.count();
    for (const body of [{ channelIds: [foreign.id] }, { userIds: [outsiderUser.id] }, { severities: ['urgent'] }, { escalateAfterMinutes: 0 }, { bogus: true }]) {
      const res = await api.post('/alerts/policies', { token: admin, body: { name: 'P', orgId: org.id, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.alertPolicy.count()).toBe(before);
    const pol = (await api.post('/alerts/policies', { token: admin, body: { name: 'Mine', orgId: org.id } })).body;
    expect((await api.get(`/alerts/policies/${pol.id}`, { token: otherToken })).status).toBe(404);
    expect((await api.patch(`/alerts/policies/${pol.id}`, { token: otherToken, body: { name: 'x' } })).status).toBe(404);
    expect((await api.delete(`/alerts/policies/${pol.id}`, { token: otherToken })).status).toBe(404);
    expect((await api.patch(`/alerts/policies/${pol.id}`, { token: admin, body: { severities: ['high'] } })).body.severities).toEqual(['high']);
    // A rule deleted after the policy named it: the stale id neither widens the policy nor blocks updates that resend it.
    const rule = (await api.post('/alerts/rules', { token: admin, body: { name: 'Gone soon', severity: 'low', orgId: org.id, condition: { type: 'offline' } } })).body;
    expect((await api.patch(`/alerts/policies/${pol.id}`, { token: admin, body: { ruleIds: [rule.id] } })).status).toBe(200);
    await api.delete(`/alerts/rules/${rule.id}`, { token: admin });
    const resent = await api.patch(`/alerts/policies/${pol.id}`, { token: admin, body: { name: 'Mine v2', ruleIds: [rule.id] } });
    expect(resent.status).toBe(200);
    expect(resent.body.ruleIds).toEqual([rule.id]);
    expect((await api.patch(`/alerts/policies/${pol.id}`, { token: admin, body: { ruleIds: [rule.id, foreign.id] } })).status).toBe(400);
    expect((await api.delete(`/alerts/policies/${pol.id}`, { token: admin })).status).toBe(204);
  });

  it('org users see their own policies and partner-wide ones; an org user cannot write partner-wide settings', async () => {
    const orgAdmin = await tokenFor(await makeOrgUser(partner, org));
    const res = await api.post('/alerts/policies', { token: orgAdmin, body: { name: 'Org policy' } });
    expect(res.status).toBe(201);
    expect(res.body.orgId).toBe(org.id);
    const wide = (await api.post('/alerts/policies', { token: admin, body: { name: 'Wide' } })).body;
    expect(wide.orgId).toBeNull();
    expect((await api.get(`/alerts/policies/${wide.id}`, { token: orgAdmin })).status).toBe(404);
  });
});

describe('notification recipients', () => {
  it('a partner-wide policy notifies only the named users who can see the alert organization', async () => {
    const p = await makePartner();
    const full = await makePartnerUser(p);
    const t = await tokenFor(full, { mfa: true });
    const o1 = await makeOrg(p.id);
    const o2 = await makeOrg(p.id);
    const narrow = await makePartnerUser(p, { role: 'Technician', orgAccess: 'selected', orgIds: [o2.id] });
    const res = await api.post('/alerts/policies', { token: t, body: { name: 'Everyone', userIds: [full.id, narrow.id] } });
    expect(res.status, res.text).toBe(201);
    const k = (await createKey(t, { orgId: o1.id })).key;
    const agent = await enroll(k);
    await api.post('/alerts/rules', { token: t, body: { name: 'CPU', severity: 'low', condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 50 } } });
    await heartbeat(agent, { metrics: { cpuPercent: 60 } });
    expect(await db.notification.count({ where: { userId: full.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: narrow.id } })).toBe(0);
  });
});

describe('templates', () => {
  it('built-ins are listed; partner templates CRUD with unique names (409) and kind-specific fields', async () => {
    const built = await api.get('/alert-templates/templates/built-in', { token: tech });
    expect(built.body.data.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['builtin:high-cpu', 'builtin:low-disk', 'builtin:offline']));
    const body = { kind: 'rule', name: 'Hot box', rule: { severity: 'low', condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 70 } } };
    const created = await api.post('/alert-templates/templates', { token: admin, body });
    expect(created.status).toBe(201);
    expect((await api.post('/alert-templates/templates', { token: admin, body })).status).toBe(409);
    expect((await api.post('/alert-templates/templates', { token: admin, body: { ...body, name: 'x', rule: { severity: 'low' } } })).status).toBe(400);
    const rule = await api.post('/alerts/rules', { token: admin, body: { name: 'From template', orgId: org.id, templateId: created.body.id } });
    expect(rule.body).toMatchObject({ severity: 'low', condition: { metric: 'cpu', threshold: 70 } });
    expect((await api.patch(`/alert-templates/templates/${created.body.id}`, { token: admin, body: { subject: 'x' } })).status).toBe(400);
    expect((await api.patch(`/alert-templates/templates/${created.body.id}`, { token: admin, body: { name: 'Hotter' } })).body.name).toBe('Hotter');
    expect((await api.get('/alert-templates/templates', { token: tech, query: { kind: 'rule' } })).body.data.map((t: { name: string }) => t.name)).toContain('Hotter');
    expect((await api.patch(`/alert-templates/templates/${created.body.id}`, { token: outsider, body: { name: 'x' } })).status).toBe(404);
    expect((await api.delete(`/alert-templates/templates/${created.body.id}`, { token: outsider })).status).toBe(404);
    expect((await api.delete(`/alert-templates/templates/${created.body.id}`, { token: admin })).status).toBe(204);
  });
});

describe('events', () => {
  it('alert.* events fan out to the organization’s outbound webhooks', async () => {
    const hook = await api.post('/webhooks', { token: admin, body: { orgId: org.id, name: 'alerts', url: `${receiver.url}/outbound`, events: ['alert.triggered', 'alert.acknowledged', 'alert.resolved'] } });
    expect(hook.status, hook.text).toBe(201);
    const agent = await enroll(key);
    await api.post('/alerts/rules', { token: admin, body: { name: 'Mem', severity: 'low', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'metric', metric: 'memory', operator: 'gt', threshold: 80 } } });
    await heartbeat(agent, { metrics: { memoryPercent: 90 } });
    const [alert] = await db.alert.findMany({ where: { deviceId: agent.deviceId } });
    await api.post(`/alerts/${alert.id}/acknowledge`, { token: tech });
    const deliveries = await db.webhookDelivery.findMany({ where: { webhookId: hook.body.id }, orderBy: { createdAt: 'asc' } });
    expect(deliveries.map((d) => d.event)).toEqual(['alert.triggered', 'alert.acknowledged']);
    expect((deliveries[0].payload as { data: { alertId: string } }).data.alertId).toBe(alert.id);
  });
});
