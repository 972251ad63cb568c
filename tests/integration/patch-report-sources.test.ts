// Patch scans from the managers of every source: each report's manager fixes the patch source,
// replaces only the device's patches of that source, and must run on the device's OS. Patches
// the reference agent cannot install or roll back never become jobs.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let admin: string;
let linux: EnrolledAgent;
let windows: EnrolledAgent;
let mac: EnrolledAgent;

const update = (name: string, version: string, extra: Record<string, unknown> = {}) => ({ name, installedVersion: '', version, severity: 'moderate', cveIds: [], ...extra });
const report = (agent: EnrolledAgent, manager: string, updates: unknown[]) =>
  api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: { manager, refreshed: true, updates } });
const statusOf = async (agent: EnrolledAgent) =>
  Object.fromEntries((await db.devicePatch.findMany({ where: { deviceId: agent.deviceId }, include: { patch: true } })).map((r) => [`${r.patch.source}:${r.patch.name}`, r.status]));
const listed = async (source: string, search: string) => (await api.get('/patches', { token: admin, query: { source, search } })).body.data;

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const orgId = (await makeOrg(partner.id)).id;
  const key = await createKey(admin, { orgId });
  linux = await enroll(key.key);
  windows = await enroll(key.key, { osType: 'windows', osVersion: 'Windows 11' });
  mac = await enroll(key.key, { osType: 'macos', osVersion: 'macOS 15' });
});

describe('reports of several sources on one device', () => {
  it('windows_update and winget reports keep each other’s rows and list under their own source', async () => {
    const kb = await report(windows, 'windows_update', [
      update('KB5034441', '1', { severity: 'critical', vendor: 'OS Vendor A', cveIds: ['CVE-2024-20666'], releasedAt: '2024-01-09T18:00:00Z' }),
    ]);
    expect(kb.status, kb.text).toBe(200);
    expect(kb.body).toEqual({ available: 1, new: 1, resolved: 0 });

    const winget = await report(windows, 'winget', [update('Mozilla.Firefox', '128.0.2', { installedVersion: '127.0', vendor: 'Mozilla', severity: 'important', cveIds: ['CVE-2024-7518', 'CVE-2024-7519'] })]);
    expect(winget.status, winget.text).toBe(200);
    expect(winget.body).toEqual({ available: 1, new: 1, resolved: 0 });
    expect(await statusOf(windows)).toEqual({ 'os_vendor_a:KB5034441': 'available', 'third_party:Mozilla.Firefox': 'available' });

    const [vendorA] = await listed('os_vendor_a', 'KB5034441');
    expect(vendorA).toMatchObject({ source: 'os_vendor_a', name: 'KB5034441', version: '1', vendor: 'OS Vendor A', cveIds: ['CVE-2024-20666'], releasedAt: '2024-01-09T18:00:00.000Z' });
    const [firefox] = await listed('third_party', 'Mozilla.Firefox');
    expect(firefox).toMatchObject({ source: 'third_party', name: 'Mozilla.Firefox', version: '128.0.2', vendor: 'Mozilla', cveIds: ['CVE-2024-7518', 'CVE-2024-7519'] });
    expect(await listed('linux', 'Mozilla.Firefox')).toEqual([]);

    // The same windows_update report again changes nothing; the winget rows stay.
    expect((await report(windows, 'windows_update', [update('KB5034441', '1', { severity: 'critical', vendor: 'OS Vendor A', cveIds: ['CVE-2024-20666'], releasedAt: '2024-01-09T18:00:00Z' })])).body).toEqual({
      available: 1,
      new: 0,
      resolved: 0,
    });

    // An empty winget report resolves only the winget rows; an empty windows_update report then
    // (the same empty list, another source) resolves the update rows.
    expect((await report(windows, 'winget', [])).body).toEqual({ available: 0, new: 0, resolved: 1 });
    expect(await statusOf(windows)).toEqual({ 'os_vendor_a:KB5034441': 'available', 'third_party:Mozilla.Firefox': 'installed' });
    expect((await report(windows, 'windows_update', [])).body).toEqual({ available: 0, new: 0, resolved: 1 });
    expect(await statusOf(windows)).toEqual({ 'os_vendor_a:KB5034441': 'installed', 'third_party:Mozilla.Firefox': 'installed' });
  });

  it('a macOS softwareupdate report lists under os_vendor_b, brew under third_party', async () => {
    const res = await report(mac, 'softwareupdate', [update('macOS Sequoia 15.1.1-24B91', '15.1.1', { vendor: 'OS Vendor B', severity: 'important' })]);
    expect(res.status, res.text).toBe(200);
    expect((await report(mac, 'brew', [update('wget', '1.25.0', { installedVersion: '1.24.5', vendor: 'GNU' })])).body).toEqual({ available: 1, new: 1, resolved: 0 });
    expect(await listed('os_vendor_b', 'Sequoia')).toMatchObject([{ source: 'os_vendor_b', version: '15.1.1', vendor: 'OS Vendor B' }]);
    expect(await statusOf(mac)).toEqual({ 'os_vendor_b:macOS Sequoia 15.1.1-24B91': 'available', 'third_party:wget': 'available' });
  });

  it('the same package from apt and brew on a Linux device is two patches', async () => {
    expect((await report(linux, 'apt', [update('src-wget', '1.21.3-1+deb12u1', { installedVersion: '1.21.3-1' })])).status).toBe(200);
    expect((await report(linux, 'brew', [update('src-wget', '1.21.3-1+deb12u1', { vendor: 'GNU' })])).status).toBe(200);
    expect(await statusOf(linux)).toEqual({ 'linux:src-wget': 'available', 'third_party:src-wget': 'available' });
    expect(await db.patch.count({ where: { name: 'src-wget' } })).toBe(2);
  });
});

describe('a manager that does not run on the device’s OS', () => {
  it('is refused with 422 MANAGER_NOT_FOR_OS and nothing is stored', async () => {
    const before = await Promise.all([windows, mac, linux].map((a) => db.devicePatch.findMany({ where: { deviceId: a.deviceId }, orderBy: { id: 'asc' } })));
    const scans = await Promise.all([windows, mac, linux].map((a) => db.devicePatchScan.findUnique({ where: { deviceId: a.deviceId } })));
    const cases: [EnrolledAgent, string][] = [
      [windows, 'apt'],
      [windows, 'dnf'],
      [windows, 'softwareupdate'],
      [windows, 'brew'],
      [linux, 'windows_update'],
      [linux, 'softwareupdate'],
      [linux, 'winget'],
      [mac, 'choco'],
      [mac, 'windows_update'],
    ];
    for (const [agent, manager] of cases) {
      const res = await report(agent, manager, [update('src-refused', '1.0')]);
      expect(res.status, `${manager}: ${res.text}`).toBe(422);
      expect(res.body.error.code).toBe('MANAGER_NOT_FOR_OS');
      expect(res.body.error.message).toContain(manager);
    }
    expect(await db.patch.count({ where: { name: 'src-refused' } })).toBe(0);
    expect(await Promise.all([windows, mac, linux].map((a) => db.devicePatch.findMany({ where: { deviceId: a.deviceId }, orderBy: { id: 'asc' } })))).toEqual(before);
    expect(await Promise.all([windows, mac, linux].map((a) => db.devicePatchScan.findUnique({ where: { deviceId: a.deviceId } })))).toEqual(scans);
  });

  it('an unknown manager is a validation error', async () => {
    const res = await report(windows, 'msi', []);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('installing and rolling back patches the agent cannot install', () => {
  it('skips Windows devices and non-linux patches on Linux; rollback of such a patch is 422; nothing is queued', async () => {
    await report(windows, 'winget', [update('src-7zip', '24.08', { installedVersion: '23.01', vendor: 'Igor Pavlov' })]);
    const [sevenZip] = await listed('third_party', 'src-7zip');
    const brewWget = (await listed('third_party', 'src-wget'))[0];
    for (const p of [sevenZip, brewWget]) expect((await api.post(`/patches/${p.id}/approve`, { token: admin, body: {} })).status).toBe(200);

    const jobs = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [windows.deviceId, linux.deviceId], patchIds: [sevenZip.id, brewWget.id] } });
    expect(jobs.status, jobs.text).toBe(202);
    expect(jobs.body.jobs).toEqual([]);
    expect(jobs.body.skipped).toEqual([
      { deviceId: windows.deviceId, reason: 'UNSUPPORTED_OS' },
      { deviceId: linux.deviceId, reason: 'UNSUPPORTED_SOURCE' },
    ]);

    // Nor does a patch deployment take them.
    const deployment = await api.post('/deployments', { token: admin, body: { name: 'brew wget', kind: 'patches', payload: { patchIds: [brewWget.id] }, targets: { deviceIds: [linux.deviceId] } } });
    expect(deployment.status, deployment.text).toBe(400);
    expect(deployment.body.error.code).toBe('PATCH_NOT_INSTALLABLE');

    // The winget row installed (no longer listed) cannot be rolled back by the agent.
    await report(windows, 'winget', []);
    const rollback = await api.post(`/patches/${sevenZip.id}/rollback`, { token: admin, body: {} });
    expect(rollback.status, rollback.text).toBe(422);
    expect(rollback.body.error.code).toBe('ROLLBACK_NOT_SUPPORTED');

    expect(await db.patchJob.count({ where: { deviceId: { in: [windows.deviceId, linux.deviceId] } } })).toBe(0);
    expect(await db.deviceCommand.count({ where: { deviceId: { in: [windows.deviceId, linux.deviceId] }, type: { in: ['patch_install', 'patch_rollback'] } } })).toBe(0);
  });
});
