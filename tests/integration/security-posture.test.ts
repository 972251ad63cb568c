// Security posture over the API: agents report their state (PUT /agents/:id/security), the
// server scores it, stores daily scores, emits security.score_changed, derives recommendations
// and applies security policies; scans are refused with 422 where ClamAV cannot run; another
// partner's caller gets 404 on every device-scoped route with nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { postureCheck, postureCheckKeys } from '@/lib/policies/posture-checks';
// Policy evaluation registers the security checks with the posture checks.
import '@/lib/policies/evaluate-policies';

const report = (over: Record<string, unknown> = {}) => ({
  collectedAt: new Date().toISOString(),
  firewall: { status: 'active', backend: 'ufw', defaultInputPolicy: 'drop', rules: null, detail: 'ufw enabled' },
  encryption: { status: 'encrypted', rootEncrypted: true, volumes: [{ mount: '/', device: '/dev/mapper/root', encrypted: true }], detail: '1 of 1' },
  antivirus: { product: 'clamav', installed: true, version: '1.4.6', databaseDir: '/var/lib/clamav', signatureVersion: 27468, signatureUpdatedAt: new Date(Date.now() - 86_400_000).toISOString(), realtime: false, detail: '' },
  passwordPolicy: { known: true, passMaxDays: 90, passMinDays: 1, passWarnAge: 7, minLength: 14, minClass: 3, qualityModule: 'pam_pwquality', detail: '' },
  adminAccounts: { known: true, accounts: [{ name: 'alice', groups: ['sudo'], uidZero: false }], detail: '' },
  sshd: { installed: true, known: true, permitRootLogin: 'no', passwordAuthentication: 'no', detail: '' },
  ...over,
});

let admin: string;
let orgId: string;
let a: EnrolledAgent;
let b: EnrolledAgent;
let outsider: string;

const put = (agent: EnrolledAgent, body: unknown) => api.put(`/agents/${agent.agentId}/security`, { token: agent.authToken, body });

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  const key = await createKey(admin, { orgId });
  a = await enroll(key.key);
  b = await enroll(key.key);
  const other = await makePartner();
  outsider = await tokenFor(await makePartnerUser(other), { mfa: true });
});

describe('security posture', () => {
  it('scores a report, stores the day and emits security.score_changed', async () => {
    const res = await put(a, report());
    expect(res.status).toBe(200);
    expect(res.body.score).toBe(100 * 85 / 85); // security updates unknown (no patch scan): left out
    const status = await api.get(`/security/status/${a.deviceId}`, { token: admin });
    expect(status.status).toBe(200);
    expect(status.body.checks).toHaveLength(7);
    expect(status.body.checks.find((c: { key: string }) => c.key === 'security_updates')).toMatchObject({ status: 'unknown', points: 0 });

    const worse = await put(a, report({ firewall: { status: 'inactive', detail: 'no filtering' }, sshd: { installed: true, known: true, permitRootLogin: 'yes' } }));
    expect(worse.body.score).toBe(Math.round((100 * 55) / 85));
    const events = await db.event.findMany({ where: { type: 'security.score_changed', orgId }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => (e.data as { score: number }).score)).toEqual([100, Math.round((100 * 55) / 85)]);
    expect(events[1].data).toMatchObject({ deviceId: a.deviceId, previousScore: 100, failedChecks: ['firewall_enabled', 'ssh_root_login'] });

    // The same report again: no event.
    await put(a, report({ firewall: { status: 'inactive', detail: 'no filtering' }, sshd: { installed: true, known: true, permitRootLogin: 'yes' } }));
    expect(await db.event.count({ where: { type: 'security.score_changed', orgId } })).toBe(2);

    const daily = await db.deviceSecurityScoreDaily.findMany({ where: { deviceId: a.deviceId } });
    expect(daily).toHaveLength(1);
    const trends = await api.get('/security/trends', { token: admin, query: { orgId, days: 7 } });
    expect(trends.status).toBe(200);
    expect(trends.body.points).toHaveLength(7);
    expect(trends.body.points[6]).toMatchObject({ score: Math.round((100 * 55) / 85), devices: 1 });
  });

  it('derives recommendations; complete reopens on a failing report, dismiss stays', async () => {
    await put(b, report({ firewall: { status: 'inactive' } }));
    const list = await api.get('/security/recommendations', { token: admin, query: { orgId } });
    expect(list.status).toBe(200);
    const fw = list.body.data.find((r: { checkKey: string }) => r.checkKey === 'firewall_enabled');
    expect(fw).toMatchObject({ status: 'open', affectedDevices: 2, priority: 'high' });
    expect(fw.deviceIds.sort()).toEqual([a.deviceId, b.deviceId].sort());
    const ssh = list.body.data.find((r: { checkKey: string }) => r.checkKey === 'ssh_root_login');

    const done = await api.post(`/security/recommendations/${fw.id}/complete`, { token: admin, body: { note: 'ufw rolled out' } });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(await db.auditLog.count({ where: { action: 'security.recommendation.complete', targetId: fw.id } })).toBe(1);
    const dismissed = await api.post(`/security/recommendations/${ssh.id}/dismiss`, { token: admin, body: {} });
    expect(dismissed.body.status).toBe('dismissed');

    await put(b, report({ firewall: { status: 'inactive' } }));
    await put(a, report({ sshd: { installed: true, known: true, permitRootLogin: 'yes' } }));
    const after = await api.get('/security/recommendations', { token: admin, query: { orgId } });
    const byKey = Object.fromEntries(after.body.data.map((r: { checkKey: string; status: string; affectedDevices: number }) => [r.checkKey, r]));
    expect(byKey.firewall_enabled).toMatchObject({ status: 'open', affectedDevices: 1 });
    expect(byKey.ssh_root_login.status).toBe('dismissed');

    await put(b, report());
    const fixed = await api.get('/security/recommendations', { token: admin, query: { orgId, status: 'resolved' } });
    expect(fixed.body.data.map((r: { checkKey: string }) => r.checkKey)).toContain('firewall_enabled');
  });

  it('security policies change which checks count and their weights', async () => {
    await put(a, report({ firewall: { status: 'inactive' } }));
    expect((await api.get(`/security/status/${a.deviceId}`, { token: admin })).body.score).toBe(Math.round((100 * 65) / 85));
    const created = await api.post('/security/policies', { token: admin, body: { name: 'No firewall needed', orgId, checks: { firewall_enabled: { enabled: false, weight: 20 } } } });
    expect(created.status).toBe(201);
    expect(created.body.checks.firewall_enabled).toEqual({ enabled: false, weight: 20 });
    expect((await api.get(`/security/status/${a.deviceId}`, { token: admin })).body.score).toBe(100);
    const again = await api.post('/security/policies', { token: admin, body: { name: 'Twice', orgId } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('POLICY_EXISTS');
    const updated = await api.put(`/security/policies/${created.body.id}`, { token: admin, body: { checks: { firewall_enabled: { enabled: true, weight: 65 } } } });
    expect(updated.status).toBe(200);
    expect((await api.get(`/security/status/${a.deviceId}`, { token: admin })).body.score).toBe(50);
    const list = await api.get('/security/policies', { token: admin });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.defaults.checks.disk_encryption).toEqual({ enabled: true, weight: 20 });
    const bad = await api.post('/security/policies', { token: admin, body: { name: 'x', orgId: null, checks: { firewall_enabled: { weight: 101 } } } });
    expect(bad.status).toBe(400);
    expect((await api.put(`/security/policies/${created.body.id}`, { token: outsider, body: { name: 'mine' } })).status).toBe(404);
    await api.put(`/security/policies/${created.body.id}`, { token: admin, body: { checks: {} } });
  });

  it('answers the area views, the breakdown and the dashboard', async () => {
    const fw = await api.get('/security/firewall', { token: admin, query: { orgId } });
    expect(fw.status).toBe(200);
    expect(fw.body.summary.pass + fw.body.summary.fail + fw.body.summary.unknown).toBe(2);
    expect(fw.body.data[0].state).toHaveProperty('status');
    for (const path of ['encryption', 'password-policy', 'admin-audit', 'posture', 'status']) {
      const r = await api.get(`/security/${path}`, { token: admin, query: { orgId } });
      expect(r.status, path).toBe(200);
      expect(r.body.data.length, path).toBe(2);
    }
    const posture = await api.get(`/security/posture/${a.deviceId}`, { token: admin });
    expect(posture.body.antivirus.signatureAgeDays).toBeGreaterThan(0.9);
    expect(posture.body.pendingSecurityUpdates).toBeNull();
    const breakdown = await api.get('/security/score-breakdown', { token: admin, query: { orgId } });
    expect(breakdown.body).toMatchObject({ devices: 2, scoredDevices: 2 });
    expect(breakdown.body.checks.find((c: { key: string }) => c.key === 'firewall_enabled')).toMatchObject({ defaultWeight: 20, fail: 1, pass: 1 });
    const dash = await api.get('/security/dashboard', { token: admin });
    expect(dash.status).toBe(200);
    expect(dash.body.worstDevices[0].deviceId).toBe(a.deviceId);
    expect(dash.body.trend).toHaveLength(30);
    expect(dash.body.threats).toEqual({ active: 0, quarantined: 0, last30Days: 0 });
  });

  it('refuses scans ClamAV cannot run with 422', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const key = await createKey(token, { orgId: (await makeOrg(partner.id)).id });
    const win = await enroll(key.key, { osType: 'windows', osVersion: 'Windows 11' });
    const lin = await enroll(key.key);
    const winRes = await api.post(`/security/scan/${win.deviceId}`, { token, body: {} });
    expect(winRes.status).toBe(422);
    expect(winRes.body.error.code).toBe('SCAN_UNSUPPORTED_OS');
    expect((await api.post(`/security/scan/${lin.deviceId}`, { token, body: {} })).body.error.code).toBe('SECURITY_STATE_UNKNOWN');
    await put(lin, report({ antivirus: { installed: false, detail: 'ClamAV (clamscan) is not installed' } }));
    const noAv = await api.post(`/security/scan/${lin.deviceId}`, { token, body: {} });
    expect(noAv.status).toBe(422);
    expect(noAv.body.error.code).toBe('CLAMAV_NOT_INSTALLED');
    expect(await db.securityScan.count({ where: { deviceId: lin.deviceId } })).toBe(0);
    const relative = await api.post(`/security/scan/${lin.deviceId}`, { token, body: { paths: ['etc/../x'] } });
    expect(relative.status).toBe(400);
  });

  it('another partner gets 404 and nothing changes', async () => {
    const before = await db.deviceSecurityState.findUniqueOrThrow({ where: { deviceId: a.deviceId } });
    for (const path of [`/security/status/${a.deviceId}`, `/security/posture/${a.deviceId}`, `/security/scans/${a.deviceId}`, `/security/threats/${a.deviceId}`]) {
      expect((await api.get(path, { token: outsider })).status, path).toBe(404);
    }
    expect((await api.get('/security/trends', { token: outsider, query: { deviceId: a.deviceId } })).status).toBe(404);
    expect((await api.post(`/security/scan/${a.deviceId}`, { token: outsider, body: {} })).status).toBe(404);
    const rec = await db.securityRecommendation.findFirstOrThrow({ where: { orgId } });
    expect((await api.post(`/security/recommendations/${rec.id}/dismiss`, { token: outsider, body: {} })).status).toBe(404);
    expect((await db.securityRecommendation.findUniqueOrThrow({ where: { id: rec.id } })).status).toBe(rec.status);
    const list = await api.get('/security/status', { token: outsider });
    expect(list.body.data).toEqual([]);
    expect((await api.get('/security/recommendations', { token: outsider })).body.data).toEqual([]);
    expect((await db.deviceSecurityState.findUniqueOrThrow({ where: { deviceId: a.deviceId } })).score).toBe(before.score);
  });

  it('offers the security checks to policies as posture checks', async () => {
    const keys = postureCheckKeys().map((k) => k.key);
    expect(keys).toEqual(expect.arrayContaining(['security_firewall_enabled', 'security_disk_encryption', 'security_ssh_root_login', 'security_score_at_least']));
    await put(a, report({ firewall: { status: 'inactive' } }));
    await put(b, report({ encryption: { status: 'unknown' } }));
    const never = (await db.device.create({ data: { partnerId: (await db.device.findUniqueOrThrow({ where: { id: a.deviceId } })).partnerId, orgId, hostname: 'never-reported', status: 'online' } })).id;
    const fw = await postureCheck('security_firewall_enabled')!(db, [a.deviceId, b.deviceId, never], {});
    expect(fw.get(a.deviceId)?.status).toBe('fail');
    expect(fw.get(b.deviceId)?.status).toBe('pass');
    expect(fw.get(never)?.status).toBe('error');
    expect((await postureCheck('security_disk_encryption')!(db, [b.deviceId], {})).get(b.deviceId)?.status).toBe('unsupported');
    const min = await postureCheck('security_score_at_least')!(db, [a.deviceId, b.deviceId], { minScore: 90 });
    expect(min.get(a.deviceId)?.status).toBe('fail');
    expect(min.get(b.deviceId)?.status).toBe('pass');
  });

  it('an agent that never answered does not block the threat or leave the scan queued', async () => {
    const device = await db.device.findUniqueOrThrow({ where: { id: a.deviceId } });
    const command = await db.deviceCommand.create({ data: { partnerId: device.partnerId, orgId, deviceId: a.deviceId, type: 'security_scan', status: 'timed_out', source: 'security' } });
    const scan = await db.securityScan.create({ data: { deviceId: a.deviceId, paths: ['/tmp'], commandId: command.id } });
    const stale = await db.deviceCommand.create({ data: { partnerId: device.partnerId, orgId, deviceId: a.deviceId, type: 'threat_action', status: 'timed_out', source: 'security' } });
    const threat = await db.securityThreat.create({ data: { deviceId: a.deviceId, scanId: scan.id, name: 'Eicar-Test-Signature', filePath: '/tmp/eicar.com', pendingAction: 'quarantine', pendingCommandId: stale.id } });
    const scans = await api.get(`/security/scans/${a.deviceId}`, { token: admin });
    expect(scans.body.data.find((x: { id: string }) => x.id === scan.id)).toMatchObject({ status: 'failed', error: 'The agent did not answer in time' });
    const again = await api.post(`/security/threats/${threat.id}/quarantine`, { token: admin });
    expect(again.status).toBe(202);
    expect(again.body.pendingAction).toBe('quarantine');
    expect((await api.post(`/security/threats/${threat.id}/quarantine`, { token: admin })).body.error.code).toBe('ACTION_PENDING');
  });
});
