// The reference agent on this machine, against the running app: a local user runs
// `rmm-agent elevate -- id -u` (as `nobody` when the journey runs as root). The running agent
// service proves who asked and submits the request; it waits for a technician, who approves it on
// the Elevation requests page. The command then runs as the service's account (root when the
// journey is root) and the request shows it was used: completed, decided by a technician.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { adminToken, seedPartnerAdmin, seedPartnerUser } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { MACHINE } from './helpers/locks';

test.describe.configure({ lock: MACHINE });

const PASSWORD = 'Console-Pam-Agent-Pass-7!';
const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../agent/dist/rmm-agent.cjs');
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

test.skip(process.platform !== 'linux', 'elevation is for Linux agents');

test('an elevation request is approved', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Pam MSP ${tag}`, PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(request, admin, PASSWORD)}` };
  const orgId = (await (await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Tailspin ${tag}` } })).json()).id as string;
  const key = (await (await request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'pam agent' } })).json()).key as string;
  const technician = await seedPartnerUser(admin.partnerId, tag, 'Technician', PASSWORD);
  await signInConsole(page, technician, PASSWORD);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-pam-'));
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const socket = path.join(dir, 'elevate.sock');
  let agent: ChildProcess | undefined;
  let cli: ChildProcess | undefined;
  let agentLog = '';
  let cliOut = '';
  let cliErr = '';
  try {
    const server = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [AGENT_BUNDLE, 'enroll', '--key', key, '--server', server, '--data-dir', dataDir, '--quiet'], { timeout: 60_000 }, (e, _out, err) => (e ? reject(new Error(`the agent did not enroll: ${err}`)) : resolve())),
    );
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(process.execPath, [AGENT_BUNDLE, 'run', '--data-dir', dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, RMM_AGENT_ELEVATE_SOCKET: socket, RMM_AGENT_ELEVATE_POLL_MS: '200', RMM_AGENT_PATCH_SCAN_HOURS: '0' },
    });
    agent.stderr!.on('data', (d) => (agentLog += d));
    await expect
      .poll(async () => (await (await request.get(`/api/v1/devices/${deviceId}`, { headers: auth })).json()).status, { message: 'the agent comes online', timeout: 60_000 })
      .toBe('online');

    // The user's request, from a separate process with a minimal environment.
    await expect.poll(() => existsSync(socket), { message: 'the elevation socket', timeout: 30_000 }).toBe(true);
    cli = spawn(process.execPath, [AGENT_BUNDLE, 'elevate', '--reason', 'printer driver', '--', 'id', '-u'], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', RMM_AGENT_ELEVATE_SOCKET: socket, LANG: 'C' } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      cwd: '/',
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    cli.stdout!.on('data', (d) => (cliOut += d));
    cli.stderr!.on('data', (d) => (cliErr += d));
    const exited = new Promise<number | null>((resolve) => cli!.on('close', resolve));

    // The technician sees it waiting on the Elevation requests page and approves it.
    // The page refreshes its list every 10 s by itself.
    await page.goto('/pam');
    const row = page.getByTestId('elevation-row').filter({ hasText: /\/id -u/ });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText('pending');
    await expect(row).toContainText(isRoot ? 'nobody' : os.userInfo().username);
    await expect(row).toContainText('sha256');
    expect(cliErr).toContain('waiting for approval');
    await row.getByRole('button', { name: /^Approve/ }).click();

    // The command ran elevated and the request shows it used: completed, by a technician.
    expect(await exited).toBe(0);
    expect(cliOut.trim()).toBe(String(process.getuid!()));
    await expect(row).toContainText('completed', { timeout: 60_000 });
    await expect(row).toContainText('by technician');
    await expect(row.getByRole('button')).toHaveCount(0);

    // The status filter finds it among completed requests.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
    await expect(row).toBeVisible();
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- agent log ---\n${agentLog.slice(-3000)}\n--- elevate ---\n${cliErr}`;
    throw error;
  } finally {
    if (cli && cli.exitCode === null) cli.kill('SIGKILL');
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
