// The apply_patch_policies task: enabled policies approve available patches of their targeted
// devices by severity and age, emit patch.approved, record the policy, never override a
// person's decline or deferral, and change nothing when run again.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

let admin: string;
let orgId: string;
let org2Id: string;
let target: EnrolledAgent;
let untargeted: EnrolledAgent;

const update = (name: string, severity: string) => ({ name, installedVersion: '1.0', version: '2.0', severity, cveIds: [] });
const report = (agent: EnrolledAgent, updates: unknown[]) => api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: { manager: 'apt', refreshed: true, updates } });
const approval = async (name: string, org = orgId) => db.patchApproval.findFirstOrThrow({ where: { orgId: org, patch: { name } } });
const runPolicies = async () => {
  await enqueueJob(db, 'apply_patch_policies', {});
  await runDueJobs();
};

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  org2Id = (await makeOrg(partner.id)).id;
  target = await enroll((await createKey(admin, { orgId })).key);
  untargeted = await enroll((await createKey(admin, { orgId: org2Id })).key);
  expect((await report(target, [update('pol-crit', 'critical'), update('pol-imp', 'important'), update('pol-low', 'low'), update('pol-declined', 'critical'), update('pol-deferred', 'critical')])).status).toBe(200);
  expect((await report(untargeted, [update('pol-crit', 'critical')])).status).toBe(200);
});

describe('apply_patch_policies', () => {
  it('approves due patches of targeted devices, once, and leaves human decisions alone', async () => {
    const declined = await approval('pol-declined');
    expect((await api.post(`/patches/${declined.patchId}/decline`, { token: admin, body: { orgIds: [orgId] } })).status).toBe(200);
    const deferred = await approval('pol-deferred');
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await api.post(`/patches/${deferred.patchId}/defer`, { token: admin, body: { orgIds: [orgId], until } })).status, 'defer').toBe(200);
    // important patches wait 7 days: first seen now, so not yet.
    const res = await api.post('/patch-policies', {
      token: admin,
      body: { name: 'Auto', targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [target.deviceId] }, autoApprove: { critical: { approve: true, afterDays: 0 }, important: { approve: true, afterDays: 7 } } },
    });
    expect(res.status, res.text).toBe(201);
    // A disabled policy approving everything does nothing.
    await api.post('/patch-policies', { token: admin, body: { name: 'Off', enabled: false, autoApprove: { low: { approve: true, afterDays: 0 } } } });

    await runPolicies();
    const crit = await approval('pol-crit');
    expect(crit).toMatchObject({ status: 'approved', decidedBy: null, decidedByPolicyId: res.body.id });
    expect((await approval('pol-imp')).status).toBe('pending');
    expect((await approval('pol-low')).status).toBe('pending');
    expect((await approval('pol-declined')).status).toBe('declined');
    expect((await approval('pol-deferred')).status).toBe('deferred');
    // The other organization's device is not targeted.
    expect((await approval('pol-crit', org2Id)).status).toBe('pending');
    const events = await db.event.findMany({ where: { orgId, type: 'patch.approved' } });
    expect(events).toHaveLength(1);
    expect((events[0].data as { policyId?: string }).policyId).toBe(res.body.id);
    expect((await api.get(`/patch-policies/${res.body.id}`, { token: admin })).body.lastAppliedAt).not.toBeNull();

    // Idempotent: a second run records and emits nothing new.
    await runPolicies();
    expect(await db.event.count({ where: { orgId, type: 'patch.approved' } })).toBe(1);

    // Once the important patch is 8 days old, it comes due.
    await db.devicePatch.updateMany({ where: { deviceId: target.deviceId, patch: { name: 'pol-imp' } }, data: { detectedAt: new Date(Date.now() - 8 * 86_400_000) } });
    await runPolicies();
    expect((await approval('pol-imp')).status).toBe('approved');
    expect((await approval('pol-low')).status).toBe('pending');
    expect(await db.event.count({ where: { orgId, type: 'patch.approved' } })).toBe(2);
  });
});
