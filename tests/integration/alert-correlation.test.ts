// Correlation: alerts of one organization sharing a site (or device) within the window join
// one group and page once; stored groups, correlated alerts and the analyze dry run; mobile
// alert routes share the main 409 contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { seedAlert } from '../helpers/alerts';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let adminId: string;
let outsider: string;
let org: { id: string; partnerId: string };

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  partner = await makePartner();
  const u = await makePartnerUser(partner);
  adminId = u.id;
  admin = await tokenFor(u, { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  org = await makeOrg(partner.id);
});
afterAll(() => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
});

describe('correlation', () => {
  it('an outage at one site groups every device alert under the first, which alone pages', async () => {
    const site = await makeSite(org);
    const key = (await createKey(admin, { orgId: org.id, siteId: site.id })).key;
    const agents = [await enroll(key), await enroll(key), await enroll(key)];
    const elsewhere = await enroll((await createKey(admin, { orgId: org.id })).key);
    const slack = await api.post('/alerts/channels', { token: admin, body: { name: 's', kind: 'slack', orgId: org.id, config: { webhookUrl: 'http://127.0.0.1:9/hook' } } });
    expect(slack.status, slack.text).toBe(201);
    await api.post('/alerts/policies', { token: admin, body: { name: 'All', orgId: org.id, channelIds: [slack.body.id], userIds: [adminId] } });
    await api.post('/alerts/rules', { token: admin, body: { name: 'CPU', severity: 'high', orgId: org.id, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } } });
    const jobsBefore = await pendingJobCount('send_alert_notification');
    for (const a of [...agents, elsewhere]) await heartbeat(a, { metrics: { cpuPercent: 99 } });
    const alerts = await db.alert.findMany({ where: { orgId: org.id, source: 'rule' }, orderBy: { triggeredAt: 'asc' } });
    expect(alerts).toHaveLength(4);
    const atSite = alerts.filter((a) => a.siteId === site.id);
    expect(new Set(atSite.map((a) => a.correlationGroupId)).size).toBe(1);
    const other = alerts.find((a) => a.deviceId === elsewhere.deviceId)!;
    expect(other.correlationGroupId).not.toBe(atSite[0].correlationGroupId);
    // Two pages: the site group's root and the lone alert elsewhere.
    expect((await pendingJobCount('send_alert_notification')) - jobsBefore).toBe(2);
    expect(await db.notification.count({ where: { userId: adminId } })).toBe(2);

    const groups = await api.get('/alert-templates/correlations/groups', { token: admin });
    expect(groups.status).toBe(200);
    expect(groups.body.data).toHaveLength(1);
    expect(groups.body.data[0]).toMatchObject({ key: `site:${site.id}`, reason: 'site', rootAlertId: atSite[0].id, alertCount: 3 });
    expect(groups.body.data[0].alertIds).toEqual(atSite.map((a) => a.id));
    expect((await api.get('/alert-templates/correlations/groups', { token: admin, query: { minAlerts: 1 } })).body.data).toHaveLength(2);
    const links = await api.get('/alert-templates/correlations', { token: admin });
    expect(links.body.data.map((l: { alertId: string }) => l.alertId).sort()).toEqual(atSite.map((a) => a.id).sort());
    expect(links.body.data[0]).toMatchObject({ rootAlertId: atSite[0].id, reason: 'site' });
    // Tenancy.
    expect((await api.get('/alert-templates/correlations/groups', { token: outsider })).body.data).toEqual([]);
    expect((await api.get('/alert-templates/correlations', { token: outsider })).body.data).toEqual([]);
  });

  it('grouped alerts stay quiet on escalation too: each escalates (event), only the root pages', async () => {
    const p = await makePartner();
    const u = await makePartnerUser(p);
    const t = await tokenFor(u, { mfa: true });
    const o = await makeOrg(p.id);
    const site = await makeSite(o);
    const key = (await createKey(t, { orgId: o.id, siteId: site.id })).key;
    const agents = [await enroll(key), await enroll(key), await enroll(key)];
    await api.post('/alerts/policies', { token: t, body: { name: 'Escalate', escalateAfterMinutes: 1, escalationUserIds: [u.id] } });
    await api.post('/alerts/rules', { token: t, body: { name: 'Disk', severity: 'high', orgId: o.id, condition: { type: 'metric', metric: 'disk', operator: 'gt', threshold: 90 } } });
    for (const a of agents) await heartbeat(a, { metrics: { diskPercent: 99 } });
    await db.alert.updateMany({ where: { orgId: o.id }, data: { triggeredAt: new Date(Date.now() - 2 * 60_000) } });
    await enqueueJob(db, 'sweep_alert_rules', {});
    await runDueJobs();
    const alerts = await db.alert.findMany({ where: { orgId: o.id } });
    expect(alerts).toHaveLength(3);
    expect(alerts.every((a) => a.escalatedAt !== null)).toBe(true);
    expect(await db.event.count({ where: { type: 'alert.escalated', orgId: o.id } })).toBe(3);
    expect(await db.notification.count({ where: { userId: u.id, type: 'alert.escalated' } })).toBe(1);
  });

  it('analyze: a dry run grouping past alerts by key and window', async () => {
    const p = await makePartner();
    const t = await tokenFor(await makePartnerUser(p), { mfa: true });
    const o = await makeOrg(p.id);
    const t0 = Date.now() - 3600_000;
    const at = (min: number) => new Date(t0 + min * 60_000);
    const a1 = await seedAlert(o, { triggeredAt: at(0) });
    const a2 = await seedAlert(o, { triggeredAt: at(3) });
    const a3 = await seedAlert(o, { triggeredAt: at(6) });
    await seedAlert(o, { triggeredAt: at(40) });
    const res = await api.post('/alert-templates/correlations/analyze', { token: t, body: { windowMinutes: 5 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ windowMinutes: 5, alerts: 4, pagesWithCorrelation: 2, pagesWithout: 4 });
    expect(res.body.groups).toEqual([expect.objectContaining({ key: `org:${o.id}`, reason: 'org', alertIds: [a1.id, a2.id, a3.id], count: 3 })]);
    expect((await api.post('/alert-templates/correlations/analyze', { token: t, body: { windowMinutes: 0 } })).status).toBe(400);
    expect((await api.post('/alert-templates/correlations/analyze', { token: outsider, body: {} })).body.alerts).toBe(0);
    expect(await db.alertCorrelationGroup.count({ where: { orgId: o.id } })).toBe(0);
  });
});

describe('mobile alert routes', () => {
  it('inbox lists active and acknowledged alerts; acknowledge/resolve share the 409 contract', async () => {
    const p = await makePartner();
    const t = await tokenFor(await makePartnerUser(p), { mfa: true });
    const o = await makeOrg(p.id);
    const active = await seedAlert(o);
    const acked = await seedAlert(o, { status: 'acknowledged' });
    await seedAlert(o, { status: 'resolved' });
    await seedAlert(o, { status: 'dismissed' });
    const inbox = await api.get('/mobile/alerts/inbox', { token: t });
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.map((a: { id: string }) => a.id).sort()).toEqual([active.id, acked.id].sort());
    expect(inbox.body.pagination).toMatchObject({ limit: 25, total: 2 });
    expect((await api.post(`/mobile/alerts/${acked.id}/acknowledge`, { token: t })).status).toBe(409);
    const [x, y] = await Promise.all([api.post(`/mobile/alerts/${active.id}/acknowledge`, { token: t }), api.post(`/alerts/${active.id}/acknowledge`, { token: t })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect((await api.post(`/mobile/alerts/${active.id}/resolve`, { token: t })).body.status).toBe('resolved');
    const again = await api.post(`/mobile/alerts/${active.id}/resolve`, { token: t });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', details: { status: 'resolved' } });
    expect((await api.post(`/mobile/alerts/${acked.id}/resolve`, { token: outsider })).status).toBe(404);
    expect((await api.get('/mobile/alerts/inbox', { token: outsider })).body.data).toEqual([]);
  });
});
