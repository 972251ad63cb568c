// The effective policy changes behaviour, through the real evaluate_policies task and the real
// readers: the heartbeat answers with the inventory interval, alert rules named by a policy
// apply to its devices (metric rules on beats, offline rules in the sweep, script_failed rules on
// command results), a patch policy named by a policy covers its devices (and only that one),
// and a maintenance window named by a policy suppresses its devices' alerts and lists them as
// in maintenance.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { DEFAULT_INVENTORY_INTERVAL_MINUTES } from '@/lib/policies/agent-interval';
import { sweepAlertRules } from '@/lib/alerts/evaluation/sweep-alert-rules';
import { policyDeviceWhere } from '@/lib/patches/patch-policy-scope';
import { deviceMaintenanceNow } from '@/lib/maintenance/device-maintenance-now';

let admin: string;
let orgId: string;
let partnerId: string;
let a: EnrolledAgent;
let b: EnrolledAgent;
let c: EnrolledAgent;

const uniq = () => Math.random().toString(36).slice(2, 7);
const noTargets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };

async function policy(body: Record<string, unknown>) {
  const res = await api.post('/policies', { token: admin, body: { name: `P ${uniq()}`, orgId, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function rule(body: Record<string, unknown>) {
  const res = await api.post('/alerts/rules', { token: admin, body: { name: `R ${uniq()}`, severity: 'high', orgId, cooldownMinutes: 0, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const hot = (agent: EnrolledAgent) => heartbeat(agent, { metrics: { cpuPercent: 99, memoryPercent: 10, diskPercent: 10 } });
const openAlerts = (ruleId: string) => db.alert.findMany({ where: { ruleId, resolvedAt: null }, select: { deviceId: true, status: true } });

beforeAll(async () => {
  const partner = await makePartner();
  partnerId = partner.id;
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  const key = (await createKey(admin, { orgId })).key;
  a = await enroll(key, { hostname: 'enf-a' });
  b = await enroll(key, { hostname: 'enf-b' });
  c = await enroll(key, { hostname: 'enf-c' });
  await runDueJobs();
});

describe('inventory interval', () => {
  it('is sent in the heartbeat answer: the effective policy’s, else daily', async () => {
    expect((await heartbeat(a)).body.inventoryIntervalMinutes).toBe(DEFAULT_INVENTORY_INTERVAL_MINUTES);
    const id = await policy({ settings: { inventoryIntervalMinutes: 60 }, assignments: [{ targetType: 'device', targetId: a.deviceId }] });
    await runDueJobs();
    expect((await heartbeat(a)).body.inventoryIntervalMinutes).toBe(60);
    expect((await heartbeat(b)).body.inventoryIntervalMinutes).toBe(DEFAULT_INVENTORY_INTERVAL_MINUTES);
    expect((await api.patch(`/policies/${id}`, { token: admin, body: { settings: { inventoryIntervalMinutes: 240 } } })).status).toBe(200);
    await runDueJobs();
    expect((await heartbeat(a)).body.inventoryIntervalMinutes).toBe(240);
    expect((await api.delete(`/policies/${id}`, { token: admin })).status).toBe(204);
    await runDueJobs();
    expect((await heartbeat(a)).body.inventoryIntervalMinutes).toBe(DEFAULT_INVENTORY_INTERVAL_MINUTES);
  });
});

describe('alert rule sets', () => {
  it('applies a metric rule to the devices whose policy names it, beside the rule’s own targets', async () => {
    // Targets c only; the policy adds a.
    const targeted = await rule({ targets: { ...noTargets, deviceIds: [c.deviceId] }, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } });
    // No targets (the whole organization) until a policy names it: then only the policy's devices.
    const set = await rule({ condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 95 } });
    const pid = await policy({ settings: { alertRuleIds: [targeted, set] }, assignments: [{ targetType: 'device', targetId: a.deviceId }] });
    await runDueJobs();
    for (const agent of [a, b, c]) expect((await hot(agent)).status).toBe(200);
    expect((await openAlerts(targeted)).map((x) => x.deviceId).sort()).toEqual([a.deviceId, c.deviceId].sort());
    expect((await openAlerts(set)).map((x) => x.deviceId)).toEqual([a.deviceId]);

    // Deactivated: the policy no longer names them; the set rule covers its whole scope again.
    expect((await api.post(`/policies/${pid}/deactivate`, { token: admin })).status).toBe(200);
    await runDueJobs();
    expect(await db.devicePolicySettings.findUnique({ where: { deviceId: a.deviceId } })).toBeNull();
    expect((await hot(b)).status).toBe(200);
    expect((await openAlerts(set)).map((x) => x.deviceId).sort()).toEqual([a.deviceId, b.deviceId].sort());
    await db.alertRule.updateMany({ where: { id: { in: [targeted, set] } }, data: { enabled: false } });
  });

  it('applies an offline rule in the sweep only to the devices whose policy names it', async () => {
    const offline = await rule({ condition: { type: 'offline', durationMinutes: 5 } });
    await policy({ settings: { alertRuleIds: [offline] }, assignments: [{ targetType: 'device', targetId: b.deviceId }] });
    await runDueJobs();
    await db.device.updateMany({ where: { id: { in: [a.deviceId, b.deviceId] } }, data: { lastSeenAt: new Date(Date.now() - 3_600_000), status: 'offline' } });
    await sweepAlertRules();
    expect((await openAlerts(offline)).map((x) => x.deviceId)).toEqual([b.deviceId]);
    await db.alertRule.update({ where: { id: offline }, data: { enabled: false } });
    await heartbeat(a);
    await heartbeat(b);
  });

  it('applies a script_failed rule named by a policy to a device outside its targets', async () => {
    const failed = await rule({ targets: { ...noTargets, deviceIds: [b.deviceId] }, condition: { type: 'script_failed' } });
    await policy({ settings: { alertRuleIds: [failed] }, assignments: [{ targetType: 'device', targetId: c.deviceId }] });
    await runDueJobs();
    for (const agent of [a, c]) {
      const cmd = await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'exit 3', timeoutSeconds: 30 } } });
      expect(cmd.status, cmd.text).toBe(201);
      const beat = await heartbeat(agent);
      const claimed = (beat.body.commands as { id: string; type: string }[]).find((x) => x.id === cmd.body.id);
      expect(claimed).toBeTruthy();
      const res = await postResult(agent, cmd.body.id, { status: 'failed', exitCode: 3 });
      expect(res.status, res.text).toBe(200);
    }
    expect((await openAlerts(failed)).map((x) => x.deviceId)).toEqual([c.deviceId]);
    await db.alertRule.update({ where: { id: failed }, data: { enabled: false } });
  });
});

describe('patch policy', () => {
  it('covers the devices whose policy names it; they leave the patch policies their placement gives them', async () => {
    const create = async (name: string, targets: Record<string, string[]>) => {
      const res = await api.post('/patch-policies', { token: admin, body: { name, orgId, targets: { ...noTargets, ...targets }, sources: ['linux'] } });
      expect(res.status, res.text).toBe(201);
      return db.patchPolicy.findUniqueOrThrow({ where: { id: res.body.id } });
    };
    const servers = await create(`Servers ${uniq()}`, { deviceIds: [b.deviceId] });
    const everyone = await create(`Everyone ${uniq()}`, {});
    const covered = async (p: typeof servers) => (await db.device.findMany({ where: { AND: [policyDeviceWhere(p), { orgId }] }, select: { id: true } })).map((d) => d.id).sort();
    expect(await covered(servers)).toEqual([b.deviceId]);
    expect(await covered(everyone)).toEqual([a.deviceId, b.deviceId, c.deviceId].sort());
    const pid = await policy({ settings: { patchPolicyId: servers.id }, assignments: [{ targetType: 'device', targetId: a.deviceId }] });
    await runDueJobs();
    expect(await covered(servers)).toEqual([a.deviceId, b.deviceId].sort());
    expect(await covered(everyone)).toEqual([b.deviceId, c.deviceId].sort());
    expect((await api.delete(`/policies/${pid}`, { token: admin })).status).toBe(204);
    await runDueJobs();
    expect(await covered(servers)).toEqual([b.deviceId]);
    expect(await covered(everyone)).toEqual([a.deviceId, b.deviceId, c.deviceId].sort());
  });
});

describe('maintenance window', () => {
  it('puts the devices whose policy names it into the window: alerts suppressed, listed as in maintenance', async () => {
    const win = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: `W ${uniq()}`, orgId, targets: { ...noTargets, deviceIds: [b.deviceId] }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60 },
    });
    expect(win.status, win.text).toBe(201);
    const ref = (x: EnrolledAgent) => ({ partnerId, orgId, siteId: null, deviceId: x.deviceId });
    expect(await deviceMaintenanceNow(db, ref(a))).toBeNull();
    await policy({ settings: { maintenanceWindowId: win.body.id }, assignments: [{ targetType: 'device', targetId: a.deviceId }] });
    await runDueJobs();
    expect(await deviceMaintenanceNow(db, ref(a))).toMatchObject({ windowId: win.body.id });
    expect(await deviceMaintenanceNow(db, ref(c))).toBeNull();

    const cpu = await rule({ condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } });
    await hot(a);
    await hot(c);
    const alerts = await openAlerts(cpu);
    expect(alerts.find((x) => x.deviceId === a.deviceId)?.status).toBe('suppressed');
    expect(alerts.find((x) => x.deviceId === c.deviceId)?.status).toBe('active');

    const active = await api.get('/maintenance/active', { token: admin, query: { orgId } });
    expect(active.status, active.text).toBe(200);
    const byDevice = new Map((active.body.data as { deviceId: string; windows: { matchedBy: string }[] }[]).map((d) => [d.deviceId, d.windows.map((w) => w.matchedBy)]));
    expect(byDevice.get(a.deviceId)).toEqual(['policy']);
    expect(byDevice.get(b.deviceId)).toEqual(['device']);
    expect(byDevice.has(c.deviceId)).toBe(false);
  });
});
