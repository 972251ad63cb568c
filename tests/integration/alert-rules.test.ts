// Alert rules: CRUD with tenancy and validation, and evaluation on real agent traffic —
// metric thresholds from heartbeats, offline via the sweep, script failures, auto-resolve and
// cooldown.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { eventsOf } from '../helpers/alerts';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let outsider: string;
let org: { id: string; partnerId: string };
let org2: { id: string; partnerId: string };
let orgUser2: string;
let key: string;

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  org = await makeOrg(partner.id);
  org2 = await makeOrg(partner.id);
  orgUser2 = await tokenFor(await makeOrgUser(partner, org2));
  key = (await createKey(admin, { orgId: org.id })).key;
});

const cpuRule = (extra: Record<string, unknown> = {}) => ({
  name: 'CPU hot',
  severity: 'high',
  orgId: org.id,
  condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90, consecutiveBeats: 2 },
  ...extra,
});

async function createRule(body: Record<string, unknown>, token = admin) {
  const res = await api.post('/alerts/rules', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

const openAlerts = (ruleId: string, deviceId?: string) => db.alert.findMany({ where: { ruleId, ...(deviceId ? { deviceId } : {}), openKey: { not: null } } });
const beat = (agent: EnrolledAgent, cpuPercent: number) => heartbeat(agent, { metrics: { cpuPercent, memoryPercent: 40, diskPercent: 50 } });

describe('rule CRUD', () => {
  it('creates, reads, lists, updates and deletes a rule; publishes defaults', async () => {
    const rule = await createRule(cpuRule({ targets: { deviceIds: [] } }));
    expect(rule).toMatchObject({
      orgId: org.id,
      enabled: true,
      autoResolve: true,
      cooldownMinutes: 15,
      targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] },
      condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90, consecutiveBeats: 2, durationMinutes: 0 },
      openAlerts: 0,
    });
    expect((await api.get(`/alerts/rules/${rule.id}`, { token: admin })).body.name).toBe('CPU hot');
    const list = await api.get('/alerts/rules', { token: admin, query: { orgId: org.id } });
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(rule.id);
    const patched = await api.patch(`/alerts/rules/${rule.id}`, { token: admin, body: { severity: 'critical', enabled: false } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ severity: 'critical', enabled: false, name: 'CPU hot' });
    expect((await api.delete(`/alerts/rules/${rule.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/alerts/rules/${rule.id}`, { token: admin })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: { in: ['alert_rule.create', 'alert_rule.update', 'alert_rule.delete'] }, partnerId: partner.id } })).toBeGreaterThanOrEqual(3);
  });

  it('creates from a built-in template; partner-wide rules need full access', async () => {
    const r = await createRule({ name: 'Disk', templateId: 'builtin:low-disk' });
    expect(r).toMatchObject({ orgId: null, severity: 'high', templateId: 'builtin:low-disk', condition: { type: 'metric', metric: 'disk', threshold: 90 } });
    expect((await api.post('/alerts/rules', { token: admin, body: { name: 'x', templateId: 'builtin:nope' } })).status).toBe(400);
    const res = await api.post('/alerts/rules', { token: orgUser2, body: { name: 'Mine', templateId: 'builtin:offline' } });
    expect(res.status).toBe(201);
    expect(res.body.orgId).toBe(org2.id);
    // The organization user does not see partner-wide rules of other organizations' scope? It sees its own and partner-wide ones.
    const seen = (await api.get('/alerts/rules', { token: orgUser2 })).body.data.map((x: { id: string }) => x.id);
    expect(seen).toContain(res.body.id);
    expect(seen).not.toContain(r.id);
  });

  it('validation: 400 envelope and nothing stored', async () => {
    const before = await db.alertRule.count();
    const bad = [
      { name: 'x', severity: 'urgent', orgId: org.id, condition: cpuRule().condition },
      { name: 'x', severity: 'high', orgId: org.id },
      { name: 'x', severity: 'high', orgId: org.id, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 150 } },
      { name: 'x', severity: 'high', orgId: org.id, condition: { type: 'metric', metric: 'gpu', operator: 'gt', threshold: 50 } },
      { name: 'x', severity: 'high', orgId: org.id, condition: { type: 'offline', durationMinutes: 0 } },
      { name: '', severity: 'high', orgId: org.id, condition: { type: 'offline' } },
      { ...cpuRule(), extra: true },
      { ...cpuRule(), targets: { siteIds: ['not-a-uuid'] } },
    ];
    for (const body of bad) {
      const res = await api.post('/alerts/rules', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toMatch(/VALIDATION_ERROR/);
    }
    const site2 = await makeSite(org2);
    const foreign = await api.post('/alerts/rules', { token: admin, body: cpuRule({ targets: { siteIds: [site2.id] } }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('SITE_NOT_IN_ORG');
    expect(await db.alertRule.count()).toBe(before);
    const rule = await createRule(cpuRule());
    expect((await api.patch(`/alerts/rules/${rule.id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await api.patch(`/alerts/rules/${rule.id}`, { token: admin, body: { cooldownMinutes: -1 } })).status).toBe(400);
  });

  it('cross-tenant: another partner gets 404 on every route and the rule is unchanged', async () => {
    const rule = await createRule(cpuRule());
    expect((await api.get(`/alerts/rules/${rule.id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/alerts/rules/${rule.id}`, { token: outsider, body: { name: 'pwned' } })).status).toBe(404);
    expect((await api.delete(`/alerts/rules/${rule.id}`, { token: outsider })).status).toBe(404);
    expect((await api.post(`/alerts/rules/${rule.id}/test`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/alerts/rules/${rule.id}`, { token: orgUser2 })).status).toBe(404);
    expect((await api.post('/alerts/rules', { token: outsider, body: cpuRule() })).status).toBe(404);
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).name).toBe('CPU hot');
  });
});

describe('evaluation on heartbeats', () => {
  it('raises after N consecutive breaching beats, once per (rule, device), and auto-resolves when it clears', async () => {
    const agent = await enroll(key);
    const rule = await createRule(cpuRule({ targets: { deviceIds: [agent.deviceId] }, cooldownMinutes: 0 }));
    await beat(agent, 95);
    expect(await openAlerts(rule.id)).toHaveLength(0);
    await beat(agent, 50); // streak broken
    await beat(agent, 95);
    expect(await openAlerts(rule.id)).toHaveLength(0);
    await beat(agent, 97);
    const [alert] = await openAlerts(rule.id);
    expect(alert).toMatchObject({ deviceId: agent.deviceId, orgId: org.id, severity: 'high', status: 'active', source: 'rule' });
    expect(alert.context).toMatchObject({ metric: 'cpu', value: 97, threshold: 90 });
    expect(await eventsOf('alert.triggered', alert.id)).toBe(1);
    await beat(agent, 99);
    await beat(agent, 99);
    expect(await db.alert.count({ where: { ruleId: rule.id } })).toBe(1);

    await beat(agent, 20);
    const resolved = await db.alert.findUniqueOrThrow({ where: { id: alert.id } });
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBySystem: true, resolvedBy: null, openKey: null });
    expect(await eventsOf('alert.resolved', alert.id)).toBe(1);
    expect(await db.alertRuleState.count({ where: { deviceId: agent.deviceId } })).toBe(0);
    // The API shows it.
    const listed = await api.get('/alerts', { token: admin, query: { deviceId: agent.deviceId } });
    expect(listed.body.data[0]).toMatchObject({ id: alert.id, status: 'resolved', resolvedBySystem: true });
  });

  it('a device outside the targets never alerts; a healthy device keeps no state', async () => {
    const inside = await enroll(key);
    const outside = await enroll(key);
    const rule = await createRule(cpuRule({ targets: { deviceIds: [inside.deviceId] }, condition: { type: 'metric', metric: 'cpu', operator: 'gte', threshold: 80 } }));
    await beat(outside, 99);
    await beat(inside, 10);
    expect(await db.alertRuleState.count({ where: { ruleId: rule.id } })).toBe(0);
    await beat(inside, 80);
    expect(await openAlerts(rule.id, inside.deviceId)).toHaveLength(1);
    expect(await openAlerts(rule.id, outside.deviceId)).toHaveLength(0);
  });

  it('cooldown: after an alert ends, a flapping device raises no new one until the cooldown passes', async () => {
    const agent = await enroll(key);
    const rule = await createRule(cpuRule({ targets: { deviceIds: [agent.deviceId] }, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 }, cooldownMinutes: 30 }));
    for (let i = 0; i < 4; i++) {
      await beat(agent, 95);
      await beat(agent, 10);
    }
    expect(await db.alert.count({ where: { ruleId: rule.id } })).toBe(1);
    // Pretend the alert ended 31 minutes ago: the next breach raises again.
    await db.alert.updateMany({ where: { ruleId: rule.id }, data: { resolvedAt: new Date(Date.now() - 31 * 60_000) } });
    await beat(agent, 95);
    expect(await db.alert.count({ where: { ruleId: rule.id } })).toBe(2);
  });

  it('a user resolving first makes the auto-resolve a no-op (no second alert.resolved)', async () => {
    const agent = await enroll(key);
    const rule = await createRule(cpuRule({ targets: { deviceIds: [agent.deviceId] }, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } }));
    await beat(agent, 95);
    const [alert] = await openAlerts(rule.id);
    expect((await api.post(`/alerts/${alert.id}/resolve`, { token: admin })).status).toBe(200);
    await beat(agent, 10);
    expect(await eventsOf('alert.resolved', alert.id)).toBe(1);
    expect((await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).resolvedBySystem).toBe(false);
  });

  it('partner-wide rules reach every organization; site targets narrow them', async () => {
    const site = await makeSite(org);
    const siteKey = (await createKey(admin, { orgId: org.id, siteId: site.id })).key;
    const atSite = await enroll(siteKey);
    const elsewhere = await enroll(key);
    const rule = await createRule({ name: 'Memory', severity: 'medium', targets: { siteIds: [site.id] }, condition: { type: 'metric', metric: 'memory', operator: 'gt', threshold: 70 } });
    await heartbeat(atSite, { metrics: { memoryPercent: 75 } });
    await heartbeat(elsewhere, { metrics: { memoryPercent: 75 } });
    const open = await openAlerts(rule.id);
    expect(open.map((a) => a.deviceId)).toEqual([atSite.deviceId]);
    expect(open[0].siteId).toBe(site.id);
  });

  it('POST /alerts/rules/:id/test reports matches without raising anything', async () => {
    const agent = await enroll(key);
    await beat(agent, 93);
    const rule = await createRule(cpuRule({ targets: { deviceIds: [agent.deviceId] }, enabled: false }));
    const res = await api.post(`/alerts/rules/${rule.id}/test`, { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ruleId: rule.id, evaluated: 1, matches: [{ deviceId: agent.deviceId, matched: true, value: 93 }] });
    const hypo = await api.post(`/alerts/rules/${rule.id}/test`, { token: admin, body: { deviceId: agent.deviceId, metrics: { cpuPercent: 10 } } });
    expect(hypo.body.matches[0]).toMatchObject({ matched: false, value: 10 });
    expect(await db.alert.count({ where: { ruleId: rule.id } })).toBe(0);
  });
});

describe('offline rules (worker sweep)', () => {
  it('raises for a device silent past the threshold and resolves when it beats again', async () => {
    const agent = await enroll(key);
    await heartbeat(agent);
    const rule = await createRule({ name: 'Offline', severity: 'critical', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'offline', durationMinutes: 10 }, cooldownMinutes: 0 });
    const sweep = async () => {
      await enqueueJob(db, 'sweep_alert_rules', {});
      await runDueJobs();
    };
    await sweep();
    expect(await openAlerts(rule.id)).toHaveLength(0);
    await db.device.update({ where: { id: agent.deviceId }, data: { lastSeenAt: new Date(Date.now() - 11 * 60_000), status: 'offline' } });
    await sweep();
    await sweep();
    const open = await openAlerts(rule.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severity: 'critical', deviceId: agent.deviceId, context: expect.objectContaining({ conditionType: 'offline' }) });
    await heartbeat(agent);
    await sweep();
    expect((await db.alert.findUniqueOrThrow({ where: { id: open[0].id } })).status).toBe('resolved');
  });

  it('the sweep and a user compete through the same compare-and-set', async () => {
    const agent = await enroll(key);
    await heartbeat(agent);
    const rule = await createRule({ name: 'Offline 2', severity: 'high', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'offline', durationMinutes: 5 } });
    await db.device.update({ where: { id: agent.deviceId }, data: { lastSeenAt: new Date(Date.now() - 6 * 60_000), status: 'offline' } });
    await enqueueJob(db, 'sweep_alert_rules', {});
    await runDueJobs();
    const [alert] = await openAlerts(rule.id);
    await heartbeat(agent);
    await enqueueJob(db, 'sweep_alert_rules', {});
    await runDueJobs();
    // The sweep won: acknowledging now is a 409 naming the resolved state.
    const ack = await api.post(`/alerts/${alert.id}/acknowledge`, { token: admin });
    expect(ack.status).toBe(409);
    expect(ack.body.error.details).toMatchObject({ status: 'resolved', resolvedBySystem: true });
  });
});

describe('script_failed rules', () => {
  it('a failed command result raises; a later success resolves', async () => {
    const agent = await enroll(key);
    const rule = await createRule({ name: 'Scripts', severity: 'medium', orgId: org.id, targets: { deviceIds: [agent.deviceId] }, condition: { type: 'script_failed' }, cooldownMinutes: 0 });
    const queue = () => api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'exit 1', timeoutSeconds: 30 } } });
    const c1 = await queue();
    expect(c1.status, c1.text).toBe(201);
    await heartbeat(agent);
    expect((await postResult(agent, c1.body.id, { status: 'failed', exitCode: 1 })).status).toBe(200);
    const [alert] = await openAlerts(rule.id);
    expect(alert).toMatchObject({ severity: 'medium', context: expect.objectContaining({ commandId: c1.body.id, status: 'failed' }) });
    const c2 = await queue();
    await heartbeat(agent);
    await postResult(agent, c2.body.id, { status: 'completed', exitCode: 0 });
    expect((await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).status).toBe('resolved');
  });
});
