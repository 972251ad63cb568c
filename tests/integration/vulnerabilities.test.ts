// Vulnerability management end to end through the API, with agents simulated over the real agent
// protocol: the shipped real OSV and KEV samples loaded as feeds, matching with each ecosystem's
// ordering, incremental recomputation (an inventory upload, a feed change touching only its
// packages), the actions (accept-risk and its expiry, mitigate, reopen, bulk, remediate through
// the patch jobs, tickets and the service-management gate) and tenancy.
import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';

const SAMPLES = path.resolve(import.meta.dirname, '../../lib/vulnerabilities/samples');
const osvSample = readFileSync(path.join(SAMPLES, 'osv-sample.json'), 'utf8');
const kevSample = readFileSync(path.join(SAMPLES, 'kev-sample.json'), 'utf8');

let sysadmin: string;
let admin: string;
let outsider: string;
let partner: Awaited<ReturnType<typeof makePartner>>;
let orgA: string;
let orgB: string;
let bookworm: EnrolledAgent;
let patched: EnrolledAgent;
let alpine: EnrolledAgent;
let other: EnrolledAgent;
let osvFeed: string;

const deb12 = { name: 'Debian GNU/Linux', version: '12' };
const inventory = (agent: EnrolledAgent, os: Record<string, string>, software: { name: string; version: string; source?: string }[]) =>
  api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { os, software: software.map((s) => ({ source: 'dpkg', ...s })) } });
const upload = (feedId: string, text: string) => api.put(`/vulnerabilities/feeds/${feedId}/document`, { token: sysadmin, rawBody: text, headers: { 'content-type': 'application/json' } });
const byCve = async (token = admin, query: Record<string, string> = {}) => (await api.get('/vulnerabilities', { token, query })).body;
const findingsOf = (deviceId: string) => db.vulnerabilityFinding.findMany({ where: { deviceId }, orderBy: { cveId: 'asc' } });

beforeAll(async () => {
  sysadmin = await tokenFor(await makePlatformAdmin());
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = (await makeOrg(partner.id)).id;
  orgB = (await makeOrg(partner.id)).id;
  const keyA = await createKey(admin, { orgId: orgA });
  const keyB = await createKey(admin, { orgId: orgB });
  bookworm = await enroll(keyA.key);
  patched = await enroll(keyA.key);
  alpine = await enroll(keyB.key);
  const p2 = await makePartner();
  outsider = await tokenFor(await makePartnerUser(p2), { mfa: true });
  other = await enroll((await createKey(outsider, { orgId: (await makeOrg(p2.id)).id })).key);

  // glibc and openssh before their Debian 12 security fixes, curl already fixed.
  await inventory(bookworm, deb12, [
    { name: 'glibc', version: '2.36-9+deb12u1' },
    { name: 'openssh', version: '1:9.2p1-2+deb12u2' },
    { name: 'curl', version: '7.88.1-10+deb12u5' },
    { name: 'openssl', version: '3.0.11-1~deb12u1' },
  ]);
  await inventory(patched, deb12, [
    { name: 'glibc', version: '2.36-9+deb12u3' },
    { name: 'openssh', version: '1:9.2p1-2+deb12u3' },
    { name: 'openssl', version: '3.0.11-1~deb12u2' },
  ]);
  await inventory(alpine, { name: 'Alpine Linux', version: '3.18.4' }, [{ name: 'openssl', version: '3.1.3-r0', source: 'apk' }]);
  await inventory(other, deb12, [{ name: 'glibc', version: '2.36-9' }]);
});

describe('feeds', () => {
  it('only system operators manage feeds', async () => {
    expect((await api.get('/vulnerabilities/feeds', { token: admin })).status).toBe(403);
    expect((await api.post('/vulnerabilities/feeds', { token: admin, body: { kind: 'osv', name: 'x' } })).status).toBe(403);
  });

  it('refuses a feed URL that targets a blocked address', async () => {
    const res = await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'osv', name: 'metadata', url: 'http://169.254.169.254/latest' } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('FEED_URL_UNSAFE');
  });

  it('loads the real OSV and KEV samples and queues only their packages', async () => {
    osvFeed = (await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'osv', name: 'OSV sample' } })).body.id;
    const kevFeed = (await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'kev', name: 'KEV sample' } })).body.id;
    const res = await upload(osvFeed, osvSample);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ changed: true, records: 9, invalid: 0, removed: 0 });
    expect(res.body.inserted).toBe(res.body.entries);
    expect(res.body.packagesQueued).toBe(6); // glibc, openssh, apache-log4j2, openssl, curl, lodash
    expect(await pendingJobCount('vulnerability_recompute')).toBe(1);
    expect((await upload(osvFeed, osvSample)).body).toMatchObject({ changed: false, inserted: 0 });
    expect((await upload(kevFeed, kevSample)).body).toMatchObject({ changed: true, entries: 4 });
    expect((await upload(kevFeed, '{"not":"kev"}')).body.error.code).toBe('FEED_INVALID');
    await runDueJobs();
    const feeds = (await api.get('/vulnerabilities/feeds', { token: sysadmin })).body.data;
    expect(feeds.map((f: { name: string; entries: number }) => [f.name, f.entries])).toEqual([['OSV sample', 14], ['KEV sample', 4]]);
  });
});

describe('matching', () => {
  it('matches each ecosystem with its own ordering', async () => {
    const mine = await findingsOf(bookworm.deviceId);
    expect(mine.map((f) => [f.cveId, f.packageName, f.fixedVersion, f.status])).toEqual([
      ['CVE-2023-4911', 'glibc', '2.36-9+deb12u3', 'open'],
      ['CVE-2023-5363', 'openssl', '3.0.11-1~deb12u2', 'open'],
      ['CVE-2024-6387', 'openssh', '1:9.2p1-2+deb12u3', 'open'],
    ]);
    // The fixed versions themselves are not affected (dpkg: ~deb12u2 < ~deb12u2 is false).
    expect(await findingsOf(patched.deviceId)).toEqual([]);
    const apk = await findingsOf(alpine.deviceId);
    expect(apk.map((f) => [f.cveId, f.ecosystem, f.fixedVersion, f.severity])).toEqual([['CVE-2023-5363', 'alpine:v3.18', '3.1.4-r0', 'high']]);
  });

  it('lists one row per CVE with known-exploited status, and groups by remediation unit', async () => {
    const list = await byCve();
    expect(list.pagination.total).toBe(3);
    const glibc = list.data.find((r: { cveId: string }) => r.cveId === 'CVE-2023-4911');
    expect(glibc).toMatchObject({ knownExploited: true, kev: { dateAdded: '2023-11-21', dueDate: '2023-12-12', knownRansomware: false }, packages: ['glibc'], affectedDevices: 1, fixAvailable: true, patchReady: 0 });
    const openssl = list.data.find((r: { cveId: string }) => r.cveId === 'CVE-2023-5363');
    expect(openssl).toMatchObject({ affectedDevices: 2, severity: 'high', cvssScore: 7.5, knownExploited: false });
    expect((await byCve(admin, { knownExploited: 'true' })).data.map((r: { cveId: string }) => r.cveId)).toEqual(['CVE-2023-4911']);
    expect((await byCve(admin, { orgId: orgB })).data.map((r: { cveId: string }) => r.cveId)).toEqual(['CVE-2023-5363']);

    const groups = (await api.get('/vulnerabilities/software', { token: admin })).body;
    expect(groups.data.map((g: { groupKey: string }) => g.groupKey).sort()).toEqual(['alpine:v3.18:openssl', 'debian:12:glibc', 'debian:12:openssh', 'debian:12:openssl']);
    const detail = await api.get(`/vulnerabilities/software/${encodeURIComponent('debian:12:glibc')}`, { token: admin });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.group).toMatchObject({ fixedVersion: '2.36-9+deb12u3', cveCount: 1, affectedDevices: 1, knownExploited: true });
    expect(detail.body.findings[0]).toMatchObject({ deviceId: bookworm.deviceId, installedVersion: '2.36-9+deb12u1', knownExploited: true });
    expect((await api.get(`/vulnerabilities/software/${encodeURIComponent('debian:12:zlib')}`, { token: admin })).status).toBe(404);

    const devices = await api.get('/vulnerabilities/CVE-2023-5363/devices', { token: admin });
    expect(devices.status, devices.text).toBe(200);
    expect(devices.body.data.map((f: { deviceId: string }) => f.deviceId).sort()).toEqual([bookworm.deviceId, alpine.deviceId].sort());
    const stats = (await api.get('/vulnerabilities/stats', { token: admin })).body;
    expect(stats).toMatchObject({ knownExploitedExposure: { cves: 1, devices: 1 }, open: 4, affectedDevices: 2, acceptedExpiringSoon: 0 });
  });
});

describe('incremental recomputation', () => {
  it('an inventory upload recomputes that device only', async () => {
    const before = await db.vulnerabilityFinding.findMany({ where: { deviceId: alpine.deviceId } });
    await inventory(bookworm, deb12, [
      { name: 'glibc', version: '2.36-9+deb12u3' },
      { name: 'openssh', version: '1:9.2p1-2+deb12u2' },
      { name: 'openssl', version: '3.0.11-1~deb12u1' },
    ]);
    const job = await db.$queryRaw<{ payload: { deviceIds: string[] } }[]>`
      select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'vulnerability_recompute'`;
    expect(job.map((j) => j.payload)).toEqual([{ deviceIds: [bookworm.deviceId] }]);
    await runDueJobs();
    const mine = await findingsOf(bookworm.deviceId);
    expect(mine.find((f) => f.cveId === 'CVE-2023-4911')).toMatchObject({ status: 'resolved' });
    expect(mine.filter((f) => f.status === 'open').map((f) => f.cveId)).toEqual(['CVE-2023-5363', 'CVE-2024-6387']);
    // Another device's findings were not rewritten.
    expect(await db.vulnerabilityFinding.findMany({ where: { deviceId: alpine.deviceId } })).toEqual(before);
  });

  it('a feed change recomputes only the packages it touched', async () => {
    const records = JSON.parse(osvSample) as { id: string; affected: { ranges: { events: Record<string, string>[] }[] }[] }[];
    // Say the openssh fix came one revision later: u3 is now affected too; the rest is unchanged.
    records.find((r) => r.id === 'DSA-5724-1')!.affected[0].ranges[0].events[1] = { fixed: '1:9.2p1-2+deb12u4' };
    const glibcBefore = await db.vulnerabilityFinding.findMany({ where: { packageName: { not: 'openssh' } }, orderBy: { id: 'asc' } });
    const res = await upload(osvFeed, JSON.stringify(records));
    expect(res.body).toMatchObject({ changed: true, inserted: 0, updated: 1, removed: 0, packagesQueued: 1 });
    const job = await db.$queryRaw<{ payload: unknown }[]>`
      select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'vulnerability_recompute'`;
    expect(job.map((j) => j.payload)).toEqual([{ packageNames: ['openssh'] }]);
    await runDueJobs();
    expect((await findingsOf(patched.deviceId)).map((f) => [f.cveId, f.fixedVersion])).toEqual([['CVE-2024-6387', '1:9.2p1-2+deb12u4']]);
    expect((await findingsOf(bookworm.deviceId)).find((f) => f.cveId === 'CVE-2024-6387')?.fixedVersion).toBe('1:9.2p1-2+deb12u4');
    expect(await db.vulnerabilityFinding.findMany({ where: { packageName: { not: 'openssh' } }, orderBy: { id: 'asc' } })).toEqual(glibcBefore);
    // Back to the real advisory: the patched device's finding resolves.
    await upload(osvFeed, osvSample);
    await runDueJobs();
    expect((await findingsOf(patched.deviceId)).map((f) => f.status)).toEqual(['resolved']);
  });
});

describe('actions', () => {
  const findingOf = async (deviceId: string, cveId: string) => (await db.vulnerabilityFinding.findFirstOrThrow({ where: { deviceId, cveId } })).id;

  it('accepts risk until a date, and the sweep reopens it once past', async () => {
    const id = await findingOf(bookworm.deviceId, 'CVE-2024-6387');
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await api.post(`/vulnerabilities/${id}/accept-risk`, { token: admin, body: { reason: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() } })).status).toBe(400);
    const res = await api.post(`/vulnerabilities/${id}/accept-risk`, { token: admin, body: { reason: 'Jump host, SSH closed at the firewall', expiresAt: soon } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'accepted', acceptedReason: 'Jump host, SSH closed at the firewall', acceptedUntil: soon });
    expect((await api.get('/vulnerabilities/stats', { token: admin })).body.acceptedExpiringSoon).toBe(1);
    expect((await byCve()).data.map((r: { cveId: string }) => r.cveId)).not.toContain('CVE-2024-6387');
    expect(await db.auditLog.count({ where: { action: 'vulnerability.accept_risk', targetId: id } })).toBe(1);

    await db.vulnerabilityFinding.update({ where: { id }, data: { acceptedUntil: new Date(Date.now() - 1000) } });
    await db.$executeRaw`select graphile_worker.add_job('sweep_vulnerability_acceptances', '{}'::json)`;
    await runDueJobs();
    expect(await db.vulnerabilityFinding.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'open', acceptedReason: null, acceptedUntil: null });
    expect(await db.auditLog.count({ where: { action: 'vulnerability.acceptance_expired', targetId: id } })).toBe(1);
  });

  it('mitigates and reopens; reopening an open finding is 409', async () => {
    const id = await findingOf(bookworm.deviceId, 'CVE-2023-5363');
    expect((await api.post(`/vulnerabilities/${id}/mitigate`, { token: admin, body: { note: 'Legacy ciphers disabled' } })).body).toMatchObject({ status: 'mitigated', mitigationNote: 'Legacy ciphers disabled' });
    expect((await api.post(`/vulnerabilities/${id}/reopen`, { token: admin })).body).toMatchObject({ status: 'open', mitigationNote: null });
    const again = await api.post(`/vulnerabilities/${id}/reopen`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('FINDING_ALREADY_OPEN');
  });

  it('bulk accept-risk and mitigate take a CVE or a group, within the scope', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await api.post('/vulnerabilities/bulk/accept-risk', { token: admin, body: { cveId: 'CVE-2023-5363', reason: 'Vendor appliance', expiresAt } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.updated).toBe(2);
    const mitigated = await api.post('/vulnerabilities/bulk/mitigate', { token: admin, body: { groupKey: 'alpine:v3.18:openssl', note: 'Isolated VLAN' } });
    expect(mitigated.body.updated).toBe(1);
    expect((await db.vulnerabilityFinding.findFirstOrThrow({ where: { deviceId: alpine.deviceId } })).status).toBe('mitigated');
    expect((await api.post('/vulnerabilities/bulk/mitigate', { token: admin, body: { cveId: 'CVE-2023-5363', groupKey: 'npm:lodash', note: 'x' } })).status).toBe(400);
    await api.post('/vulnerabilities/bulk/accept-risk', { token: admin, body: { cveId: 'CVE-2023-5363', reason: 'again', expiresAt } });
    for (const f of await db.vulnerabilityFinding.findMany({ where: { cveId: 'CVE-2023-5363', status: { not: 'resolved' } } })) await api.post(`/vulnerabilities/${f.id}/reopen`, { token: admin });
  });

  it('remediate approves the fixing patch a scan found and installs it through a patch job; needs MFA', async () => {
    const noMfa = await tokenFor(await makePartnerUser(partner));
    expect((await api.post('/vulnerabilities/remediate', { token: noMfa, body: { cveId: 'CVE-2024-6387' } })).status).toBe(403);
    // No scan yet: nothing to install.
    const none = await api.post('/vulnerabilities/remediate', { token: admin, body: { cveId: 'CVE-2024-6387' } });
    expect(none.status, none.text).toBe(202);
    expect(none.body).toMatchObject({ jobs: [], skipped: [{ deviceId: bookworm.deviceId, reason: 'NO_FIXING_PATCH' }] });
    // The agent's apt scan finds the security update.
    const scan = await api.put(`/agents/${bookworm.agentId}/patches`, {
      token: bookworm.authToken,
      body: { manager: 'apt', refreshed: true, updates: [{ name: 'openssh', installedVersion: '1:9.2p1-2+deb12u2', version: '1:9.2p1-2+deb12u3', severity: 'important', cveIds: ['CVE-2024-6387'] }] },
    });
    expect(scan.status, scan.text).toBe(200);
    expect((await byCve()).data.find((r: { cveId: string }) => r.cveId === 'CVE-2024-6387').patchReady).toBe(1);
    const res = await api.post('/vulnerabilities/remediate', { token: admin, body: { cveId: 'CVE-2024-6387' } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.approvedPatches).toEqual([expect.objectContaining({ orgId: orgA, name: 'openssh', version: '1:9.2p1-2+deb12u3' })]);
    expect(res.body.jobs).toEqual([expect.objectContaining({ deviceId: bookworm.deviceId, status: 'queued', patchIds: [res.body.approvedPatches[0].patchId] })]);
    const approval = await db.patchApproval.findFirstOrThrow({ where: { orgId: orgA, patchId: res.body.approvedPatches[0].patchId } });
    expect(approval).toMatchObject({ status: 'approved', note: 'Remediating CVE-2024-6387' });
    // The agent installs it and re-sends its inventory: the finding resolves.
    await inventory(bookworm, deb12, [
      { name: 'glibc', version: '2.36-9+deb12u3' },
      { name: 'openssh', version: '1:9.2p1-2+deb12u3' },
      { name: 'openssl', version: '3.0.11-1~deb12u1' },
    ]);
    await runDueJobs();
    expect((await findingsOf(bookworm.deviceId)).find((f) => f.cveId === 'CVE-2024-6387')?.status).toBe('resolved');
  });

  it('opens one ticket per organization and links the findings; 409 service_management_off when off', async () => {
    const res = await api.post('/vulnerabilities/tickets', { token: admin, body: { cveId: 'CVE-2023-5363' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.tickets.map((t: { orgId: string }) => t.orgId).sort()).toEqual([orgA, orgB].sort());
    for (const t of res.body.tickets) {
      const ticket = await db.ticket.findUniqueOrThrow({ where: { id: t.ticketId } });
      expect(ticket).toMatchObject({ orgId: t.orgId, source: 'vulnerability', priority: 'p2' });
      expect(ticket.subject).toBe('[high] CVE-2023-5363 on 1 device');
      expect(await db.vulnerabilityFinding.count({ where: { ticketId: t.ticketId } })).toBe(1);
    }
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'off' } });
    const before = await db.ticket.count({ where: { partnerId: partner.id } });
    const off = await api.post('/vulnerabilities/tickets', { token: admin, body: { cveId: 'CVE-2023-5363' } });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe('service_management_off');
    expect(await db.ticket.count({ where: { partnerId: partner.id } })).toBe(before);
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'native' } });
  });
});

describe('tenancy', () => {
  it('another partner sees none of it and its actions are 404 with the finding unchanged', async () => {
    const outsiderList = await byCve(outsider);
    expect(outsiderList.data.map((r: { cveId: string; affectedDevices: number }) => [r.cveId, r.affectedDevices])).toEqual([['CVE-2023-4911', 1]]);
    const mine = await db.vulnerabilityFinding.findFirstOrThrow({ where: { deviceId: bookworm.deviceId, cveId: 'CVE-2023-5363' } });
    expect((await api.get('/vulnerabilities/CVE-2023-5363/devices', { token: outsider })).status).toBe(404);
    expect((await api.get(`/vulnerabilities/software/${encodeURIComponent('debian:12:openssl')}`, { token: outsider })).status).toBe(404);
    expect((await api.post(`/vulnerabilities/${mine.id}/accept-risk`, { token: outsider, body: { reason: 'x', expiresAt: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(404);
    expect((await api.post(`/vulnerabilities/${mine.id}/mitigate`, { token: outsider, body: { note: 'x' } })).status).toBe(404);
    expect((await api.post('/vulnerabilities/bulk/mitigate', { token: outsider, body: { findingIds: [mine.id], note: 'x' } })).body.updated).toBe(0);
    expect((await api.post('/vulnerabilities/tickets', { token: outsider, body: { findingIds: [mine.id] } })).status).toBe(404);
    expect((await api.post('/vulnerabilities/remediate', { token: outsider, body: { findingIds: [mine.id] } })).status).toBe(404);
    expect(await db.vulnerabilityFinding.findUniqueOrThrow({ where: { id: mine.id } })).toEqual(mine);
  });
});

describe('source packages', () => {
  it('matches a binary package under the source package and version the agent reported, and a feed change of the source reaches it', async () => {
    const p3 = await makePartner();
    const admin3 = await tokenFor(await makePartnerUser(p3), { mfa: true });
    const bins = await enroll((await createKey(admin3, { orgId: (await makeOrg(p3.id)).id })).key);
    const res = await api.put(`/agents/${bins.agentId}/inventory`, {
      token: bins.authToken,
      body: {
        os: deb12,
        software: [
          // Built from openssl before its fix: the DSA names the source package only.
          { name: 'libssl3', version: '3.0.11-1~deb12u1', source: 'dpkg', sourceName: 'openssl' },
          // A binNMU of the fixed glibc: its own version means nothing to the advisory, its source version does.
          { name: 'libc6', version: '2.36-9+deb12u3+b1', source: 'dpkg', sourceName: 'glibc', sourceVersion: '2.36-9+deb12u3' },
          // A binary whose own version would look affected, built from an already fixed source.
          { name: 'openssh-client', version: '1:1.0-1', source: 'dpkg', sourceName: 'openssh', sourceVersion: '1:9.2p1-2+deb12u3' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(await db.deviceSoftware.findFirst({ where: { deviceId: bins.deviceId, name: 'libc6' } })).toMatchObject({ sourceName: 'glibc', sourceVersion: '2.36-9+deb12u3' });
    await runDueJobs();
    expect((await findingsOf(bins.deviceId)).map((f) => [f.cveId, f.packageName, f.installedVersion, f.fixedVersion, f.status])).toEqual([['CVE-2023-5363', 'libssl3', '3.0.11-1~deb12u1', '3.0.11-1~deb12u2', 'open']]);
    const list = (await api.get('/vulnerabilities', { token: admin3 })).body;
    expect(list.data.map((r: { cveId: string; packages: string[] }) => [r.cveId, r.packages])).toEqual([['CVE-2023-5363', ['libssl3']]]);
    // Each finding row names the source package and version it was matched under, as does its group.
    const rows = (await api.get('/vulnerabilities/CVE-2023-5363/devices', { token: admin3 })).body.data;
    expect(rows.map((f: Record<string, unknown>) => [f.packageName, f.installedVersion, f.sourcePackage, f.sourceVersion])).toEqual([['libssl3', '3.0.11-1~deb12u1', 'openssl', '3.0.11-1~deb12u1']]);
    const groups = (await api.get('/vulnerabilities/software', { token: admin3 })).body.data;
    expect(groups.map((g: Record<string, unknown>) => [g.packageName, g.sourcePackage])).toEqual([['libssl3', 'openssl']]);
    expect((await api.get(`/vulnerabilities/software/${encodeURIComponent('debian:12:libssl3')}`, { token: admin3 })).body).toMatchObject({ group: { sourcePackage: 'openssl' }, findings: [{ sourcePackage: 'openssl' }] });

    // The openssl advisory's fix moves on: the queued job names the source package and reaches libssl3.
    const records = JSON.parse(osvSample) as { id: string; affected: { ranges: { events: Record<string, string>[] }[] }[] }[];
    records.find((r) => r.id === 'DSA-5532-1')!.affected[0].ranges[0].events[1] = { fixed: '3.0.11-1~deb12u3' };
    expect((await upload(osvFeed, JSON.stringify(records))).body).toMatchObject({ packagesQueued: 1 });
    await runDueJobs();
    expect((await findingsOf(bins.deviceId)).map((f) => [f.packageName, f.fixedVersion])).toEqual([['libssl3', '3.0.11-1~deb12u3']]);
    // The advisory withdrawn for that release: the finding resolves through the source name too.
    const withdrawn = records.filter((r) => r.id !== 'DSA-5532-1');
    await upload(osvFeed, JSON.stringify(withdrawn));
    await runDueJobs();
    expect((await findingsOf(bins.deviceId)).map((f) => [f.packageName, f.status])).toEqual([['libssl3', 'resolved']]);
    await upload(osvFeed, osvSample);
    await runDueJobs();
  });
});

describe('RPM distributions', () => {
  it('matches an AlmaLinux binary package under its source RPM with rpm ordering, epoch included', async () => {
    const p4 = await makePartner();
    const admin4 = await tokenFor(await makePartnerUser(p4), { mfa: true });
    const alma = await enroll((await createKey(admin4, { orgId: (await makeOrg(p4.id)).id })).key);
    const feed = (await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'osv', name: 'AlmaLinux advisories' } })).body.id as string;
    // An ALSA record as AlmaLinux publishes them: CVEs in related, the source and its binaries with an epoch-qualified fix.
    const alsa = {
      id: 'ALSA-2024:2447',
      summary: 'Moderate: openssl security update',
      modified: '2024-05-01T00:00:00Z',
      related: ['CVE-2024-0727'],
      affected: ['openssl', 'openssl-libs'].map((name) => ({ package: { ecosystem: 'AlmaLinux:9', name }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1:3.0.7-27.el9' }] }] })),
    };
    const kernel = { id: 'ALSA-2024:3138', modified: '2024-05-23T00:00:00Z', related: ['CVE-2024-26602'], affected: [{ package: { ecosystem: 'AlmaLinux:9', name: 'kernel' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '5.14.0-427.18.1.el9_4' }] }] }] };
    expect((await upload(feed, JSON.stringify([alsa, kernel]))).status).toBe(200);
    const res = await api.put(`/agents/${alma.agentId}/inventory`, {
      token: alma.authToken,
      body: {
        os: { name: 'AlmaLinux', version: '9.4 (Seafoam Ocelot)' },
        software: [
          // rpm -qa with SOURCERPM, as the agent lists it: the binaries of openssl and kernel.
          { name: 'openssl-libs', version: '1:3.0.7-25.el9_3', source: 'rpm', sourceName: 'openssl' },
          { name: 'kernel-core', version: '5.14.0-427.13.1.el9_4', source: 'rpm', sourceName: 'kernel' },
          // Already at a release after the fix (el9_4 sorts after el9): not affected.
          { name: 'openssl', version: '1:3.0.7-27.el9_4', source: 'rpm' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    await runDueJobs();
    const found = await findingsOf(alma.deviceId);
    expect(found.map((f) => [f.cveId, f.ecosystem, f.packageName, f.sourceName, f.installedVersion, f.fixedVersion])).toEqual([
      ['CVE-2024-0727', 'almalinux:9', 'openssl-libs', 'openssl', '1:3.0.7-25.el9_3', '1:3.0.7-27.el9'],
      ['CVE-2024-26602', 'almalinux:9', 'kernel-core', 'kernel', '5.14.0-427.13.1.el9_4', '5.14.0-427.18.1.el9_4'],
    ]);
    const groups = (await api.get('/vulnerabilities/software', { token: admin4 })).body.data;
    expect(groups.map((g: Record<string, unknown>) => [g.groupKey, g.sourcePackage, g.fixedVersion]).sort()).toEqual([
      ['almalinux:9:kernel-core', 'kernel', '5.14.0-427.18.1.el9_4'],
      ['almalinux:9:openssl-libs', 'openssl', '1:3.0.7-27.el9'],
    ]);
    // The kernel updated past the fix: its finding resolves.
    await api.put(`/agents/${alma.agentId}/inventory`, { token: alma.authToken, body: { os: { name: 'AlmaLinux', version: '9.4' }, software: [{ name: 'openssl-libs', version: '1:3.0.7-25.el9_3', source: 'rpm', sourceName: 'openssl' }, { name: 'kernel-core', version: '5.14.0-427.18.1.el9_4', source: 'rpm', sourceName: 'kernel' }] } });
    await runDueJobs();
    expect((await findingsOf(alma.deviceId)).map((f) => [f.packageName, f.status])).toEqual([['openssl-libs', 'open'], ['kernel-core', 'resolved']]);
  });
});

describe('feed documents read as a stream', () => {
  const rec = (id: string, fixed: string) => ({ id, modified: '2024-01-01T00:00:00Z', affected: [{ package: { ecosystem: 'Debian:12', name: 'zz-stream' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }] }] });

  it('loads `{ vulns }`, merges a record repeated later in the document, and a document broken part-way changes nothing', async () => {
    const feed = (await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'osv', name: 'Streamed' } })).body.id as string;
    // DEBIAN-CVE-2099-0001 twice: both range groups are kept on its one row, as for a package listed twice in one record.
    const withVersions = { ...rec('DEBIAN-CVE-2099-0002', '2.0-1'), affected: [{ ...rec('DEBIAN-CVE-2099-0002', '2.0-1').affected[0], versions: ['0.9-1', '1.0-1'] }] };
    const doc = JSON.stringify({ vulns: [rec('DEBIAN-CVE-2099-0001', '1.2-1'), withVersions, rec('DEBIAN-CVE-2099-0001', '1.5-1'), { nope: true }] });
    const first = await upload(feed, doc);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ changed: true, records: 4, invalid: 1, entries: 2, inserted: 2, updated: 0, removed: 0, packagesQueued: 1 });
    const rows = await db.vulnerabilityAdvisory.findMany({ where: { feedId: feed }, orderBy: { cveId: 'asc' } });
    expect(rows.map((r) => [r.cveId, r.ranges, r.versions, r.severity, r.modifiedAt?.toISOString(), r.publishedAt])).toEqual([
      ['CVE-2099-0001', [[{ introduced: '0' }, { fixed: '1.2-1' }], [{ introduced: '0' }, { fixed: '1.5-1' }]], [], 'unknown', '2024-01-01T00:00:00.000Z', null],
      ['CVE-2099-0002', [[{ introduced: '0' }, { fixed: '2.0-1' }]], ['0.9-1', '1.0-1'], 'unknown', '2024-01-01T00:00:00.000Z', null],
    ]);
    expect((await upload(feed, doc)).body).toMatchObject({ changed: false, records: 4, invalid: 1, entries: 2 });

    // A third record, then the document stops mid-record: 400, and neither the new record nor the removal of the others is written.
    const broken = `[${JSON.stringify(rec('DEBIAN-CVE-2099-0003', '3.0-1'))}, {"id": "DEBIAN-CVE-2099-0004", "affected": [`;
    const res = await upload(feed, broken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('FEED_INVALID');
    expect((await db.vulnerabilityAdvisory.findMany({ where: { feedId: feed } })).map((r) => r.cveId).sort()).toEqual(['CVE-2099-0001', 'CVE-2099-0002']);
    expect((await upload(feed, '[{"nope": 1}]')).body.error.code).toBe('FEED_INVALID');

    // The same advisories as one array, CVE-2099-0002 dropped and 0001 listed once: updated and removed.
    const next = await upload(feed, JSON.stringify([rec('DEBIAN-CVE-2099-0001', '1.5-1')]));
    expect(next.body).toMatchObject({ changed: true, records: 1, entries: 1, inserted: 0, updated: 1, removed: 1 });
    await runDueJobs();
  });

  it('loads a zip archive of records, one JSON file each, as osv.dev publishes them (all.zip)', async () => {
    const feed = (await api.post('/vulnerabilities/feeds', { token: sysadmin, body: { kind: 'osv', name: 'Zipped' } })).body.id as string;
    const archive = zipOf([
      ['DEBIAN-CVE-2099-0011.json', JSON.stringify(rec('DEBIAN-CVE-2099-0011', '1.2-1')), true],
      ['DEBIAN-CVE-2099-0012.json', JSON.stringify(rec('DEBIAN-CVE-2099-0012', '1.3-1')), false],
      ['README.txt', 'not a record', true],
    ]);
    const res = await api.put(`/vulnerabilities/feeds/${feed}/document`, { token: sysadmin, rawBody: archive, headers: { 'content-type': 'application/zip' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ changed: true, records: 2, invalid: 0, entries: 2, inserted: 2 });
    expect((await db.vulnerabilityAdvisory.findMany({ where: { feedId: feed } })).map((r) => r.cveId).sort()).toEqual(['CVE-2099-0011', 'CVE-2099-0012']);
    const cut = await api.put(`/vulnerabilities/feeds/${feed}/document`, { token: sysadmin, rawBody: archive.subarray(0, archive.length - 30), headers: { 'content-type': 'application/zip' } });
    expect(cut.status).toBe(400);
    expect(cut.body.error.code).toBe('FEED_INVALID');
    await runDueJobs();
  });
});

/** A zip archive of these files (deflated or stored), with its central directory: the layout of PKWARE's APPNOTE. */
function zipOf(files: [name: string, text: string, deflate: boolean][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text, deflate] of files) {
    const raw = Buffer.from(text);
    const data = deflate ? deflateRawSync(raw) : raw;
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(deflate ? 8 : 0, 10);
    entry.writeUInt32LE(crc32(raw), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
