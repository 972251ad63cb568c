// Software inventory: the fleet view (grouping, filters, sort, pages, CSV), the devices having a
// package, one device's packages, and queueing an uninstall (OS support, dedupe, audit, tenancy).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeOrgUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let admin: string;
let orgA: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let siteA: { id: string };
let linux1: EnrolledAgent;
let linux2: EnrolledAgent;
let win: EnrolledAgent;
let other: { token: string; device: EnrolledAgent };
let orgUserToken: string;
const tag = `t${Math.random().toString(36).slice(2, 8)}`;
const pkg = (n: string) => `${tag}-${n}`;

async function upload(agent: EnrolledAgent, software: { name: string; version?: string; publisher?: string; source?: string }[]) {
  const res = await api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { hardware: {}, os: {}, disks: [], network: [], software } });
  expect(res.status, res.text).toBeLessThan(300);
}

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = await makeOrg(partner.id);
  orgB = await makeOrg(partner.id);
  siteA = await makeSite(orgA);
  const keyA = await createKey(admin, { orgId: orgA.id, siteId: siteA.id });
  const keyB = await createKey(admin, { orgId: orgB.id });
  linux1 = await enroll(keyA.key);
  linux2 = await enroll(keyB.key);
  win = await enroll(keyB.key, { osType: 'windows', osVersion: 'Windows 11' });
  await upload(linux1, [
    { name: pkg('nginx'), version: '1.24.0', publisher: 'Debian Nginx Maintainers', source: 'dpkg' },
    { name: pkg('curl'), version: '7.88.1', publisher: 'Debian', source: 'dpkg' },
    { name: 'a, "quoted" =pkg', version: '1', source: 'dpkg' },
  ]);
  await upload(linux2, [
    { name: pkg('nginx'), version: '1.22.1', publisher: 'Debian Nginx Maintainers', source: 'dpkg' },
    { name: pkg('curl'), version: '7.88.1', publisher: 'Debian', source: 'dpkg' },
  ]);
  await upload(win, [{ name: pkg('curl'), version: '8.0', publisher: 'Curl Project', source: 'msi' }]);
  orgUserToken = await tokenFor(await makeOrgUser(partner, orgA, { role: 'Organization User' }));

  const otherPartner = await makePartner();
  const otherAdmin = await tokenFor(await makePartnerUser(otherPartner), { mfa: true });
  const otherKey = await createKey(otherAdmin, { orgId: (await makeOrg(otherPartner.id)).id });
  const otherDevice = await enroll(otherKey.key);
  await upload(otherDevice, [{ name: pkg('nginx'), version: '9.9', source: 'dpkg' }]);
  other = { token: otherAdmin, device: otherDevice };
});

describe('GET /software/inventory', () => {
  it('groups by name and vendor with versions and device counts, within the caller scope', async () => {
    const res = await api.get('/software/inventory', { token: admin, query: { search: tag } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.totalDevices).toBe(3);
    const rows = res.body.data as { name: string; vendor: string | null; deviceCount: number; versions: { version: string; deviceCount: number }[] }[];
    expect(rows.map((r) => [r.name, r.vendor, r.deviceCount])).toEqual([
      [pkg('curl'), 'Curl Project', 1],
      [pkg('curl'), 'Debian', 2],
      [pkg('nginx'), 'Debian Nginx Maintainers', 2],
    ]);
    expect(rows[1].versions).toEqual([{ version: '7.88.1', deviceCount: 2 }]);
    expect(rows[2].versions.map((v) => v.version).sort()).toEqual(['1.22.1', '1.24.0']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 50, total: 3 });
  });

  it('filters by organization, site, OS and version; sorts and pages', async () => {
    const byOrg = await api.get('/software/inventory', { token: admin, query: { search: tag, orgId: orgB.id } });
    expect(byOrg.body.totalDevices).toBe(2);
    expect(byOrg.body.data.map((r: { name: string }) => r.name)).toEqual([pkg('curl'), pkg('curl'), pkg('nginx')]);
    const bySite = await api.get('/software/inventory', { token: admin, query: { search: tag, siteId: siteA.id } });
    expect(bySite.body.data.map((r: { versions: { version: string }[] }) => r.versions[0].version)).toEqual(['7.88.1', '1.24.0']);
    const byOs = await api.get('/software/inventory', { token: admin, query: { search: tag, osType: 'windows' } });
    expect(byOs.body.data).toHaveLength(1);
    expect(byOs.body.data[0].vendor).toBe('Curl Project');
    const byVersion = await api.get('/software/inventory', { token: admin, query: { search: tag, version: '1.22.1' } });
    expect(byVersion.body.data).toEqual([{ name: pkg('nginx'), vendor: 'Debian Nginx Maintainers', deviceCount: 1, versions: [{ version: '1.22.1', deviceCount: 1 }] }]);
    const sorted = await api.get('/software/inventory', { token: admin, query: { search: tag, sort: 'deviceCount', limit: 1, page: 2 } });
    expect(sorted.body.pagination).toEqual({ page: 2, limit: 1, total: 3 });
    expect(sorted.body.data[0].deviceCount).toBe(2);
    const past = await api.get('/software/inventory', { token: admin, query: { search: tag, page: 9 } });
    expect(past.body).toMatchObject({ data: [], pagination: { total: 3 } });
  });

  it('exports CSV by query or Accept header, with cells quoted and formulas neutralised', async () => {
    const res = await api.get('/software/inventory', { token: admin, query: { format: 'csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('name,vendor,version,versionDeviceCount,packageDeviceCount');
    expect(lines).toContain(`${pkg('curl')},Debian,7.88.1,2,2`);
    expect(lines).toContain('"a, ""quoted"" =pkg",,1,1,1');
    const viaAccept = await api.get('/software/inventory', { token: admin, query: { search: tag }, headers: { accept: 'text/csv' } });
    expect(viaAccept.headers.get('content-type')).toContain('text/csv');
    expect(viaAccept.text.trim().split('\r\n')).toHaveLength(1 + 4);
  });

  it('shows an organization user only its organization and another partner nothing of ours', async () => {
    const mine = await api.get('/software/inventory', { token: orgUserToken, query: { search: tag } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.totalDevices).toBe(1);
    const theirs = await api.get('/software/inventory', { token: other.token, query: { search: tag } });
    expect(theirs.body.data).toEqual([{ name: pkg('nginx'), vendor: null, deviceCount: 1, versions: [{ version: '9.9', deviceCount: 1 }] }]);
  });

  it('rejects bad filters with 400', async () => {
    expect((await api.get('/software/inventory', { token: admin, query: { sort: 'nope' } })).status).toBe(400);
    expect((await api.get('/software/inventory', { token: admin, query: { limit: 500 } })).status).toBe(400);
  });
});

describe('GET /software/inventory/devices', () => {
  it('lists the devices having a package, by vendor and version', async () => {
    const res = await api.get('/software/inventory/devices', { token: admin, query: { name: pkg('nginx') } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination.total).toBe(2);
    expect(new Set(res.body.data.map((d: { deviceId: string }) => d.deviceId))).toEqual(new Set([linux1.deviceId, linux2.deviceId]));
    const curlDebian = await api.get('/software/inventory/devices', { token: admin, query: { name: pkg('curl'), vendor: 'Debian' } });
    expect(curlDebian.body.data).toHaveLength(2);
    const v = await api.get('/software/inventory/devices', { token: admin, query: { name: pkg('nginx'), version: '1.24.0' } });
    expect(v.body.data).toEqual([expect.objectContaining({ deviceId: linux1.deviceId, orgId: orgA.id, siteId: siteA.id, osType: 'linux', version: '1.24.0' })]);
    const theirs = await api.get('/software/inventory/devices', { token: other.token, query: { name: pkg('nginx') } });
    expect(theirs.body.data.map((d: { deviceId: string }) => d.deviceId)).toEqual([other.device.deviceId]);
  });
});

describe('GET /software/inventory/:deviceId', () => {
  it('lists one device’s packages and whether it can uninstall', async () => {
    const res = await api.get(`/software/inventory/${linux1.deviceId}`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ deviceId: linux1.deviceId, osType: 'linux', uninstallSupported: true });
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['a, "quoted" =pkg', pkg('curl'), pkg('nginx')]);
    const searched = await api.get(`/software/inventory/${linux1.deviceId}`, { token: admin, query: { search: 'NGINX' } });
    expect(searched.body.data).toHaveLength(1);
    expect((await api.get(`/software/inventory/${win.deviceId}`, { token: admin })).body.uninstallSupported).toBe(false);
  });

  it('answers 404 for a device of another partner or organization', async () => {
    expect((await api.get(`/software/inventory/${other.device.deviceId}`, { token: admin })).status).toBe(404);
    expect((await api.get(`/software/inventory/${linux2.deviceId}`, { token: orgUserToken })).status).toBe(404);
  });
});

describe('POST /software/inventory/:deviceId/:softwareId/uninstall', () => {
  const softwareOf = async (deviceId: string, name: string) => (await db.deviceSoftware.findFirstOrThrow({ where: { deviceId, name } })).id;

  it('queues an uninstall_software command the agent receives, audited, once per package while pending', async () => {
    const softwareId = await softwareOf(linux1.deviceId, pkg('nginx'));
    const res = await api.post(`/software/inventory/${linux1.deviceId}/${softwareId}/uninstall`, { token: admin });
    expect(res.status, res.text).toBe(202);
    expect(res.body.command).toMatchObject({ type: 'uninstall_software', status: 'pending', payload: { softwareId, name: pkg('nginx'), version: '1.24.0', source: 'dpkg' } });
    expect(res.body.software).toMatchObject({ id: softwareId, name: pkg('nginx') });
    const again = await api.post(`/software/inventory/${linux1.deviceId}/${softwareId}/uninstall`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_PENDING');
    const audit = await db.auditLog.findFirst({ where: { action: 'software.uninstall', targetId: linux1.deviceId } });
    expect(audit?.details).toMatchObject({ commandId: res.body.command.id, name: pkg('nginx') });
    const beat = await heartbeat(linux1);
    expect(beat.body.commands).toEqual([expect.objectContaining({ id: res.body.command.id, type: 'uninstall_software' })]);
    // Delivered: a new uninstall of the same package may be queued again.
    expect((await api.post(`/software/inventory/${linux1.deviceId}/${softwareId}/uninstall`, { token: admin })).status).toBe(202);
  });

  it('answers 422 UNINSTALL_NOT_SUPPORTED for a Windows device', async () => {
    const res = await api.post(`/software/inventory/${win.deviceId}/${await softwareOf(win.deviceId, pkg('curl'))}/uninstall`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('UNINSTALL_NOT_SUPPORTED');
  });

  it('answers 404 for software of another device, and for another partner’s device, queueing nothing', async () => {
    const foreign = await softwareOf(linux2.deviceId, pkg('curl'));
    expect((await api.post(`/software/inventory/${linux1.deviceId}/${foreign}/uninstall`, { token: admin })).status).toBe(404);
    const theirs = await softwareOf(other.device.deviceId, pkg('nginx'));
    const res = await api.post(`/software/inventory/${other.device.deviceId}/${theirs}/uninstall`, { token: admin });
    expect(res.status).toBe(404);
    expect(await db.deviceCommand.count({ where: { deviceId: other.device.deviceId, type: 'uninstall_software' } })).toBe(0);
  });

  it('needs devices:execute', async () => {
    const partner = await makePartner();
    const reader = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }));
    const res = await api.post(`/software/inventory/${linux1.deviceId}/${await softwareOf(linux1.deviceId, pkg('curl'))}/uninstall`, { token: reader });
    expect(res.status).toBe(403);
  });
});
