// Deployments through the API with the real advance_deployments task: a staged software rollout
// over five devices (batches of two) driven by agent results on the real result endpoint, the
// failure threshold, retry, cancel, the deadline, maintenance windows (maintenanceWindowOnly and
// suppressDeployments), a script deployment, tenancy, validation and refused transitions.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

const NONE = { orgIds: [], siteIds: [], groupIds: [], deviceIds: [] };
let admin: string;
let orgUser: string;
let outsider: string;
let partner: Awaited<ReturnType<typeof makePartner>>;
let orgId: string;
let linux: EnrolledAgent[];
let windows: EnrolledAgent;
let packageId: string;
let versionId: string;
let installerPackageId: string;
let installerVersionId: string;

const devicesOf = (agents: EnrolledAgent[]) => agents.map((a) => a.deviceId);
const agentOf = (deviceId: string) => [...linux, windows].find((a) => a.deviceId === deviceId)!;
const softwareBody = (deviceIds: string[], extra: Record<string, unknown> = {}) => ({
  name: `Nginx ${Math.random().toString(36).slice(2, 7)}`,
  orgId,
  kind: 'software',
  payload: { packageId, versionId },
  targets: { ...NONE, deviceIds },
  ...extra,
});

async function advance() {
  await enqueueJob(db, 'advance_deployments', {});
  await runDueJobs();
}

async function rows(id: string) {
  const res = await api.get(`/deployments/${id}/devices`, { token: admin, query: { limit: 200 } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { deviceId: string; hostname: string; batch: number; status: string; commandId: string | null; error: string | null; attempts: number; result: unknown }[];
}

const get = async (id: string) => (await api.get(`/deployments/${id}`, { token: admin })).body;

/** Creates, initializes and starts; returns the id. */
async function started(body: Record<string, unknown>) {
  const created = await api.post('/deployments', { token: admin, body });
  expect(created.status, created.text).toBe(201);
  expect((await api.post(`/deployments/${created.body.id}/initialize`, { token: admin })).status).toBe(200);
  const start = await api.post(`/deployments/${created.body.id}/start`, { token: admin });
  expect(start.status, start.text).toBe(200);
  return created.body.id as string;
}

/** The agent claims its commands (they become `sent`) and reports one result for the deployment's. */
async function report(id: string, deviceId: string, status: 'completed' | 'failed', result: Record<string, unknown> = {}) {
  const row = (await rows(id)).find((r) => r.deviceId === deviceId)!;
  expect(row.commandId, `${row.hostname} ${row.status}`).not.toBeNull();
  await heartbeat(agentOf(deviceId));
  const res = await postResult(agentOf(deviceId), row.commandId!, { status, exitCode: status === 'completed' ? 0 : 100, stdout: 'apt output', stderr: status === 'failed' ? 'E: Unable to locate package' : '', result });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  orgId = org.id;
  orgUser = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  const key = (await createKey(admin, { orgId })).key;
  linux = [];
  for (const h of ['dep-a', 'dep-b', 'dep-c', 'dep-d', 'dep-e']) linux.push(await enroll(key, { hostname: h }));
  windows = await enroll(key, { hostname: 'dep-win', osType: 'windows', osVersion: 'Windows 11' });
  const pkg = await api.post('/software/catalog', { token: admin, body: { name: 'Nginx', kind: 'package_manager', packageRef: 'apt:nginx', osTypes: ['linux'] } });
  expect(pkg.status, pkg.text).toBe(201);
  packageId = pkg.body.id;
  const version = await api.post(`/software/catalog/${packageId}/versions`, { token: admin, body: { version: '1.22.1' } });
  expect(version.status, version.text).toBe(201);
  versionId = version.body.id;
  const inst = await api.post('/software/catalog', { token: admin, body: { name: 'Agent Tool', kind: 'installer', osTypes: ['windows'] } });
  installerPackageId = inst.body.id;
  installerVersionId = (await api.post(`/software/catalog/${installerPackageId}/versions`, { token: admin, body: { version: '2.0' } })).body.id;
});

describe('deployments', () => {
  it('rolls out in staged batches as agents report, fails on a failed device, and completes after a retry', async () => {
    const created = await api.post('/deployments', {
      token: admin,
      body: softwareBody([...devicesOf(linux), windows.deviceId], { rollout: { strategy: 'staged', batchSize: 2, failureThresholdPercent: 50 } }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', kind: 'software', currentBatch: 0, totalBatches: 0, pauseReason: null, rollout: { strategy: 'staged', batchSize: 2, batchPercent: null, failureThresholdPercent: 50, batchIntervalMinutes: 0 }, schedule: { maintenanceWindowOnly: false, deadline: null } });
    const id = created.body.id as string;

    const ready = await api.post(`/deployments/${id}/initialize`, { token: admin });
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', totalBatches: 3, progress: { total: 6, pending: 5, skipped: 1 } });
    const initial = await rows(id);
    expect(initial.find((r) => r.deviceId === windows.deviceId)).toMatchObject({ status: 'skipped', error: expect.stringContaining('linux') });
    expect(initial.filter((r) => r.status === 'pending').map((r) => [r.hostname, r.batch])).toEqual([['dep-a', 1], ['dep-b', 1], ['dep-c', 2], ['dep-d', 2], ['dep-e', 3]]);

    expect((await api.post(`/deployments/${id}/start`, { token: admin })).body).toMatchObject({ status: 'running', currentBatch: 1 });
    await runDueJobs();
    let now = await rows(id);
    expect(now.filter((r) => r.status === 'queued').map((r) => r.hostname)).toEqual(['dep-a', 'dep-b']);
    expect(now.filter((r) => r.status === 'pending')).toHaveLength(3);

    // The agent receives the contract payload; once delivered the row reads `running`.
    const beat = await heartbeat(linux[0]);
    const cmd = beat.body.commands.find((c: { type: string }) => c.type === 'software_install');
    expect(cmd.payload).toMatchObject({ deploymentId: id, package: { kind: 'package_manager', manager: 'apt', name: 'nginx', version: '1.22.1' } });
    expect((await rows(id)).find((r) => r.hostname === 'dep-a')!.status).toBe('running');
    expect((await get(id)).progress).toMatchObject({ running: 1, queued: 1 });

    await report(id, linux[0].deviceId, 'completed', { installedVersion: '1.22.1', manager: 'apt', alreadyInstalled: false });
    expect((await get(id)).currentBatch).toBe(1);
    await report(id, linux[1].deviceId, 'completed', { installedVersion: '1.22.1', manager: 'apt', alreadyInstalled: false });
    await runDueJobs();
    expect(await get(id)).toMatchObject({ status: 'running', currentBatch: 2 });
    now = await rows(id);
    expect(now.find((r) => r.hostname === 'dep-a')).toMatchObject({ status: 'succeeded', attempts: 1, result: { installedVersion: '1.22.1' } });
    expect(now.filter((r) => r.status === 'queued').map((r) => r.hostname)).toEqual(['dep-c', 'dep-d']);

    // One failure in four finished devices (25%) stays under the 50% threshold.
    await report(id, linux[2].deviceId, 'failed', { unsupported: true, reason: 'no apt here' });
    await report(id, linux[3].deviceId, 'completed');
    await runDueJobs();
    expect(await get(id)).toMatchObject({ status: 'running', currentBatch: 3 });
    expect((await rows(id)).find((r) => r.hostname === 'dep-c')).toMatchObject({ status: 'failed', error: 'Unsupported: no apt here' });
    await report(id, linux[4].deviceId, 'completed');
    await runDueJobs();
    const failed = await get(id);
    expect(failed).toMatchObject({ status: 'failed', progress: { total: 6, succeeded: 4, failed: 1, skipped: 1, percentComplete: 100 } });
    expect(failed.completedAt).not.toBeNull();

    // Retry the failed device: the deployment runs again and completes.
    const retried = await api.post(`/deployments/${id}/devices/${linux[2].deviceId}/retry`, { token: admin });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', batch: 3, commandId: null });
    expect((await get(id)).status).toBe('running');
    await runDueJobs();
    expect((await rows(id)).find((r) => r.hostname === 'dep-c')).toMatchObject({ status: 'queued', attempts: 2 });
    await report(id, linux[2].deviceId, 'completed');
    await runDueJobs();
    expect(await get(id)).toMatchObject({ status: 'completed', progress: { succeeded: 5, failed: 0 } });
    expect((await api.post(`/deployments/${id}/devices/${linux[2].deviceId}/retry`, { token: admin })).body.error.code).toBe('DEPLOYMENT_STATE');
    expect(await db.auditLog.count({ where: { targetId: id, action: { in: ['deployment.create', 'deployment.initialize', 'deployment.start', 'deployment.retry_device'] } } })).toBe(4);
    // The software view shows the same record and its results; an organization user reads it.
    expect((await api.get(`/software/deployments/${id}`, { token: orgUser })).body.status).toBe('completed');
    const results = await api.get(`/software/deployments/${id}/results`, { token: admin, query: { status: 'succeeded' } });
    expect(results.body.data).toHaveLength(5);
    expect((await api.post(`/deployments/${id}/pause`, { token: orgUser })).status).toBe(403);
  });

  it('pauses itself past the failure threshold and goes on after a resume', async () => {
    const id = await started(softwareBody(devicesOf(linux), { rollout: { strategy: 'staged', batchSize: 2, failureThresholdPercent: 20 } }));
    await runDueJobs();
    await report(id, linux[0].deviceId, 'failed');
    await report(id, linux[1].deviceId, 'completed');
    await runDueJobs();
    expect(await get(id)).toMatchObject({ status: 'paused', pauseReason: 'failure_threshold', currentBatch: 1 });
    await advance();
    expect((await rows(id)).filter((r) => r.status === 'pending')).toHaveLength(3);
    const resumed = await api.post(`/deployments/${id}/resume`, { token: admin });
    expect(resumed.body).toMatchObject({ status: 'running', pauseReason: null });
    await runDueJobs();
    expect(await get(id)).toMatchObject({ status: 'running', currentBatch: 2 });
    expect((await rows(id)).filter((r) => r.status === 'queued').map((r) => r.hostname)).toEqual(['dep-c', 'dep-d']);
    // A manual pause and cancel: undelivered commands are withdrawn, their rows cancelled.
    expect((await api.post(`/deployments/${id}/pause`, { token: admin })).body).toMatchObject({ status: 'paused', pauseReason: 'manual' });
    await heartbeat(linux[2]);
    const cancelled = await api.post(`/deployments/${id}/cancel`, { token: admin });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    const after = await rows(id);
    expect(after.find((r) => r.hostname === 'dep-c')!.status).toBe('running');
    expect(after.find((r) => r.hostname === 'dep-d')!.status).toBe('cancelled');
    expect(after.find((r) => r.hostname === 'dep-e')!.status).toBe('cancelled');
    const withdrawn = after.find((r) => r.hostname === 'dep-d')!.commandId!;
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: withdrawn } })).status).toBe('cancelled');
    // The delivered one still reports.
    await report(id, linux[2].deviceId, 'completed');
    expect((await rows(id)).find((r) => r.hostname === 'dep-c')!.status).toBe('succeeded');
    expect((await get(id)).status).toBe('cancelled');
    expect((await api.post(`/deployments/${id}/resume`, { token: admin })).body.error).toMatchObject({ code: 'DEPLOYMENT_STATE', details: { status: 'cancelled', action: 'resume' } });
    expect((await api.delete(`/deployments/${id}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/deployments/${id}`, { token: admin })).status).toBe(404);
  });

  it('waits for a maintenance window, honours suppressDeployments, and expires at the deadline', async () => {
    const [a, b] = linux;
    const id = await started(softwareBody([a.deviceId, b.deviceId], { schedule: { maintenanceWindowOnly: true, deadline: new Date(Date.now() + 3_600_000).toISOString() } }));
    await runDueJobs();
    expect((await rows(id)).map((r) => r.status)).toEqual(['waiting', 'waiting']);
    expect((await get(id)).progress.waiting).toBe(2);

    const window = await api.post('/maintenance/windows', { token: admin, body: { name: 'Now', orgId, targets: { ...NONE, deviceIds: [a.deviceId] }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60 } });
    expect(window.status, window.text).toBe(201);
    expect(window.body.suppressDeployments).toBe(false);
    await advance();
    const now = await rows(id);
    expect(now.find((r) => r.deviceId === a.deviceId)!.status).toBe('queued');
    expect(now.find((r) => r.deviceId === b.deviceId)!.status).toBe('waiting');

    // The deadline passes: the device never in a window expires and the deployment fails.
    await report(id, a.deviceId, 'completed');
    await db.deployment.update({ where: { id }, data: { deadline: new Date(Date.now() - 1000) } });
    await advance();
    expect((await rows(id)).find((r) => r.deviceId === b.deviceId)).toMatchObject({ status: 'expired', error: expect.stringContaining('deadline') });
    expect(await get(id)).toMatchObject({ status: 'failed', progress: { succeeded: 1, expired: 1 } });

    // A window suppressing deployments holds back a deployment that is not window-bound.
    const suppress = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: 'Freeze', orgId, targets: { ...NONE, deviceIds: [b.deviceId] }, startsAt: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 60, suppressDeployments: true },
    });
    expect(suppress.body.suppressDeployments).toBe(true);
    const free = await started(softwareBody([a.deviceId, b.deviceId]));
    await runDueJobs();
    const held = await rows(free);
    expect(held.find((r) => r.deviceId === a.deviceId)!.status).toBe('queued');
    expect(held.find((r) => r.deviceId === b.deviceId)).toMatchObject({ status: 'waiting', error: expect.stringContaining('suppresses') });
    const occurrence = await db.maintenanceOccurrence.findFirstOrThrow({ where: { windowId: suppress.body.id } });
    expect((await api.post(`/maintenance/occurrences/${occurrence.id}/end`, { token: admin })).status).toBe(200);
    await advance();
    expect((await rows(free)).find((r) => r.deviceId === b.deviceId)!.status).toBe('queued');
    // A command the sweep timed out fails its row.
    const row = (await rows(free)).find((r) => r.deviceId === b.deviceId)!;
    await db.deviceCommand.update({ where: { id: row.commandId! }, data: { status: 'timed_out', completedAt: new Date() } });
    await advance();
    expect((await rows(free)).find((r) => r.deviceId === b.deviceId)).toMatchObject({ status: 'failed', error: expect.stringContaining('timed out') });
    await api.post(`/deployments/${free}/cancel`, { token: admin });
  });

  it('runs a script deployment through script executions', async () => {
    const script = await api.post('/scripts', { token: admin, body: { name: 'Hello', osTypes: ['linux'], language: 'bash', content: 'echo hello', orgId } });
    expect(script.status, script.text).toBe(201);
    const id = await started({ name: 'Hello all', orgId, kind: 'script', payload: { scriptId: script.body.id }, targets: { ...NONE, orgIds: [orgId] } });
    await runDueJobs();
    const now = await rows(id);
    expect(now.find((r) => r.deviceId === windows.deviceId)).toMatchObject({ status: 'skipped' });
    const queued = now.filter((r) => r.status === 'queued');
    expect(queued).toHaveLength(5);
    const execution = await db.scriptExecution.findFirstOrThrow({ where: { commandId: queued[0].commandId! } });
    expect(execution.scriptId).toBe(script.body.id);
    await report(id, queued[0].deviceId, 'completed');
    expect((await rows(id)).find((r) => r.deviceId === queued[0].deviceId)!.status).toBe('succeeded');
    expect((await db.scriptExecution.findUniqueOrThrow({ where: { id: execution.id } })).status).toBe('completed');
    await api.post(`/deployments/${id}/cancel`, { token: admin });
  });

  it('installs approved patches through patch jobs', async () => {
    const [a, b, c] = linux;
    const scan = { manager: 'apt', refreshed: true, updates: [{ name: 'openssl', installedVersion: '3.0.11', version: '3.0.15', severity: 'important', cveIds: [] }] };
    for (const agent of [a, b]) expect((await api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: scan })).status).toBe(200);
    const patch = await db.patch.findFirstOrThrow({ where: { name: 'openssl', version: '3.0.15' } });
    const body = { name: 'OpenSSL', orgId, kind: 'patches', payload: { patchIds: [patch.id] }, targets: { ...NONE, deviceIds: [a.deviceId, b.deviceId, c.deviceId, windows.deviceId] } };
    const id = (await api.post('/deployments', { token: admin, body })).body.id as string;
    const refused = await api.post(`/deployments/${id}/initialize`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('PATCH_NOT_APPROVED');
    expect((await api.post(`/patches/${patch.id}/approve`, { token: admin, body: {} })).status).toBe(200);
    expect((await api.post(`/deployments/${id}/initialize`, { token: admin })).body).toMatchObject({ status: 'ready', progress: { pending: 2, skipped: 2 } });
    expect((await rows(id)).find((r) => r.deviceId === c.deviceId)!.error).toContain('None of the patches');
    await api.post(`/deployments/${id}/start`, { token: admin });
    await runDueJobs();
    const queued = (await rows(id)).filter((r) => r.status === 'queued');
    expect(queued.map((r) => r.deviceId).sort()).toEqual([a.deviceId, b.deviceId].sort());
    const job = await db.patchJob.findFirstOrThrow({ where: { commandId: queued[0].commandId! } });
    const agent = agentOf(queued[0].deviceId);
    const command = (await heartbeat(agent)).body.commands.find((x: { type: string }) => x.type === 'patch_install');
    expect(command.id).toBe(queued[0].commandId);
    const packages = command.payload.packages.map((p: object) => ({ ...p, status: 'installed', installedVersion: '3.0.15' }));
    expect((await postResult(agent, command.id, { status: 'completed', exitCode: 0, result: { jobId: job.id, packages } })).status).toBe(200);
    expect((await rows(id)).find((r) => r.deviceId === agent.deviceId)!.status).toBe('succeeded');
    expect((await db.patchJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('completed');
    // Cancelling withdraws the other, undelivered job.
    await api.post(`/deployments/${id}/cancel`, { token: admin });
    expect((await db.patchJob.findFirstOrThrow({ where: { commandId: queued[1].commandId! } })).status).toBe('cancelled');
  });

  it('deploys from the software view in one call', async () => {
    const res = await api.post('/software/deployments', { token: admin, body: { orgId, packageId, versionId, targets: { ...NONE, deviceIds: [linux[0].deviceId] } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ kind: 'software', status: 'running', name: 'Nginx 1.22.1', progress: { total: 1, pending: 1 } });
    await runDueJobs();
    await report(res.body.id, linux[0].deviceId, 'completed');
    await runDueJobs();
    expect((await api.get(`/software/deployments/${res.body.id}`, { token: admin })).body.status).toBe('completed');
    const list = await api.get('/software/deployments', { token: admin });
    expect(list.body.data.every((d: { kind: string }) => d.kind === 'software')).toBe(true);
  });

  it('filters by catalog package and names the targets', async () => {
    const other = await api.post('/software/catalog', { token: admin, body: { name: 'Curl', kind: 'package_manager', packageRef: 'apt:curl', osTypes: ['linux'] } });
    const otherVersion = await api.post(`/software/catalog/${other.body.id}/versions`, { token: admin, body: { version: '8.0' } });
    const site = await makeSite(await db.organization.findUniqueOrThrow({ where: { id: orgId } }), `Berlin ${Date.now()}`);
    const group = await api.post('/groups', { token: admin, body: { name: `Web servers ${Date.now()}`, orgId, type: 'static' } });
    expect(group.status, group.text).toBe(201);
    const targets = { orgIds: [orgId], siteIds: [site.id], groupIds: [group.body.id], deviceIds: [linux[1].deviceId] };
    const curl = await api.post('/deployments', { token: admin, body: { ...softwareBody([]), payload: { packageId: other.body.id, versionId: otherVersion.body.id }, targets } });
    expect(curl.status, curl.text).toBe(201);
    const org = await db.organization.findUniqueOrThrow({ where: { id: orgId } });
    expect(curl.body.targetNames).toEqual({ [orgId]: org.name, [site.id]: site.name, [group.body.id]: group.body.name, [linux[1].deviceId]: 'dep-b' });

    for (const path of ['/deployments', '/software/deployments']) {
      const mine = await api.get(path, { token: admin, query: { packageId: other.body.id } });
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body.data.map((d: { id: string }) => d.id)).toEqual([curl.body.id]);
      expect(mine.body.data[0].targetNames[group.body.id]).toBe(group.body.name);
      const nginx = await api.get(path, { token: admin, query: { packageId, limit: 100 } });
      expect(nginx.body.data.length).toBeGreaterThan(0);
      expect(nginx.body.data.every((d: { payload: { packageId?: string } }) => d.payload.packageId === packageId)).toBe(true);
      expect((await api.get(path, { token: admin, query: { packageId: 'nope' } })).status).toBe(400);
    }
    expect((await api.get('/deployments', { token: outsider, query: { packageId: other.body.id } })).body.data).toEqual([]);
  });

  it('names only the targets a technician limited to some organizations may open', async () => {
    const hidden = await makeOrg(partner.id);
    const wide = await api.post('/deployments', { token: admin, body: { ...softwareBody([linux[0].deviceId]), orgId: null, targets: { ...NONE, orgIds: [orgId, hidden.id], deviceIds: [linux[0].deviceId] } } });
    expect(wide.status, wide.text).toBe(201);
    expect(Object.keys(wide.body.targetNames)).toEqual(expect.arrayContaining([orgId, hidden.id, linux[0].deviceId]));
    const limited = await tokenFor(await makePartnerUser(partner, { orgAccess: 'selected', orgIds: [orgId] }), { mfa: true });
    const seen = await api.get(`/deployments/${wide.body.id}`, { token: limited });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.targets.orgIds).toEqual([orgId, hidden.id]);
    expect(Object.keys(seen.body.targetNames).sort()).toEqual([orgId, linux[0].deviceId].sort());
    const listed = (await api.get('/deployments', { token: limited, query: { search: wide.body.name } })).body.data.find((d: { id: string }) => d.id === wide.body.id);
    expect(listed.targetNames[hidden.id]).toBeUndefined();
  });

  it('refuses bad input with 400s and wrong transitions with 409s', async () => {
    const bad = async (body: Record<string, unknown>, code?: string) => {
      const res = await api.post('/deployments', { token: admin, body });
      expect(res.status, res.text).toBe(400);
      if (code) expect(res.body.error.code).toBe(code);
    };
    await bad(softwareBody(devicesOf(linux), { rollout: { strategy: 'staged' } }));
    await bad(softwareBody(devicesOf(linux), { rollout: { strategy: 'staged', batchSize: 2, batchPercent: 50 } }));
    await bad(softwareBody(devicesOf(linux), { rollout: { strategy: 'all_at_once', batchSize: 2 } }));
    await bad(softwareBody([]));
    await bad({ ...softwareBody(devicesOf(linux)), kind: 'unknown' });
    await bad({ ...softwareBody(devicesOf(linux)), payload: { packageId, versionId: packageId } }, 'PAYLOAD_NOT_FOUND');
    await bad({ ...softwareBody([windows.deviceId]), payload: { packageId: installerPackageId, versionId: installerVersionId } }, 'INSTALLER_MISSING');
    await bad({ ...softwareBody([]), targets: { ...NONE, orgIds: [(await makeOrg((await makePartner()).id)).id] } }, 'TARGET_NOT_IN_SCOPE');
    await bad({ name: 'x', orgId, kind: 'script', payload: { scriptId: packageId }, targets: { ...NONE, orgIds: [orgId] } }, 'PAYLOAD_NOT_FOUND');

    const draft = (await api.post('/deployments', { token: admin, body: softwareBody([linux[0].deviceId]) })).body.id as string;
    const start = await api.post(`/deployments/${draft}/start`, { token: admin });
    expect(start.status).toBe(409);
    expect(start.body.error).toMatchObject({ code: 'DEPLOYMENT_STATE', details: { status: 'draft', action: 'start' } });
    expect((await api.post(`/deployments/${draft}/pause`, { token: admin })).status).toBe(409);
    expect((await api.patch(`/deployments/${draft}`, { token: admin, body: { payload: { scriptId: packageId } } })).body.error.code).toBe('PAYLOAD_KIND_MISMATCH');
    expect((await api.post(`/deployments/${draft}/initialize`, { token: admin })).body.status).toBe('ready');
    expect((await api.post(`/deployments/${draft}/initialize`, { token: admin })).status).toBe(409);
    // An edit of a ready deployment returns it to draft.
    const edited = await api.patch(`/deployments/${draft}`, { token: admin, body: { name: 'Renamed' } });
    expect(edited.body).toMatchObject({ status: 'draft', name: 'Renamed', progress: { total: 0 } });
    await api.post(`/deployments/${draft}/initialize`, { token: admin });
    await api.post(`/deployments/${draft}/start`, { token: admin });
    expect((await api.delete(`/deployments/${draft}`, { token: admin })).body.error).toMatchObject({ code: 'DEPLOYMENT_STATE', details: { status: 'running', action: 'delete' } });
    expect((await api.patch(`/deployments/${draft}`, { token: admin, body: { name: 'x' } })).status).toBe(409);
    expect((await api.post(`/deployments/${draft}/devices/${linux[0].deviceId}/retry`, { token: admin })).status).toBe(409);
    await api.post(`/deployments/${draft}/cancel`, { token: admin });

    // No device behind the targets.
    const group = await api.post('/groups', { token: admin, body: { name: `Empty ${Date.now()}`, orgId, type: 'static' } });
    const empty = await api.post('/deployments', { token: admin, body: { ...softwareBody([]), targets: { ...NONE, groupIds: [group.body.id] } } });
    expect(empty.status, empty.text).toBe(201);
    expect((await api.post(`/deployments/${empty.body.id}/initialize`, { token: admin })).body.error.code).toBe('NO_TARGET_DEVICES');
  });

  it('answers 404 to another partner and leaves the deployment unchanged', async () => {
    const id = (await api.post('/deployments', { token: admin, body: softwareBody([linux[0].deviceId]) })).body.id as string;
    expect((await api.get(`/deployments/${id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/deployments/${id}`, { token: outsider, body: { name: 'stolen' } })).status).toBe(404);
    expect((await api.post(`/deployments/${id}/initialize`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/deployments/${id}/devices`, { token: outsider })).status).toBe(404);
    expect((await api.delete(`/deployments/${id}`, { token: outsider })).status).toBe(404);
    expect((await api.get('/deployments', { token: outsider })).body.data).toEqual([]);
    expect((await api.post('/deployments', { token: outsider, body: softwareBody([linux[0].deviceId]) })).status).toBe(404);
    expect(await get(id)).toMatchObject({ name: expect.stringContaining('Nginx'), status: 'draft' });
  });
});
