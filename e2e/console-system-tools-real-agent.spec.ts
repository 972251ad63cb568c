// The reference agent on this machine, running against the app with its live channel open: a
// technician opens the device's Services tab (the services systemd manages, or the agent's plain
// answer where systemd does not run, as in this container), browses a directory in the Files tab,
// filters and sorts it, views a file and downloads it: the bytes saved are the file's.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Tools-Agent-Pass-7!';
const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs');

test.skip(process.platform !== 'linux', 'the reference agent implements the system tools on Linux');

test('a technician lists services and files of a real device and downloads a file', async ({ page, networkLog }) => {
  test.setTimeout(240_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Tools Agent MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}` } })).json()).id as string;
  const key = (await (await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'tools agent' } })).json()).key as string;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-tools-'));
  const dataDir = path.join(dir, 'data');
  const shared = path.join(dir, 'shared');
  mkdirSync(path.join(shared, 'reports'), { recursive: true });
  const content = `quarterly numbers ${tag}\n`.repeat(2000);
  writeFileSync(path.join(shared, 'report.txt'), content);
  writeFileSync(path.join(shared, 'zeta.log'), 'last line\n');
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
    // The channel is open once a live call answers (409 AGENT_OFFLINE until then).
    await expect
      .poll(async () => (await page.request.get(`/api/v1/system-tools/devices/${deviceId}/files`, { headers: auth, params: { path: shared } })).status(), { message: 'the agent channel opens', timeout: 60_000 })
      .toBe(200);

    await page.goto(`/devices/${deviceId}`);
    const tabs = page.getByRole('tablist', { name: 'Device sections' });

    // Without systemd the tab's request answers 422 UNSUPPORTED_ON_PLATFORM, which the tab shows.
    if (!existsSync('/run/systemd/system')) networkLog.allow(/GET \S+\/api\/v1\/system-tools\/devices\/\S+\/services → 422/);
    await tabs.getByRole('tab', { name: 'Services' }).click();
    if (existsSync('/run/systemd/system')) {
      const services = page.getByRole('table', { name: 'Services on the device' });
      await expect(services.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await expect(services).toContainText('.service');
    } else {
      await expect(page.getByRole('alert').filter({ hasText: 'Not available on this device: systemd is not running' })).toBeVisible({ timeout: 30_000 });
    }

    await tabs.getByRole('tab', { name: 'Files' }).click();
    await page.getByLabel('Path').fill(shared);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const table = page.getByRole('table', { name: `Entries of ${shared}` });
    await expect(table.getByRole('row')).toHaveCount(4);
    const names = () => table.getByRole('row').locator('td:first-child').allInnerTexts();
    expect(await names()).toEqual(['report.txt', 'reports/', 'zeta.log']);
    await table.getByRole('button', { name: 'Name' }).click();
    await expect.poll(names).toEqual(['zeta.log', 'reports/', 'report.txt']);
    await page.getByLabel('Filter').fill('report');
    await expect(table.getByRole('row')).toHaveCount(3);

    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Download report.txt' }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved, 'utf8')).toBe(content);

    // Opening a file shows its beginning.
    await page.getByLabel('Filter').fill('');
    await table.getByRole('button', { name: 'zeta.log', exact: true }).click();
    await expect(page.getByLabel('File content')).toHaveText('last line');
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- agent log ---\n${agentLog.slice(-4000)}`;
    throw error;
  } finally {
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
