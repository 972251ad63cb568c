// The reference agent on this machine, against the running app, with the machine's real apt and
// dpkg: a tiny package at 1.0 is installed, a local apt repository (the agent's only source)
// also serves 1.1. A technician scans the device from its page, approves the update the scan
// found, installs it and rolls it back, all in the console; dpkg on the machine is the witness.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { aptSkipReason, dpkg, dpkgVersion, makeAptRepo } from '../tests/helpers/apt-repo';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Real-Agent-Pass-7!';
const PKG = 'rmm-e2e-patch-probe';
const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs');
const skipReason = aptSkipReason();

test.skip(skipReason !== null, `real apt is not usable here: ${skipReason}`);

test('a technician scans a real Linux agent, approves the update it found, installs it and rolls it back', async ({ page }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Real Agent MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}` } })).json()).id as string;
  const key = (await (await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'real agent' } })).json()).key as string;

  const repo = makeAptRepo(PKG, ['1.0', '1.1']);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-agent-'));
  let agent: ChildProcess | undefined;
  let agentLog = '';
  try {
    await dpkg(['-i', repo.deb('1.0')]);
    expect(dpkgVersion(PKG)).toBe('1.0');
    const server = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [AGENT_BUNDLE, 'enroll', '--key', key, '--server', server, '--data-dir', dataDir, '--quiet'], { timeout: 60_000 }, (e, _out, err) => (e ? reject(new Error(`the agent did not enroll: ${err}`)) : resolve())),
    );
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--data-dir', dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...repo.agentEnv, RMM_AGENT_PATCH_SCAN_HOURS: '0' },
    });
    agent.stderr!.on('data', (d) => (agentLog += d));

    // Once the agent beats, a scan from the device page's quick actions.
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/devices/${deviceId}`, { headers: auth })).json()).status, { message: 'the agent comes online', timeout: 60_000 })
      .toBe('online');
    await page.goto(`/devices/${deviceId}`);
    await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Scan for patches' }).click();
    await expect(page.getByTestId('quick-action-note')).toHaveText('Patch scan queued');

    // The scan's finding reaches the Patches page: approve it there.
    await page.goto('/patches');
    const patchRow = page.getByRole('row', { name: new RegExp(PKG) });
    await expect(async () => {
      await page.reload();
      await expect(patchRow).toBeVisible({ timeout: 10_000 });
    }, `the scan reports ${PKG} 1.1`).toPass({ timeout: 120_000 });
    await expect(patchRow).toContainText('1.1');
    await patchRow.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected patches' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'approved.' })).toContainText('1 patch(es) approved');

    // Install now on the device; apt on this machine upgrades the package.
    await page.getByRole('tab', { name: 'By device' }).click();
    // The device's patch row (it has a checkbox); the jobs list below names the package too.
    const deviceRow = page.getByRole('row', { name: new RegExp(PKG) }).filter({ has: page.getByRole('checkbox') });
    await expect(deviceRow).toContainText('1.0');
    await deviceRow.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected device patches' }).getByRole('button', { name: 'Install now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'job(s)' })).toContainText('1 install job(s) sent');
    await expect.poll(() => dpkgVersion(PKG), { message: 'apt installs 1.1', timeout: 120_000 }).toBe('1.1');
    await expect(async () => {
      await page.reload();
      await expect(deviceRow).toContainText('installed', { timeout: 10_000 });
    }, 'the console shows the patch installed').toPass({ timeout: 60_000 });

    // Roll back to the version the scan found installed.
    await deviceRow.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected device patches' }).getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'rollback' })).toContainText('1 rollback job(s) sent');
    await expect.poll(() => dpkgVersion(PKG), { message: 'apt returns to 1.0', timeout: 120_000 }).toBe('1.0');
    await expect(async () => {
      await page.reload();
      await expect(deviceRow).toContainText('rolled back', { timeout: 10_000 });
    }, 'the console shows the rollback').toPass({ timeout: 60_000 });
  } catch (error) {
    // What the agent did is the first thing to read when the journey fails.
    if (error instanceof Error) error.message += `\n--- agent log ---\n${agentLog.slice(-4000)}`;
    throw error;
  } finally {
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    await repo.remove([PKG]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
