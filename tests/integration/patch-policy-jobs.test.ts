// Installs queued by patch policies: a policy with a maintenance window pins its devices' jobs
// to that window's next occurrence (another window covering the device does not start them);
// a policy without one installs at once; running again, or in two workers at once, creates no
// second job; the reboot behaviour travels in the command, a window with suppressReboots turns
// it into never (rebootDeferred), and the agent's reboot report lands on the job.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { applyPatchPolicies } from '@/lib/patches/apply-patch-policies';
import { startWindowJobs } from '@/lib/patches/start-window-jobs';

let admin: string;
let orgId: string;
let windowed: EnrolledAgent;
let immediate: EnrolledAgent;

const update = (name: string) => ({ name, installedVersion: '1.0', version: '2.0', severity: 'critical', cveIds: [] });
const report = (agent: EnrolledAgent, names: string[]) => api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: { manager: 'apt', refreshed: true, updates: names.map(update) } });
const noTargets = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };
const autoCritical = { critical: { approve: true, afterDays: 0 } };
const jobsOf = (deviceId: string) => db.patchJob.findMany({ where: { deviceId }, orderBy: { createdAt: 'asc' } });
const runPolicies = async () => {
  await enqueueJob(db, 'apply_patch_policies', {});
  await runDueJobs();
};
const window = async (name: string, deviceId: string, startsAt: Date, extra: Record<string, unknown> = {}) => {
  const res = await api.post('/maintenance/windows', { token: admin, body: { name, orgId, targets: { deviceIds: [deviceId] }, startsAt: startsAt.toISOString(), durationMinutes: 120, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; suppressReboots: boolean };
};

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  windowed = await enroll((await createKey(admin, { orgId })).key);
  immediate = await enroll((await createKey(admin, { orgId })).key);
  expect((await report(windowed, ['pj-a', 'pj-b'])).status).toBe(200);
  expect((await report(immediate, ['pj-c'])).status).toBe(200);
});

describe('install jobs of patch policies', () => {
  it('a policy with a window queues one next_window job per device, pinned to that window, once', async () => {
    const own = await window('Policy window', windowed.deviceId, new Date(Date.now() + 3_600_000), { suppressReboots: true });
    expect(own.suppressReboots).toBe(true);
    // Another window covering the device, open right now: the pinned job must not start in it.
    await window('Other window', windowed.deviceId, new Date(Date.now() - 60_000));
    const policy = await api.post('/patch-policies', {
      token: admin,
      body: { name: 'Windowed', orgId, targets: { ...noTargets, deviceIds: [windowed.deviceId] }, autoApprove: autoCritical, rebootBehavior: 'always', maintenanceWindowId: own.id },
    });
    expect(policy.status, policy.text).toBe(201);

    // Two workers at once, then once more: still one job.
    await Promise.all([applyPatchPolicies(), applyPatchPolicies()]);
    await runPolicies();
    const jobs = await jobsOf(windowed.deviceId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'install', schedule: 'next_window', status: 'scheduled', maintenanceWindowId: own.id, policyId: policy.body.id, rebootBehavior: 'always', commandId: null });
    expect(jobs[0].patchIds).toHaveLength(2);
    const dto = (await api.get('/patches/jobs', { token: admin, query: { deviceId: windowed.deviceId } })).body.data[0];
    expect(dto).toMatchObject({ policyId: policy.body.id, maintenanceWindowId: own.id, rebootBehavior: 'always', rebootDeferred: false, rebootRequired: null, rebootScheduled: null });

    // The approvals name the policy.
    const approvals = (await api.get('/patches/approvals', { token: admin, query: { orgId, status: 'approved' } })).body.data;
    expect(approvals.length).toBeGreaterThanOrEqual(2);
    for (const a of approvals) expect(a).toMatchObject({ decidedBy: null, decidedByPolicyId: policy.body.id });

    expect(await startWindowJobs()).toBe(0);
    expect((await db.patchJob.findUniqueOrThrow({ where: { id: jobs[0].id } })).status).toBe('scheduled');

    // The policy's own window opens: the job starts, and its reboot is held by suppressReboots.
    const occurrence = await db.maintenanceOccurrence.findFirstOrThrow({ where: { windowId: own.id } });
    expect((await api.post(`/maintenance/occurrences/${occurrence.id}/start`, { token: admin, body: {} })).status).toBe(200);
    expect(await startWindowJobs()).toBe(1);
    const started = await db.patchJob.findUniqueOrThrow({ where: { id: jobs[0].id } });
    expect(started).toMatchObject({ status: 'queued', rebootDeferred: true });
    const [command] = (await heartbeat(windowed)).body.commands.filter((c: { type: string }) => c.type === 'patch_install');
    expect(command.payload).toMatchObject({ jobId: started.id, reboot: 'never' });

    // While that job is open, the policy queues nothing more for the device.
    await runPolicies();
    expect(await jobsOf(windowed.deviceId)).toHaveLength(1);

    // The agent's report: installed, a reboot needed but not scheduled.
    const packages = (command.payload.packages as { patchId: string; name: string; version: string }[]).map((p) => ({ ...p, status: 'installed', installedVersion: p.version }));
    const res = await postResult(windowed, command.id, { status: 'completed', exitCode: 0, result: { jobId: started.id, packages, rebootRequired: true, rebootScheduled: false } });
    expect(res.status, res.text).toBe(200);
    const done = (await api.get('/patches/jobs', { token: admin, query: { deviceId: windowed.deviceId } })).body.data[0];
    expect(done).toMatchObject({ status: 'completed', rebootDeferred: true, rebootRequired: true, rebootScheduled: false });
  });

  it('a policy without a window installs at once with its reboot behaviour', async () => {
    const policy = await api.post('/patch-policies', {
      token: admin,
      body: { name: 'Immediate', orgId, targets: { ...noTargets, deviceIds: [immediate.deviceId] }, autoApprove: autoCritical, rebootBehavior: 'if_required' },
    });
    expect(policy.status, policy.text).toBe(201);
    await runPolicies();
    await runPolicies();
    const jobs = await jobsOf(immediate.deviceId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ schedule: 'now', status: 'queued', maintenanceWindowId: null, policyId: policy.body.id, rebootBehavior: 'if_required', rebootDeferred: false });
    const [command] = (await heartbeat(immediate)).body.commands.filter((c: { type: string }) => c.type === 'patch_install');
    expect(command.payload).toMatchObject({ jobId: jobs[0].id, reboot: 'if_required' });
  });

  it('manual jobs reboot never unless the request says otherwise', async () => {
    const manual = await enroll((await createKey(admin, { orgId })).key);
    expect((await report(manual, ['pj-m'])).status).toBe(200);
    const patch = await db.patch.findFirstOrThrow({ where: { name: 'pj-m' } });
    expect((await api.post(`/patches/${patch.id}/approve`, { token: admin, body: {} })).status).toBe(200);
    const created = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [manual.deviceId], rebootBehavior: 'always' } });
    expect(created.status, created.text).toBe(202);
    expect(created.body.jobs[0]).toMatchObject({ rebootBehavior: 'always', policyId: null });
    const [command] = (await heartbeat(manual)).body.commands.filter((c: { type: string }) => c.type === 'patch_install');
    expect(command.payload.reboot).toBe('always');
    const bad = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [manual.deviceId], rebootBehavior: 'sometimes' } });
    expect(bad.status).toBe(400);

    const other = await enroll((await createKey(admin, { orgId })).key);
    expect((await report(other, ['pj-m'])).status).toBe(200);
    const plain = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [other.deviceId] } });
    expect(plain.body.jobs[0]).toMatchObject({ rebootBehavior: 'never' });
    const [cmd] = (await heartbeat(other)).body.commands.filter((c: { type: string }) => c.type === 'patch_install');
    expect(cmd.payload.reboot).toBe('never');
  });
});
