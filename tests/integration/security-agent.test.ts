// End to end with the real reference agent and real ClamAV: the agent reports its security state
// from this machine, a scan finds the EICAR test file (an offline signature database with its
// MD5, passed to clamscan through RMM_AGENT_CLAMAV_DATABASE), and the agent quarantines
// (moves into <dataDir>/quarantine with mode 000), restores (original path and mode) and removes
// the file; every step is audited. Skipped where clamscan is not installed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';

// The industry's harmless antivirus test file.
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const hasClamscan = (() => {
  try {
    execFileSync('clamscan', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let world: RealAgent;
let dir: string;
let scanDir: string;
let dataDir: string;

beforeAll(async () => {
  if (!hasClamscan || process.platform !== 'linux') return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-security-e2e-'));
  scanDir = path.join(dir, 'scan');
  mkdirSync(scanDir);
  const database = path.join(dir, 'eicar.hdb');
  writeFileSync(database, `${createHash('md5').update(EICAR).digest('hex')}:${EICAR.length}:Eicar-Test-Signature\n`);
  dataDir = path.join(dir, 'data');
  world = await startRealAgent(dataDir, { env: { RMM_AGENT_CLAMAV_DATABASE: database } });
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

const threat = (id: string) => db.securityThreat.findUniqueOrThrow({ where: { id } });

describe.skipIf(!hasClamscan || process.platform !== 'linux')('threats on the real agent with ClamAV', () => {
  it('reports the security state of this machine', async () => {
    const status = await world.eventually(async () => {
      const r = await api.get(`/security/status/${world.deviceId}`, { token: world.admin });
      return r.body.reportedAt ? r.body : null;
    }, 'the security report');
    expect(status.checks).toHaveLength(7);
    const posture = await api.get(`/security/posture/${world.deviceId}`, { token: world.admin });
    expect(posture.status).toBe(200);
    expect(posture.body.antivirus).toMatchObject({ product: 'clamav', installed: true });
    // The configured database file's time stands for the signature age.
    expect(posture.body.antivirus.signatureAgeDays).toBeLessThan(1);
    expect(['active', 'inactive', 'unknown']).toContain(posture.body.firewall.status);
    expect(posture.body.adminAccounts.known).toBe(true);
  });

  it('finds the EICAR file, quarantines, restores and removes it', async () => {
    const file = path.join(scanDir, 'eicar.com');
    writeFileSync(file, EICAR);
    chmodSync(file, 0o640);
    writeFileSync(path.join(scanDir, 'clean.txt'), 'nothing to see');

    const scan = await api.post(`/security/scan/${world.deviceId}`, { token: world.admin, body: { paths: [scanDir] } });
    expect(scan.status).toBe(202);
    expect(scan.body).toMatchObject({ status: 'queued', paths: [scanDir] });
    const done = await world.eventually(async () => {
      const r = await api.get(`/security/scans/${world.deviceId}`, { token: world.admin });
      return r.body.data[0]?.status !== 'queued' ? r.body.data[0] : null;
    }, 'the scan result', 120_000);
    expect(done).toMatchObject({ status: 'completed', threatsFound: 1, filesScanned: 2 });
    expect(done.engine).toMatch(/^\d+\.\d+/);

    const threats = await api.get(`/security/threats/${world.deviceId}`, { token: world.admin });
    expect(threats.body.data).toHaveLength(1);
    const t = threats.body.data[0];
    expect(t).toMatchObject({ filePath: file, status: 'detected', sha256: createHash('sha256').update(EICAR).digest('hex'), scanId: done.id });
    expect(t.name).toMatch(/^Eicar-Test-Signature/);

    const q = await api.post(`/security/threats/${t.id}/quarantine`, { token: world.admin });
    expect(q.status).toBe(202);
    expect(q.body.pendingAction).toBe('quarantine');
    expect((await api.post(`/security/threats/${t.id}/remove`, { token: world.admin })).body.error.code).toBe('ACTION_PENDING');
    await world.eventually(async () => (await threat(t.id)).status === 'quarantined', 'the quarantine');
    const stored = path.join(dataDir, 'quarantine', t.id);
    expect(existsSync(file)).toBe(false);
    expect(statSync(stored).mode & 0o777).toBe(0);
    expect(statSync(path.dirname(stored)).mode & 0o777).toBe(0o700);
    expect((await threat(t.id)).quarantinePath).toBe(stored);

    expect((await api.post(`/security/threats/${t.id}/quarantine`, { token: world.admin })).body.error.code).toBe('INVALID_THREAT_STATE');
    expect((await api.post(`/security/threats/${t.id}/restore`, { token: world.admin })).status).toBe(202);
    await world.eventually(async () => (await threat(t.id)).status === 'restored', 'the restore');
    expect(readFileSync(file, 'utf8')).toBe(EICAR);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(existsSync(stored)).toBe(false);

    expect((await api.post(`/security/threats/${t.id}/remove`, { token: world.admin })).status).toBe(202);
    await world.eventually(async () => (await threat(t.id)).status === 'removed', 'the removal');
    expect(existsSync(file)).toBe(false);

    const actions = (await db.auditLog.findMany({ where: { targetId: t.id }, orderBy: { createdAt: 'asc' } })).map((x) => x.action);
    expect(actions).toEqual(['security.threat.quarantine', 'security.threat.quarantine.done', 'security.threat.restore', 'security.threat.restore.done', 'security.threat.remove', 'security.threat.remove.done']);
    const list = await api.get('/security/threats', { token: world.admin, query: { status: 'removed' } });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
  }, 240_000);

  it('a failed agent action leaves the status and records the error', async () => {
    const file = path.join(scanDir, 'eicar2.com');
    writeFileSync(file, EICAR);
    await api.post(`/security/scan/${world.deviceId}`, { token: world.admin, body: { paths: [scanDir] } });
    const t = await world.eventually(() => db.securityThreat.findFirst({ where: { deviceId: world.deviceId, filePath: file } }), 'the second detection', 120_000);
    // Restoring needs a quarantined file: forge that state to see the agent refuse it.
    await db.securityThreat.update({ where: { id: t.id }, data: { status: 'quarantined' } });
    await api.post(`/security/threats/${t.id}/restore`, { token: world.admin });
    const after = await world.eventually(async () => {
      const x = await threat(t.id);
      return x.pendingAction === null ? x : null;
    }, 'the refused restore');
    expect(after.status).toBe('quarantined');
    expect(after.lastError).toMatch(/not in this agent/);
  }, 240_000);

  it('another partner gets 404 on the threat actions and the threat is unchanged', async () => {
    const other = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    const t = await db.securityThreat.findFirstOrThrow({ where: { deviceId: world.deviceId } });
    for (const action of ['quarantine', 'remove', 'restore']) {
      expect((await api.post(`/security/threats/${t.id}/${action}`, { token: other })).status).toBe(404);
    }
    expect((await api.get(`/security/threats/${world.deviceId}`, { token: other })).status).toBe(404);
    expect(await threat(t.id)).toEqual(t);
  });
});
