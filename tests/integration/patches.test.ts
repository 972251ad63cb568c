// Patching through the API with agents simulated over the real agent protocol: scan reports,
// approvals and their events, jobs now and in a maintenance window, command results, compliance,
// OS and tenancy rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { pdfText } from '../helpers/pdf';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';
import { startWindowJobs } from '@/lib/patches/start-window-jobs';

let partner: Awaited<ReturnType<typeof makePartner>>;
let admin: string;
let orgId: string;
let linux: EnrolledAgent;
let other: EnrolledAgent;
let windows: EnrolledAgent;
let outsider: string;

const update = (name: string, version: string, extra: Record<string, unknown> = {}) => ({ name, installedVersion: '1.0', version, severity: 'low', cveIds: [], ...extra });
const report = (agent: EnrolledAgent, updates: unknown[]) => api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: { manager: 'apt', refreshed: true, updates } });
const patchOf = async (name: string, query: Record<string, string> = {}) => (await api.get('/patches', { token: admin, query: { search: name, ...query } })).body.data[0];

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  const key = await createKey(admin, { orgId });
  linux = await enroll(key.key);
  other = await enroll(key.key);
  windows = await enroll(key.key, { osType: 'windows', osVersion: 'Windows 11' });
  const p2 = await makePartner();
  outsider = await tokenFor(await makePartnerUser(p2), { mfa: true });
});

describe('scan reports', () => {
  it('stores one catalogue row per package and version, device state, a pending approval and patch.available once', async () => {
    const res = await report(linux, [update('openssl', '3.0.15', { severity: 'important', cveIds: ['CVE-2024-0727'], origin: 'Debian-Security:12/oldstable-security' }), update('curl', '7.88.2')]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ available: 2, new: 2, resolved: 0 });
    expect((await report(other, [update('openssl', '3.0.15', { severity: 'important' })])).body).toMatchObject({ new: 1 });
    expect(await db.patch.count({ where: { name: 'openssl', version: '3.0.15' } })).toBe(1);
    const openssl = await patchOf('openssl');
    expect(openssl).toMatchObject({ source: 'linux', version: '3.0.15', vendor: 'Debian-Security', severity: 'important', cveIds: ['CVE-2024-0727'], approvalStatus: 'pending', deviceCounts: { available: 2 } });
    expect((await patchOf('CVE-2024-0727')).id).toBe(openssl.id);
    // The same report again is nothing new.
    expect((await report(linux, [update('openssl', '3.0.15', { severity: 'important' }), update('curl', '7.88.2')])).body).toEqual({ available: 2, new: 0, resolved: 0 });
    expect(await db.event.count({ where: { orgId, type: 'patch.available' } })).toBe(3);
    const filtered = (await api.get('/patches', { token: admin, query: { severity: 'important', source: 'linux,custom' } })).body;
    expect(filtered.data.map((p: { name: string }) => p.name)).toEqual(['openssl']);
    expect((await api.get('/patches', { token: admin, query: { source: 'third_party' } })).body.pagination.total).toBe(0);
    expect((await api.get('/patches/sources', { token: admin })).body.data.find((s: { source: string }) => s.source === 'linux')).toMatchObject({ scannedByAgent: true, patches: 2 });
  });

  it('a later version supersedes the listed one; a package no longer listed counts as installed', async () => {
    await report(other, [update('zlib1g', '1.2'), update('tzdata', '2024a')]);
    expect((await report(other, [update('zlib1g', '1.3')])).body).toMatchObject({ new: 1, resolved: 2 });
    const rows = await db.devicePatch.findMany({ where: { deviceId: other.deviceId }, include: { patch: true } });
    const status = (name: string, version: string) => rows.find((r) => r.patch.name === name && r.patch.version === version)?.status;
    expect(status('zlib1g', '1.2')).toBe('superseded');
    expect(status('zlib1g', '1.3')).toBe('available');
    expect(status('tzdata', '2024a')).toBe('installed');
    expect(status('openssl', '3.0.15')).toBe('installed');
  });

  it('a scan request for a Windows device is a 422; a Linux one queues a deduplicated patch_scan', async () => {
    const bad = await api.post('/patches/scan', { token: admin, body: { deviceIds: [linux.deviceId, windows.deviceId] } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('UNSUPPORTED_OS');
    expect(bad.body.error.message).toContain('Linux');
    const ok = await api.post('/patches/scan', { token: admin, body: { deviceIds: [linux.deviceId] } });
    expect(ok.status).toBe(202);
    expect(ok.body.queued).toHaveLength(1);
    const again = await api.post('/patches/scan', { token: admin, body: { deviceIds: [linux.deviceId] } });
    expect(again.body.skipped).toEqual([{ deviceId: linux.deviceId, reason: 'ALREADY_PENDING' }]);
    const beat = await heartbeat(linux);
    expect(beat.body.commands.map((c: { type: string }) => c.type)).toContain('patch_scan');
  });
});

describe('approvals and jobs', () => {
  it('defer, decline and approve follow the state machine; patch.approved fires once', async () => {
    const curl = await patchOf('curl');
    const past = await api.post(`/patches/${curl.id}/defer`, { token: admin, body: { until: new Date(Date.now() - 1000).toISOString() } });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('INVALID_DEFER_DATE');
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const deferred = await api.post(`/patches/${curl.id}/defer`, { token: admin, body: { until } });
    expect(deferred.status, deferred.text).toBe(200);
    expect(deferred.body.approvals).toEqual([expect.objectContaining({ orgId, status: 'deferred', deferUntil: until })]);
    expect((await api.get('/patches', { token: admin, query: { status: 'deferred' } })).body.data.map((p: { name: string }) => p.name)).toEqual(['curl']);
    await api.post(`/patches/${curl.id}/decline`, { token: admin, body: { note: 'breaks the proxy' } });
    const refused = await api.post(`/patches/${curl.id}/defer`, { token: admin, body: { until } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_APPROVAL_TRANSITION');
    const bulk = await api.post('/patches/bulk-approve', { token: admin, body: { patchIds: [curl.id, (await patchOf('openssl')).id] } });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body.results.map((r: { changed: number }) => r.changed)).toEqual([1, 1]);
    const twice = await api.post(`/patches/${curl.id}/approve`, { token: admin, body: {} });
    expect(twice.body.changed).toBe(0);
    expect(await db.event.count({ where: { orgId, type: 'patch.approved' } })).toBe(2);
    const approvals = (await api.get('/patches/approvals', { token: admin, query: { status: 'approved' } })).body;
    expect(approvals.data.map((a: { patch: { name: string } }) => a.patch.name).sort()).toEqual(['curl', 'openssl']);
  });

  it('an install job sends exact versions; the agent’s per-package result fires patch.installed and patch.failed', async () => {
    const created = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [linux.deviceId, windows.deviceId] } });
    expect(created.status, created.text).toBe(202);
    expect(created.body.skipped).toEqual([{ deviceId: windows.deviceId, reason: 'UNSUPPORTED_OS' }]);
    const [job] = created.body.jobs;
    expect(job).toMatchObject({ deviceId: linux.deviceId, status: 'queued', kind: 'install' });
    const commands = (await heartbeat(linux)).body.commands.filter((c: { type: string }) => c.type === 'patch_install');
    expect(commands).toHaveLength(1);
    const packages = commands[0].payload.packages as { patchId: string; name: string; version: string }[];
    expect(packages.map((p) => `${p.name}=${p.version}`).sort()).toEqual(['curl=7.88.2', 'openssl=3.0.15']);
    expect((await api.get('/patches/jobs', { token: admin, query: { deviceId: linux.deviceId } })).body.data[0].status).toBe('running');
    const outcome = packages.map((p) => (p.name === 'curl' ? { ...p, status: 'failed', installedVersion: '1.0', error: 'E: broken dependency' } : { ...p, status: 'installed', installedVersion: p.version }));
    const res = await postResult(linux, commands[0].id, { status: 'failed', exitCode: 100, stderr: 'E: broken dependency', result: { jobId: job.id, packages: outcome } });
    expect(res.status, res.text).toBe(200);
    const done = (await api.get('/patches/jobs', { token: admin, query: { deviceId: linux.deviceId } })).body.data[0];
    expect(done.status).toBe('partially_failed');
    expect(await db.event.count({ where: { orgId, type: 'patch.installed' } })).toBe(1);
    const failed = await db.event.findFirstOrThrow({ where: { orgId, type: 'patch.failed' } });
    expect(failed.data).toMatchObject({ name: 'curl', error: 'E: broken dependency', deviceId: linux.deviceId });
    const byDevice = (await api.get('/patches/devices', { token: admin, query: { deviceId: linux.deviceId } })).body.data;
    expect(byDevice.map((r: { name: string; status: string }) => `${r.name}:${r.status}`).sort()).toEqual(['curl:failed', 'openssl:installed']);
    const compliance = (await api.get('/patches/compliance', { token: admin, query: { by: 'device' } })).body;
    expect(compliance.rows.find((r: { id: string }) => r.id === linux.deviceId)).toMatchObject({ failed: 1, upToDate: 0, missingCritical: 0 });
    expect(compliance.summary).toMatchObject({ devices: 3, failed: 1 });
  });

  it('a next_window job waits until a maintenance occurrence that allows patching is active', async () => {
    await report(other, [update('zlib1g', '1.3')]);
    await api.post(`/patches/${(await patchOf('zlib1g')).id}/approve`, { token: admin, body: {} });
    const none = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [other.deviceId], schedule: 'next_window' } });
    expect(none.body.skipped).toEqual([{ deviceId: other.deviceId, reason: 'NO_MAINTENANCE_WINDOW' }]);
    const win = await api.post('/maintenance/windows', {
      token: admin,
      body: { name: 'Patch night', orgId, targets: { deviceIds: [other.deviceId] }, startsAt: new Date(Date.now() + 3_600_000).toISOString(), durationMinutes: 60, recurrence: 'none' },
    });
    expect(win.status, win.text).toBe(201);
    const job = (await api.post('/patches/jobs', { token: admin, body: { deviceIds: [other.deviceId], schedule: 'next_window' } })).body.jobs[0];
    expect(job).toMatchObject({ status: 'scheduled', schedule: 'next_window', commandId: null });
    expect(await startWindowJobs()).toBe(0);
    const occurrence = await db.maintenanceOccurrence.findFirstOrThrow({ where: { windowId: win.body.id } });
    expect((await api.post(`/maintenance/occurrences/${occurrence.id}/start`, { token: admin, body: {} })).status).toBe(200);
    expect(await startWindowJobs()).toBe(1);
    const started = await db.patchJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(started.status).toBe('queued');
    const cmd = await db.deviceCommand.findUniqueOrThrow({ where: { id: started.commandId! } });
    expect(cmd).toMatchObject({ type: 'patch_install', payload: { jobId: job.id, packages: [expect.objectContaining({ name: 'zlib1g', version: '1.3' })] } });
  });
});

describe('compliance reports', () => {
  it('one per organization, with missing patches per device, and as CSV', async () => {
    const list = (await api.get('/patches/compliance/report', { token: admin })).body.data;
    expect(list).toEqual([expect.objectContaining({ id: orgId, orgId, summary: expect.objectContaining({ devices: 3 }) })]);
    const report = (await api.get(`/patches/compliance/report/${orgId}`, { token: admin })).body;
    expect(report.devices.find((d: { deviceId: string }) => d.deviceId === linux.deviceId).missing).toEqual([expect.objectContaining({ name: 'curl', status: 'failed' })]);
    const csv = await api.get(`/patches/compliance/report/${orgId}/download`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('organization,device,up_to_date,package,version,severity,state,approval');
    expect(csv.text).toContain(',curl,7.88.2,low,failed,approved');
    expect((await api.get(`/patches/compliance/report/${orgId}/download`, { token: outsider })).status).toBe(404);
  });

  it('as PDF: the organization, the summary and the missing packages; a bad format is a 400', async () => {
    const org = await db.organization.findUniqueOrThrow({ where: { id: orgId } });
    const pdf = await api.get(`/patches/compliance/report/${orgId}/download`, { token: admin, query: { format: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="patch-compliance-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(org.name);
    expect(text).toContain('Patch compliance report');
    expect(text).toContain('Missing critical');
    expect(text).toContain('curl');
    expect(text).toContain('7.88.2');
    const csv = await api.get(`/patches/compliance/report/${orgId}/download`, { token: admin, query: { format: 'csv' } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bad = await api.get(`/patches/compliance/report/${orgId}/download`, { token: admin, query: { format: 'xlsx' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect((await api.get(`/patches/compliance/report/${orgId}/download`, { token: outsider, query: { format: 'pdf' } })).status).toBe(404);
  });
});

describe('permissions and tenancy', () => {
  it('another partner gets 404 for the patch and changes nothing; an organization user cannot approve', async () => {
    const openssl = await patchOf('openssl');
    const before = await db.patchApproval.findMany({ where: { patchId: openssl.id }, orderBy: { id: 'asc' } });
    expect((await api.get(`/patches/${openssl.id}`, { token: outsider })).status).toBe(404);
    for (const action of ['approve', 'decline', 'rollback']) expect((await api.post(`/patches/${openssl.id}/${action}`, { token: outsider, body: {} })).status).toBe(404);
    expect((await api.get('/patches', { token: outsider })).body.data).toEqual([]);
    expect((await api.get('/patches/compliance', { token: outsider })).body.summary.devices).toBe(0);
    expect(await db.patchApproval.findMany({ where: { patchId: openssl.id }, orderBy: { id: 'asc' } })).toEqual(before);
    const user = await makeOrgUser(partner, { id: orgId }, { role: 'Organization User' });
    const readOnly = await tokenFor(user);
    expect((await api.get('/patches', { token: readOnly })).status).toBe(200);
    expect((await api.post(`/patches/${openssl.id}/approve`, { token: readOnly, body: {} })).status).toBe(403);
  });

  it('a device moved to another organization takes its open patches there, pending a decision of that organization', async () => {
    const key = await createKey(admin, { orgId });
    const mover = await enroll(key.key);
    await report(mover, [update('libxml2', '2.9.14')]);
    const libxml = await patchOf('libxml2');
    expect((await api.post(`/patches/${libxml.id}/approve`, { token: admin, body: {} })).status).toBe(200);
    const target = await makeOrg(partner.id);
    expect((await api.post(`/devices/${mover.deviceId}/move-org`, { token: admin, body: { orgId: target.id } })).status).toBe(200);
    expect(await db.devicePatch.findFirst({ where: { deviceId: mover.deviceId, patchId: libxml.id }, select: { orgId: true } })).toEqual({ orgId: target.id });
    expect((await db.devicePatchScan.findUnique({ where: { deviceId: mover.deviceId } }))?.orgId).toBe(target.id);
    // The old organization's approval stays with it; the new one decides for itself.
    const approvals = await db.patchApproval.findMany({ where: { patchId: libxml.id }, select: { orgId: true, status: true } });
    expect(approvals).toEqual(expect.arrayContaining([{ orgId, status: 'approved' }, { orgId: target.id, status: 'pending' }]));
    const compliance = (await api.get('/patches/compliance', { token: admin, query: { orgId: target.id } })).body;
    expect(compliance.summary.devices).toBe(1);
    // The same scan again in the new organization is nothing new.
    expect((await report(mover, [update('libxml2', '2.9.14')])).body).toMatchObject({ new: 0 });
  });
});
