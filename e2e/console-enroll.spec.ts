import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Enroll-Pass-7!';
const AGENT = path.resolve('agent/dist/rmm-agent.cjs');

function runAgent(args: string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, [AGENT, ...args, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RMM_AGENT_DATA_DIR: dataDir } });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

test('a technician creates an enrollment key, the reference agent enrolls with it and the device comes online', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Enroll MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const org = await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Fabrikam ${tag}` } });
  expect(org.status()).toBe(201);

  // The empty device list points at the install command.
  await page.goto('/devices');
  await expect(page.getByText('No devices yet')).toBeVisible();
  await page.getByRole('link', { name: 'Get the install command' }).click();

  await expect(page.getByRole('heading', { name: 'New enrollment key' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Rollout');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('enrollment-key').textContent())!.trim();
  expect(key.length).toBeGreaterThan(10);
  await expect(page.getByTestId('install-command')).toContainText(`--key '${key}'`);
  await expect(page.getByTestId('install-command')).toContainText('/api/v1/agents/install.sh');
  // One one-liner per OS, each with its copy button: macOS runs the same install.sh, Windows install.ps1.
  await expect(page.getByTestId('install-command-macos')).toContainText(`/api/v1/agents/install.sh' | sudo bash -s -- --key '${key}'`);
  await expect(page.getByTestId('install-command-windows')).toContainText(`/api/v1/agents/install.ps1'))) -Key '${key}'`);
  for (const os of ['Linux', 'macOS', 'Windows']) await expect(page.getByRole('button', { name: `Copy ${os} command` })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Windows command' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await page.getByTestId('install-command-windows').textContent())!.trim());
  await expect(page.getByText('Waiting for a device to enroll')).toBeVisible();

  // The real reference agent enrolls with the key and runs.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rmm-e2e-agent-'));
  let agent: ChildProcess | null = null;
  try {
    const enrolled = await exitOf(runAgent(['enroll', '--key', key, '--server', process.env.E2E_BASE_URL!, '--quiet'], dataDir));
    expect(enrolled.code, enrolled.output).toBe(0);
    agent = runAgent(['run'], dataDir);

    // The key's panel shows the new device, online.
    const fresh = page.getByTestId('new-devices');
    await expect(fresh.getByText('online')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'e2e/artifacts/console-device-enrolled.png', fullPage: true });

    // The device list has it; its page shows it online with a heartbeat and accepts a script.
    await page.goto('/devices');
    const row = page.getByTestId('device-rows').getByRole('row').first();
    await expect(row).toContainText('online');
    await row.getByRole('link').click();
    await expect(page.getByTestId('device-status')).toContainText('online');
    // A script from the Commands tab. The running agent would fetch it on its next heartbeat (a
    // minute away); stop it and let one `run --once` cycle fetch, run and report it instead.
    const running = exitOf(agent);
    agent.kill('SIGTERM');
    await running;
    agent = null;
    await page.getByRole('tab', { name: 'Commands' }).click();
    await page.getByLabel('Script').fill(`echo hello-from-${tag}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const command = page.getByRole('button', { name: /run script/ }).first();
    await expect(command).toContainText('pending');
    const once = await exitOf(runAgent(['run', '--once'], dataDir));
    expect(once.code, once.output).toBe(0);
    await expect(command).toContainText('completed', { timeout: 20_000 });
    await command.click();
    await expect(page.getByTestId('command-stdout')).toContainText(`hello-from-${tag}`);
    // The Metrics tab plots the history stored from the agent's heartbeats (not beats seen by
    // this browser): the chart is drawn from the points the metrics endpoint returned.
    const stored = page.waitForResponse((r) => /\/api\/v1\/devices\/[^/]+\/metrics\?/.test(r.url()) && r.request().method() === 'GET');
    await page.getByRole('tab', { name: 'Metrics' }).click();
    const body = (await (await stored).json()) as { data: { interval: string; points: { samples: number; cpu: { avg: number | null } }[] } };
    expect(body.data.interval).toBe('5m');
    expect(body.data.points.length).toBeGreaterThan(0);
    const beats = body.data.points.reduce((n, p) => n + p.samples, 0);
    expect(beats).toBeGreaterThanOrEqual(2); // the running agent's beat(s) and the `run --once` beat
    expect(body.data.points.some((p) => p.cpu.avg !== null)).toBe(true);
    const chart = page.getByTestId('metrics-chart');
    await expect(chart).toHaveAttribute('data-points', String(body.data.points.length));
    await expect(chart.getByRole('img', { name: /CPU, memory and disk use of .*, average per 5 minutes, last 24 hours/ })).toBeVisible();
    await expect(page.getByTestId('metrics-summary')).toContainText(`from ${beats.toLocaleString('en-US')} heartbeats stored on the server`);
    await page.getByRole('button', { name: '1 hour' }).click();
    await expect(page.getByRole('button', { name: '1 hour' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart.getByRole('img', { name: /last 1 hour/ })).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/console-device-detail.png', fullPage: true });
  } finally {
    agent?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
