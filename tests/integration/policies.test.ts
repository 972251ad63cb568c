// Configuration policies through the API: validation, PUT versus PATCH, the effective policy by
// precedence, tenancy and the partner-API exports. Their evaluation (checks, events, the
// evaluate_policies task) is in policy-evaluation.test.ts, on the same world.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { heartbeat, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { asPrincipal, exportAll, makePrincipal } from '../helpers/partner-api';
import { makePolicyWorld, uniq, type PolicyWorld } from '../helpers/policies';
import { db } from '@/lib/db';
import { heartbeatIntervalFor } from '@/lib/policies/agent-interval';

let admin: string;
let orgUser: string;
let outsider: string;
let partner: PolicyWorld['partner'];
let orgId: string;
let otherOrgId: string;
let siteId: string;
let a: EnrolledAgent;
let b: EnrolledAgent;
let c: EnrolledAgent;
let create: PolicyWorld['create'];

beforeAll(async () => {
  ({ admin, orgUser, outsider, partner, orgId, otherOrgId, siteId, a, b, c, create } = await makePolicyWorld());
});

describe('validation and CRUD', () => {
  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await db.policy.count({ where: { partnerId: partner.id } });
    const bad = [
      { name: '' },
      { name: 'x', settings: { heartbeatIntervalSeconds: 1 } },
      { name: 'x', settings: { unknown: 1 } },
      { name: 'x', checks: [{ id: 'a', kind: 'nope' }] },
      { name: 'x', checks: [{ id: 'a', kind: 'file_exists', path: '/etc/x' }, { id: 'a', kind: 'file_exists', path: '/etc/y' }] },
      { name: 'x', checks: [{ id: 'bad id!', kind: 'file_exists', path: '/x' }] },
      { name: 'x', assignments: [{ targetType: 'site', targetId: 'not-a-uuid' }] },
    ];
    for (const body of bad) {
      const res = await api.post('/policies', { token: admin, body: { orgId, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const elsewhere = await api.post('/policies', { token: admin, body: { name: 'x', orgId, assignments: [{ targetType: 'organization', targetId: otherOrgId }] } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe('TARGET_NOT_IN_SCOPE');
    const partnerOnOrgPolicy = await api.post('/policies', { token: admin, body: { name: 'x', orgId, assignments: [{ targetType: 'partner', targetId: partner.id }] } });
    expect(partnerOnOrgPolicy.status).toBe(400);
    expect(await db.policy.count({ where: { partnerId: partner.id } })).toBe(before);
  });

  it('PUT replaces the whole policy, PATCH changes only what is given, and both are audited', async () => {
    const p = await create({ description: 'keep?', settings: { heartbeatIntervalSeconds: 60, inventoryIntervalMinutes: 120 }, assignments: [{ targetType: 'organization', targetId: orgId }] });
    const patched = await api.patch(`/policies/${p.id}`, { token: admin, body: { settings: { heartbeatIntervalSeconds: 90 } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ description: 'keep?', settings: { heartbeatIntervalSeconds: 90 }, assignments: [{ targetType: 'organization', targetId: orgId }] });
    const put = await api.put(`/policies/${p.id}`, { token: admin, body: { name: 'Replaced' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'Replaced', description: null, active: true, settings: {}, checks: [], assignments: [] });
    expect((await api.put(`/policies/${p.id}`, { token: admin, body: { name: 'x', orgId } })).status).toBe(400);
    expect((await api.patch(`/policies/${p.id}`, { token: admin, body: {} })).status).toBe(400);
    const audit = await db.auditLog.findMany({ where: { targetId: p.id }, select: { action: true } });
    expect(audit.map((x) => x.action).sort()).toEqual(['policy.create', 'policy.replace', 'policy.update']);
    expect((await api.delete(`/policies/${p.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/policies/${p.id}`, { token: admin })).status).toBe(404);
  });

  it('keeps other tenants out (404) and read-only callers from writing', async () => {
    const p = await create({});
    expect((await api.get(`/policies/${p.id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/policies/${p.id}`, { token: outsider, body: { name: 'x' } })).status).toBe(404);
    expect((await api.get(`/policies/${p.id}/compliance`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/policies/compliance/device/${a.deviceId}`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/devices/${a.deviceId}/effective-policy`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/policies/${p.id}`, { token: orgUser })).status).toBe(200);
    expect((await api.patch(`/policies/${p.id}`, { token: orgUser, body: { name: 'x' } })).status).toBe(403);
    const list = await api.get('/policies', { token: outsider });
    expect(list.body.data.find((x: { id: string }) => x.id === p.id)).toBeUndefined();
  });
});

describe('effective policy', () => {
  it('merges settings by precedence device > group > site > organization > partner', async () => {
    const window = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: `W ${uniq()}`, targets: { orgIds: [orgId], siteIds: [], groupIds: [], deviceIds: [] }, startsAt: new Date(Date.now() + 3_600_000).toISOString(), durationMinutes: 60, timezone: 'UTC', recurrence: 'none' },
    });
    expect(window.status, window.text).toBe(201);
    const windowId = window.body.id as string;
    const foreign = await api.post('/policies', { token: admin, body: { name: 'x', orgId, settings: { patchPolicyId: '00000000-0000-4000-8000-000000000001' } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('SETTING_NOT_IN_SCOPE');
    const group = await api.post('/groups', { token: admin, body: { orgId, name: `G ${uniq()}`, type: 'static', deviceIds: [a.deviceId] } });
    expect(group.status, group.text).toBe(201);
    const wide = await api.post('/policies', {
      token: admin,
      body: { name: `Partner ${uniq()}`, settings: { heartbeatIntervalSeconds: 300, inventoryIntervalMinutes: 1440, maintenanceWindowId: windowId }, assignments: [{ targetType: 'partner', targetId: partner.id }] },
    });
    expect(wide.status, wide.text).toBe(201);
    const org = await create({ settings: { heartbeatIntervalSeconds: 240, inventoryIntervalMinutes: 720 }, assignments: [{ targetType: 'organization', targetId: orgId }] });
    const site = await create({ settings: { heartbeatIntervalSeconds: 180 }, assignments: [{ targetType: 'site', targetId: siteId }] });
    const grp = await create({ settings: { heartbeatIntervalSeconds: 120 }, assignments: [{ targetType: 'group', targetId: group.body.id }] });
    const dev = await create({ settings: { heartbeatIntervalSeconds: 60 }, assignments: [{ targetType: 'device', targetId: a.deviceId }] });

    // The worker stores the effective intervals; the heartbeat answers with them.
    await runDueJobs();
    expect((await heartbeat(a)).body.heartbeatIntervalSeconds).toBe(heartbeatIntervalFor(60));
    expect((await heartbeat(c)).body.heartbeatIntervalSeconds).toBe(heartbeatIntervalFor(180));
    const ea = await api.get(`/devices/${a.deviceId}/effective-policy`, { token: admin });
    expect(ea.status, ea.text).toBe(200);
    expect(ea.body.settings).toEqual({ heartbeatIntervalSeconds: 60, inventoryIntervalMinutes: 720, maintenanceWindowId: windowId });
    const src = Object.fromEntries(ea.body.sources.map((s: { key: string; policyId: string; via: string }) => [s.key, [s.policyId, s.via]]));
    expect(src).toEqual({ heartbeatIntervalSeconds: [dev.id, 'device'], inventoryIntervalMinutes: [org.id, 'organization'], maintenanceWindowId: [wide.body.id, 'partner'] });
    expect(ea.body.policies.map((p: { via: string }) => p.via)).toEqual(['device', 'group', 'site', 'organization', 'partner']);
    // b is in the site but not the group
    const eb = await api.get(`/devices/${b.deviceId}/effective-policy`, { token: admin });
    expect(eb.body.settings.heartbeatIntervalSeconds).toBe(180);
    expect(eb.body.sources.find((s: { key: string }) => s.key === 'heartbeatIntervalSeconds').policyId).toBe(site.id);
    // a deactivated policy leaves the effective policy
    expect((await api.post(`/policies/${dev.id}/deactivate`, { token: admin })).status).toBe(200);
    const after = await api.get(`/devices/${a.deviceId}/effective-policy`, { token: admin });
    expect(after.body.settings.heartbeatIntervalSeconds).toBe(120);
    expect(after.body.sources.find((s: { key: string }) => s.key === 'heartbeatIntervalSeconds').policyId).toBe(grp.id);
    for (const id of [wide.body.id, org.id, site.id, grp.id, dev.id]) expect((await api.delete(`/policies/${id}`, { token: admin })).status).toBe(204);
    await runDueJobs();
    expect((await heartbeat(a)).body.heartbeatIntervalSeconds).toBe(heartbeatIntervalFor(null));
  });
});

describe('partner-API exports', () => {
  it('export the policies and their assignments', async () => {
    const p = await create({ assignments: [{ targetType: 'organization', targetId: orgId }, { targetType: 'device', targetId: a.deviceId }] });
    const principal = await makePrincipal(admin, { scopes: ['configuration:read'] });
    const policies = await exportAll('configuration-policies', principal.key, 2);
    expect(policies.find((x) => x.id === p.id)).toMatchObject({ name: p.name, orgId, availability: 'org', active: true });
    const assignments = await exportAll('configuration-assignments', principal.key, 1);
    expect(assignments.filter((x) => x.policyId === p.id).map((x) => x.targetType).sort()).toEqual(['device', 'organization']);
    const narrowed = await makePrincipal(admin, { scopes: ['configuration:read'], orgIds: [otherOrgId] });
    expect((await exportAll('configuration-policies', narrowed.key, 50)).find((x) => x.id === p.id)).toBeUndefined();
    expect((await api.get('/partner-api/configuration-policies', asPrincipal(narrowed.key, { query: { limit: 0 } }))).status).toBe(400);
  });
});
