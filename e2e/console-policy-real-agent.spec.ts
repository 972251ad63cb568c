// The reference agent on this machine, against the running app: a "must run" policy watches a
// process the test starts (the container has no systemd to make a unit in, so the check is
// the process variant, which the agent answers from /proc). A technician creates the policy in
// the console and sees the device compliant; the test stops the process, the technician
// refreshes the device (new inventory re-evaluates its policies and the agent checks again) and
// sees it non-compliant; the process starts again and the device comes back to compliant.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Policy-Agent-Pass-7!';
const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs');

test.skip(process.platform !== 'linux', 'the process check reads /proc');

async function startProcess(bin: string): Promise<ChildProcess> {
  const child = spawn(bin, ['600'], { stdio: 'ignore' });
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The technician asks for a fresh inventory from the device page; its policies are evaluated again. */
async function refreshDevice(page: Page, deviceId: string) {
  await page.goto(`/devices/${deviceId}`);
  await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Refresh inventory' }).click();
  await expect(page.getByTestId('quick-action-note')).toHaveText('Inventory refresh queued');
}

async function expectDeviceCompliance(page: Page, policyId: string, hostname: string, status: 'Compliant' | 'Non-compliant', detail: RegExp) {
  await page.goto(`/policies/${policyId}`);
  const table = page.getByRole('table', { name: 'Policy compliance by device' });
  const row = table.getByRole('row', { name: new RegExp(hostname) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell').nth(1)).toHaveText(status, { timeout: 5_000 });
    await expect(row).toContainText(detail, { timeout: 1_000 });
  }, `the console shows ${hostname} ${status}`).toPass({ timeout: 120_000 });
}

test('a "process must run" policy flags a real device when the process stops and clears when it starts', async ({ page }) => {
  test.setTimeout(300_000);
  const tag = randomBytes(4).toString('hex');
  // /proc/<pid>/comm keeps 15 characters: the name fits whole.
  const procName = `rmmpr-${tag}`;
  const admin = await seedPartnerAdmin(tag, `Policy Agent MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgName = `Contoso ${tag}`;
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: orgName } })).json()).id as string;
  const key = (await (await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'policy agent' } })).json()).key as string;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-policy-'));
  const dataDir = path.join(dir, 'data');
  const bin = path.join(dir, procName);
  copyFileSync('/bin/sleep', bin);
  let watched = await startProcess(bin);
  let agent: ChildProcess | undefined;
  let agentLog = '';
  try {
    const server = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [AGENT_BUNDLE, 'enroll', '--key', key, '--server', server, '--data-dir', dataDir, '--quiet'], { timeout: 60_000 }, (e, _out, err) => (e ? reject(new Error(`the agent did not enroll: ${err}`)) : resolve())),
    );
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RMM_AGENT_PATCH_SCAN_HOURS: '0' } });
    agent.stderr!.on('data', (d) => (agentLog += d));
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/devices/${deviceId}`, { headers: auth })).json()).status, { message: 'the agent comes online', timeout: 60_000 })
      .toBe('online');
    const hostname = (await (await page.request.get(`/api/v1/devices/${deviceId}`, { headers: auth })).json()).hostname as string;

    // The technician creates the policy in the console for the organization.
    await page.goto('/policies');
    await page.getByRole('button', { name: 'New policy' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New policy' });
    await dialog.getByLabel('Name', { exact: true }).fill(`Watchdog ${tag}`);
    await dialog.getByLabel('Organization', { exact: true }).selectOption({ label: orgName });
    await dialog.getByRole('button', { name: 'Add check' }).click();
    await dialog.getByLabel('Check kind').selectOption('process_running');
    await dialog.getByLabel('Check id').fill('watched');
    await dialog.getByLabel('Process name').fill(procName);
    await dialog.getByRole('checkbox', { name: orgName }).check();
    await dialog.getByRole('button', { name: 'Create policy' }).click();
    await expect(page).toHaveURL(/\/policies\/[0-9a-f-]{36}$/);
    const policyId = page.url().split('/').pop()!;

    // The worker queues the check, the real agent runs it against /proc: the process runs.
    await expectDeviceCompliance(page, policyId, hostname, 'Compliant', new RegExp(`${procName} is running`));

    // The process stops: after a refresh the device falls out of compliance.
    await stopProcess(watched);
    await refreshDevice(page, deviceId);
    await expectDeviceCompliance(page, policyId, hostname, 'Non-compliant', new RegExp(`no process named ${procName} is running`));

    // It starts again: the device comes back.
    watched = await startProcess(bin);
    await refreshDevice(page, deviceId);
    await expectDeviceCompliance(page, policyId, hostname, 'Compliant', new RegExp(`${procName} is running`));
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- agent log ---\n${agentLog.slice(-4000)}`;
    throw error;
  } finally {
    await stopProcess(watched);
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
