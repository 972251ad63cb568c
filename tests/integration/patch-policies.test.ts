// Patch policies through the API: defaults, validation, targets and the maintenance window in
// scope, partner-wide versus organization policies, permissions, audit and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let partner: Awaited<ReturnType<typeof makePartner>>;
let admin: string;
let orgId: string;
let org2Id: string;
let agent: EnrolledAgent;
let orgUser: string;
let orgAdmin2: string;
let outsider: string;
let outsiderOrg: string;
let windowId: string;
let org2WindowId: string;

const NONE = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };
const windowBody = (org: string | null) => ({ name: 'Patch night', ...(org ? { orgId: org } : {}), targets: { ...NONE, orgIds: [org ?? orgId] }, startsAt: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 120, recurrence: 'weekly' });

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  orgId = org.id;
  const org2 = await makeOrg(partner.id);
  org2Id = org2.id;
  agent = await enroll((await createKey(admin, { orgId })).key);
  orgUser = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
  orgAdmin2 = await tokenFor(await makeOrgUser(partner, org2));
  const p2 = await makePartner();
  outsider = await tokenFor(await makePartnerUser(p2), { mfa: true });
  outsiderOrg = (await makeOrg(p2.id)).id;
  windowId = (await api.post('/maintenance/windows', { token: admin, body: windowBody(orgId) })).body.id;
  org2WindowId = (await api.post('/maintenance/windows', { token: admin, body: windowBody(org2Id) })).body.id;
});

describe('patch policies', () => {
  it('creates a policy with defaults, reads, lists and audits it', async () => {
    const res = await api.post('/patch-policies', { token: admin, body: { name: 'Servers', orgId, targets: { ...NONE, deviceIds: [agent.deviceId] } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      orgId,
      partnerId: partner.id,
      enabled: true,
      sources: ['os_vendor_a', 'os_vendor_b', 'linux', 'third_party', 'custom'],
      rebootBehavior: 'if_required',
      maintenanceWindowId: null,
      autoApprove: { critical: { approve: false, afterDays: 0 }, unknown: { approve: false, afterDays: 0 } },
      targets: { deviceIds: [agent.deviceId] },
    });
    const got = await api.get(`/patch-policies/${res.body.id}`, { token: orgUser });
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('Servers');
    const list = await api.get('/patch-policies', { token: admin, query: { search: 'serv', enabled: 'true' } });
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(res.body.id);
    expect(await db.auditLog.count({ where: { action: 'patch_policy.create', targetId: res.body.id } })).toBe(1);
  });

  it('stores auto-approve rules, reboot behaviour, sources and a window; PATCH replaces them', async () => {
    const res = await api.post('/patch-policies', {
      token: admin,
      body: { name: 'Fast lane', orgId, sources: ['linux'], autoApprove: { critical: { approve: true, afterDays: 0 }, important: { approve: true, afterDays: 7 } }, rebootBehavior: 'always', maintenanceWindowId: windowId },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.autoApprove).toMatchObject({ critical: { approve: true, afterDays: 0 }, important: { approve: true, afterDays: 7 }, low: { approve: false } });
    expect(res.body).toMatchObject({ sources: ['linux'], rebootBehavior: 'always', maintenanceWindowId: windowId });
    const upd = await api.patch(`/patch-policies/${res.body.id}`, { token: admin, body: { enabled: false, autoApprove: { low: { approve: true, afterDays: 30 } }, maintenanceWindowId: null } });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body).toMatchObject({ enabled: false, maintenanceWindowId: null, autoApprove: { critical: { approve: false }, low: { approve: true, afterDays: 30 } } });
    expect(await db.auditLog.count({ where: { action: 'patch_policy.update', targetId: res.body.id } })).toBe(1);
    const disabled = await api.get('/patch-policies', { token: admin, query: { enabled: 'false' } });
    expect(disabled.body.data.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
  });

  it('answers 400 for bad input', async () => {
    const bad = async (body: Record<string, unknown>, path?: string) => {
      const res = await api.post('/patch-policies', { token: admin, body: { name: 'x', orgId, ...body } });
      expect(res.status, res.text).toBe(400);
      if (path) expect(JSON.stringify(res.body.error.details)).toContain(path);
      return res;
    };
    await bad({ autoApprove: { critical: { approve: true, afterDays: 91 } } }, 'afterDays');
    await bad({ autoApprove: { urgent: { approve: true } } });
    await bad({ sources: [] }, 'sources');
    await bad({ sources: ['linux', 'linux'] }, 'sources');
    await bad({ sources: ['windows_update'] }, 'sources');
    await bad({ rebootBehavior: 'sometimes' }, 'rebootBehavior');
    await bad({ name: '' }, 'name');
    await bad({ extra: true });
    expect((await bad({ targets: { ...NONE, deviceIds: ['00000000-0000-4000-8000-000000000000'] } })).body.error.code).toBe('TARGET_NOT_IN_SCOPE');
    expect((await bad({ targets: { ...NONE, orgIds: [org2Id] } })).body.error.code).toBe('TARGET_NOT_IN_SCOPE');
    // Another organization's window, an unknown one, a cancelled one.
    expect((await bad({ maintenanceWindowId: org2WindowId }, 'maintenanceWindowId')).body.error.code).toBe('WINDOW_NOT_IN_SCOPE');
    await bad({ maintenanceWindowId: '00000000-0000-4000-8000-000000000000' }, 'maintenanceWindowId');
    const cancelled = (await api.post('/maintenance/windows', { token: admin, body: windowBody(orgId) })).body.id;
    expect((await api.post(`/maintenance/windows/${cancelled}/cancel`, { token: admin })).status).toBe(200);
    await bad({ maintenanceWindowId: cancelled }, 'maintenanceWindowId');
    const empty = await api.patch(`/patch-policies/${(await db.patchPolicy.findFirstOrThrow()).id}`, { token: admin, body: {} });
    expect(empty.status).toBe(400);
  });

  it('a partner-wide policy spans organizations and takes a partner-wide window; callers without every organization read but cannot write it', async () => {
    const wide = (await api.post('/maintenance/windows', { token: admin, body: windowBody(null) })).body.id;
    const res = await api.post('/patch-policies', { token: admin, body: { name: 'Everyone', targets: { ...NONE, orgIds: [orgId, org2Id] }, maintenanceWindowId: wide } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.orgId).toBeNull();
    // An organization's policy may use a partner-wide window too.
    expect((await api.post('/patch-policies', { token: admin, body: { name: 'Org on wide', orgId: org2Id, maintenanceWindowId: wide } })).status).toBe(201);
    // Organization callers see their own organization's policies only (as with maintenance windows).
    expect((await api.get(`/patch-policies/${res.body.id}`, { token: orgAdmin2 })).status).toBe(404);
    // A technician limited to one organization reads partner-wide policies but cannot write them.
    const limited = await tokenFor(await makePartnerUser(partner, { role: 'Technician', orgAccess: 'selected', orgIds: [orgId] }), { mfa: true });
    expect((await api.get(`/patch-policies/${res.body.id}`, { token: limited })).status).toBe(200);
    expect((await api.patch(`/patch-policies/${res.body.id}`, { token: limited, body: { enabled: false } })).status).toBe(403);
    expect((await api.delete(`/patch-policies/${res.body.id}`, { token: limited })).status).toBe(403);
    expect((await api.post('/patch-policies', { token: limited, body: { name: 'Wide' } })).status).toBe(403);
    // An organization caller's new policy is its own organization's.
    const own = await api.post('/patch-policies', { token: orgAdmin2, body: { name: 'Mine' } });
    expect(own.status, own.text).toBe(201);
    expect(own.body.orgId).toBe(org2Id);
    // … and it does not see the first organization's policies.
    const mine = (await api.get('/patch-policies', { token: orgAdmin2 })).body.data.map((p: { orgId: string | null }) => p.orgId);
    expect(mine.every((o: string | null) => o === null || o === org2Id)).toBe(true);
  });

  it('needs patches:approve to write', async () => {
    const res = await api.post('/patch-policies', { token: orgUser, body: { name: 'Nope' } });
    expect(res.status).toBe(403);
  });

  it('another partner gets 404 and changes nothing; deleting removes the policy, and a deleted window clears the link', async () => {
    const res = await api.post('/patch-policies', { token: admin, body: { name: 'Mine alone', orgId, maintenanceWindowId: windowId } });
    const id = res.body.id;
    expect((await api.get(`/patch-policies/${id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/patch-policies/${id}`, { token: outsider, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api.delete(`/patch-policies/${id}`, { token: outsider })).status).toBe(404);
    expect((await api.post('/patch-policies', { token: outsider, body: { name: 'x', orgId } })).status).toBe(404);
    expect((await api.post('/patch-policies', { token: outsider, body: { name: 'x', orgId: outsiderOrg, maintenanceWindowId: windowId } })).status).toBe(400);
    expect((await api.get('/patch-policies', { token: outsider })).body.data).toEqual([]);
    expect((await db.patchPolicy.findUniqueOrThrow({ where: { id } })).name).toBe('Mine alone');
    expect((await api.delete(`/maintenance/windows/${windowId}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/patch-policies/${id}`, { token: admin })).body.maintenanceWindowId).toBeNull();
    const del = await api.delete(`/patch-policies/${id}`, { token: admin });
    expect(del.status).toBeLessThan(300);
    expect((await api.get(`/patch-policies/${id}`, { token: admin })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: 'patch_policy.delete', targetId: id } })).toBe(1);
  });
});
