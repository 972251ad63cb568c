// Alert suppression during maintenance, end to end through the real pipeline: an agent's
// heartbeat breaches a metric rule while its device is in an active occurrence, and the alert
// is raised straight into `suppressed` with no event and no notification; outside maintenance
// (ended, not started, or a window that does not suppress alerts) it is raised as usual.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { eventsOf } from '../helpers/alerts';
import { db } from '@/lib/db';
import { deviceMaintenanceNow } from '@/lib/maintenance/device-maintenance-now';

let admin: string;
let adminUser: { id: string };
let org: { id: string; partnerId: string };
let key: string;
let ruleId: string;

beforeAll(async () => {
  const partner = await makePartner();
  adminUser = await makePartnerUser(partner);
  admin = await tokenFor(adminUser, { mfa: true });
  org = await makeOrg(partner.id);
  key = (await createKey(admin, { orgId: org.id })).key;
  const rule = await api.post('/alerts/rules', {
    token: admin,
    body: { name: 'CPU hot', severity: 'high', orgId: org.id, cooldownMinutes: 0, condition: { type: 'metric', metric: 'cpu', operator: 'gt', threshold: 90 } },
  });
  expect(rule.status, rule.text).toBe(201);
  ruleId = rule.body.id;
  const policy = await api.post('/alerts/policies', { token: admin, body: { name: 'Bell', orgId: org.id, userIds: [adminUser.id] } });
  expect(policy.status, policy.text).toBe(201);
});

const beat = (agent: EnrolledAgent, cpuPercent: number) => heartbeat(agent, { metrics: { cpuPercent, memoryPercent: 40, diskPercent: 50 } });
const alertsOf = (deviceId: string) => db.alert.findMany({ where: { ruleId, deviceId }, orderBy: { triggeredAt: 'asc' } });
const noTargets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };

async function maintenance(targets: Record<string, string[]>, extra: Record<string, unknown> = {}) {
  const res = await api.post('/maintenance/windows', {
    token: admin,
    body: { name: 'Upgrade', orgId: org.id, targets: { ...noTargets, ...targets }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60, ...extra },
  });
  expect(res.status, res.text).toBe(201);
  const occurrence = await db.maintenanceOccurrence.findFirstOrThrow({ where: { windowId: res.body.id } });
  return { windowId: res.body.id as string, occurrence };
}

describe('alerts during maintenance', () => {
  it('raises a breach of a device in maintenance as suppressed, silently; after the occurrence ends it alerts as usual', async () => {
    const inside = await enroll(key);
    const outside = await enroll(key);
    const group = await api.post('/groups', { token: admin, body: { name: 'Patch group', orgId: org.id, type: 'static', deviceIds: [inside.deviceId] } });
    const { windowId, occurrence } = await maintenance({ groupIds: [group.body.id] });

    await beat(inside, 95);
    const [suppressed] = await alertsOf(inside.deviceId);
    expect(suppressed).toMatchObject({ status: 'suppressed', suppressedBy: null, openKey: `rule:${ruleId}:${inside.deviceId}` });
    expect(suppressed.suppressedUntil!.toISOString()).toBe(occurrence.endsAt.toISOString());
    expect(suppressed.context).toMatchObject({ metric: 'cpu', value: 95, maintenance: { windowId, occurrenceId: occurrence.id } });
    expect(await eventsOf('alert.triggered', suppressed.id)).toBe(0);
    expect(await db.notification.count({ where: { alertId: suppressed.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'alert.trigger', targetId: suppressed.id } })).toBe(1);
    // Still breaching: the open suppressed alert holds the key, nothing new is raised.
    await beat(inside, 97);
    expect(await alertsOf(inside.deviceId)).toHaveLength(1);
    const listed = await api.get('/alerts', { token: admin, query: { deviceId: inside.deviceId } });
    expect(listed.body.data[0]).toMatchObject({ id: suppressed.id, status: 'suppressed' });

    // The same breach elsewhere alerts normally.
    await beat(outside, 95);
    const [loud] = await alertsOf(outside.deviceId);
    expect(loud.status).toBe('active');
    expect(await eventsOf('alert.triggered', loud.id)).toBe(1);
    expect(await db.notification.count({ where: { alertId: loud.id } })).toBe(1);

    // The condition clears: the suppressed alert auto-resolves like any other.
    await beat(inside, 20);
    expect((await db.alert.findUniqueOrThrow({ where: { id: suppressed.id } })).status).toBe('resolved');

    // Maintenance ends: the next breach is a real alert.
    expect((await api.post(`/maintenance/occurrences/${occurrence.id}/end`, { token: admin })).status).toBe(200);
    await beat(inside, 96);
    const fresh = (await alertsOf(inside.deviceId)).find((a) => a.id !== suppressed.id)!;
    expect(fresh.status).toBe('active');
    expect(await eventsOf('alert.triggered', fresh.id)).toBe(1);
  });

  it('a window with suppressAlerts false, or one not started yet, does not suppress', async () => {
    const a = await enroll(key);
    const b = await enroll(key);
    await maintenance({ deviceIds: [a.deviceId] }, { suppressAlerts: false });
    await maintenance({ deviceIds: [b.deviceId] }, { startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    await beat(a, 95);
    await beat(b, 95);
    expect((await alertsOf(a.deviceId))[0].status).toBe('active');
    expect((await alertsOf(b.deviceId))[0].status).toBe('active');
  });

  it('the in-maintenance probe covers organization, site, group and device targets, and stops at cancellation and end', async () => {
    const orgB = await makeOrg(org.partnerId);
    const site = await makeSite(orgB);
    const keyB = (await createKey(admin, { orgId: orgB.id })).key;
    const keySite = (await createKey(admin, { orgId: orgB.id, siteId: site.id })).key;
    const [plain, atSite] = [await enroll(keyB), await enroll(keySite)];
    const ref = (d: EnrolledAgent) => ({ partnerId: org.partnerId, orgId: orgB.id, siteId: d.siteId, deviceId: d.deviceId });
    expect(await deviceMaintenanceNow(db, ref(plain))).toBeNull();

    const bySite = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: 'Site', orgId: orgB.id, targets: { ...noTargets, siteIds: [site.id] }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 30 },
    });
    expect(bySite.status, bySite.text).toBe(201);
    expect(await deviceMaintenanceNow(db, ref(plain))).toBeNull();
    expect((await deviceMaintenanceNow(db, ref(atSite)))?.windowId).toBe(bySite.body.id);

    const byOrg = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: 'Org', orgId: orgB.id, targets: { ...noTargets, orgIds: [orgB.id] }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 90 },
    });
    // The one ending last wins.
    expect((await deviceMaintenanceNow(db, ref(atSite)))?.windowId).toBe(byOrg.body.id);
    expect((await deviceMaintenanceNow(db, ref(plain)))?.windowId).toBe(byOrg.body.id);
    await api.delete(`/maintenance/windows/${byOrg.body.id}`, { token: admin });
    expect(await deviceMaintenanceNow(db, ref(plain))).toBeNull();
    const [siteOcc] = await db.maintenanceOccurrence.findMany({ where: { windowId: bySite.body.id } });
    await api.post(`/maintenance/occurrences/${siteOcc.id}/end`, { token: admin });
    expect(await deviceMaintenanceNow(db, ref(atSite))).toBeNull();
    // Another partner's device with the same organization id would not match: the partner is in the predicate.
    expect(await deviceMaintenanceNow(db, { ...ref(plain), partnerId: (await makePartner()).id })).toBeNull();
  });
});
