// The reference agent on this machine, against the running app, with the machine's real ClamAV:
// an EICAR test file (the industry's harmless antivirus test string) sits in a folder; a
// technician scans the device from the Threats page, sees the detection, quarantines it and
// promotes it to a tracked incident, which the incident feed then shows. The file leaving its
// folder for the agent's quarantine is the witness. ClamAV reads an offline
// signature file with the EICAR hash (RMM_AGENT_CLAMAV_DATABASE), so no signature download is needed.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Threats-Pass-7!';
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs');
const hasClamscan = (() => {
  try {
    execFileSync('clamscan', ['--version'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
})();

test.skip(!hasClamscan, 'ClamAV (clamscan) is not installed here');

test('an EICAR file is found and quarantined', async ({ page }) => {
  test.setTimeout(240_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Threats MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } })).json()).id as string;
  const key = (await (await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'threat agent' } })).json()).key as string;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-threats-'));
  const dataDir = path.join(dir, 'data');
  const scanDir = path.join(dir, 'downloads');
  mkdirSync(scanDir);
  const file = path.join(scanDir, 'invoice.com');
  writeFileSync(file, EICAR);
  const database = path.join(dir, 'eicar.hdb');
  writeFileSync(database, `${createHash('md5').update(EICAR).digest('hex')}:${EICAR.length}:Eicar-Test-Signature\n`);
  let agent: ChildProcess | undefined;
  let agentLog = '';
  try {
    const server = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [AGENT_BUNDLE, 'enroll', '--key', key, '--server', server, '--data-dir', dataDir, '--quiet'], { timeout: 60_000 }, (e, _out, err) => (e ? reject(new Error(`the agent did not enroll: ${err}`)) : resolve())),
    );
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RMM_AGENT_CLAMAV_DATABASE: database, RMM_AGENT_PATCH_SCAN_HOURS: '0' } });
    agent.stderr!.on('data', (d) => (agentLog += d));

    // The agent reports its security state (ClamAV installed) when it starts.
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/security/status/${deviceId}`, { headers: auth })).json()).reportedAt ?? null, { message: 'the security report', timeout: 90_000 })
      .not.toBeNull();

    await page.goto('/security/threats');
    const form = page.getByRole('form', { name: 'Scan a device' });
    await form.getByLabel('Device to scan').selectOption(deviceId);
    await form.getByLabel('Paths to scan').fill(scanDir);
    await form.getByRole('button', { name: 'Scan for threats' }).click();
    await expect(page.getByTestId('scan-status')).toContainText('1 threat(s) found', { timeout: 120_000 });

    const row = page.getByTestId('threats').getByRole('row', { name: /Eicar-Test-Signature/ });
    await expect(row).toContainText(file);
    await expect(row.getByTestId('threat-status')).toHaveText('detected');
    await row.getByRole('button', { name: 'Quarantine' }).click();
    await expect(row.getByTestId('threat-status')).toHaveText('quarantined', { timeout: 60_000 });
    expect(existsSync(file)).toBe(false);
    const threatId = (await (await page.request.get(`/api/v1/security/threats/${deviceId}`, { headers: auth })).json()).data[0].id as string;
    expect(statSync(path.join(dataDir, 'quarantine', threatId)).mode & 0o777).toBe(0);
    await expect(row.getByRole('button', { name: 'Restore' })).toBeVisible();

    // The detection becomes a tracked incident, in the feed (ClamAV names an offline signature
    // file's signature with a suffix: Eicar-Test-Signature.UNOFFICIAL).
    await row.getByRole('button', { name: /^Promote to incident/ }).click();
    await expect(row.getByTestId('threat-incident')).toHaveText('Tracked as incident');
    await row.getByTestId('threat-incident').click();
    await expect(page).toHaveURL(/\/incidents$/);
    const incident = page.getByRole('table', { name: 'Incident feed' }).getByRole('row', { name: /Eicar-Test-Signature\S* on / });
    await expect(incident).toContainText('P2');
    await expect(incident).toContainText('open');
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nagent log:\n${agentLog.slice(-3000)}`, { cause: error });
  } finally {
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
