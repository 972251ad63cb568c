import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Deploy-Pass-7!';

type Agent = { agentId: string; deviceId: string; authToken: string; hostname: string };
type Command = { id: string; type: string; payload: { deploymentId?: string; package: { kind: string; name?: string } } };

/** One heartbeat of each agent; the software_install commands it claimed, by hostname. */
async function claimInstalls(request: APIRequestContext, agents: Agent[]): Promise<Map<string, Command>> {
  const claimed = new Map<string, Command>();
  for (const a of agents) {
    const beat = await request.post(`/api/v1/agents/${a.agentId}/heartbeat`, { headers: { authorization: `Bearer ${a.authToken}` }, data: {} });
    expect(beat.status(), await beat.text()).toBe(200);
    const install = ((await beat.json()).commands as Command[]).find((c) => c.type === 'software_install');
    if (install) claimed.set(a.hostname, install);
  }
  return claimed;
}

/** Beats until `count` agents (of those not yet served) have claimed their install. */
async function waitForInstalls(request: APIRequestContext, agents: Agent[], count: number): Promise<Map<string, Command>> {
  const all = new Map<string, Command>();
  await expect(async () => {
    const pending = agents.filter((a) => !all.has(a.hostname));
    for (const [host, c] of await claimInstalls(request, pending)) all.set(host, c);
    expect(all.size).toBe(count);
  }).toPass({ timeout: 30_000 });
  return all;
}

/** What the agent reports after running apt. */
async function answer(request: APIRequestContext, agent: Agent, command: Command, ok: boolean) {
  const res = await request.post(`/api/v1/agents/${agent.agentId}/commands/${command.id}/result`, {
    headers: { authorization: `Bearer ${agent.authToken}` },
    data: ok
      ? { status: 'completed', exitCode: 0, stdout: 'Setting up htop (3.2.2-2) ...', result: { installedVersion: '3.2.2-2', manager: 'apt', alreadyInstalled: false } }
      : { status: 'failed', exitCode: 100, stderr: 'E: Could not get lock /var/lib/dpkg/lock-frontend', result: { installedVersion: null, manager: 'apt', alreadyInstalled: false } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a technician deploys a package to a group with staged rollout', async ({ page }) => {
  // Four enrolled agents, two batches and a retry, each waiting on the worker's rollout engine.
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Deploy MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };

  // An organization with four Linux devices whose agents check in, all in one static group.
  const orgName = `Fabrikam ${tag}`;
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: orgName } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'deployments' } });
  const enrollmentKey = (await key.json()).key as string;
  const agents: Agent[] = [];
  for (let i = 1; i <= 4; i++) {
    const hostname = `ws-${i}-${tag}`;
    const enrolled = await page.request.post('/api/v1/agents/enroll', {
      data: { enrollmentKey, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    agents.push({ ...((await enrolled.json()) as Omit<Agent, 'hostname'>), hostname });
  }
  expect((await claimInstalls(page.request, agents)).size).toBe(0);
  const groupName = `Front office ${tag}`;
  const group = await page.request.post('/api/v1/groups', { headers: auth, data: { name: groupName, orgId, type: 'static', deviceIds: agents.map((a) => a.deviceId) } });
  expect(group.status(), await group.text()).toBe(201);

  // A package-manager package in the catalog, installing the latest version.
  const pkgName = `Htop ${tag}`;
  const pkg = await page.request.post('/api/v1/software/catalog', { headers: auth, data: { name: pkgName, kind: 'package_manager', packageRef: 'apt:htop', osTypes: ['linux'] } });
  expect(pkg.status(), await pkg.text()).toBe(201);
  const version = await page.request.post(`/api/v1/software/catalog/${(await pkg.json()).id}/versions`, { headers: auth, data: { version: 'latest' } });
  expect(version.status(), await version.text()).toBe(201);

  // The technician creates a staged deployment (two devices per batch) to the group and starts it.
  await page.goto('/deployments');
  await expect(page.getByRole('heading', { name: 'Deployments', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New deployment' }).first().click();
  await expect(page).toHaveURL(/create=1/);
  const dialog = page.getByRole('dialog', { name: 'New deployment' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Htop rollout ${tag}`);
  await dialog.getByLabel('Organization', { exact: true }).selectOption({ label: orgName });
  await dialog.getByLabel('Search the catalog').fill(tag);
  await dialog.getByLabel('Package', { exact: true }).selectOption({ label: `${pkgName} (apt:htop)` });
  await dialog.getByLabel('Version', { exact: true }).selectOption({ label: 'latest' });
  await dialog.getByRole('checkbox', { name: groupName }).check();
  await dialog.getByRole('radio', { name: 'Staged in batches' }).check();
  await dialog.getByLabel('Batch size').fill('2');
  await dialog.getByLabel('Pause when failures pass (%)').fill('50');
  await dialog.getByRole('button', { name: 'Create and start' }).click();

  await expect(page).toHaveURL(/\/deployments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Htop rollout ${tag}` })).toBeVisible();
  const state = page.getByTestId('deployment-state');
  await expect(state).toContainText('running');
  await expect(page.getByTestId('deployment-batch')).toHaveText('Batch 1 of 2');
  const progress = page.getByRole('progressbar', { name: `Progress of Htop rollout ${tag}` });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  // Batch 1: two agents claim the install and report it done; the others get nothing yet.
  const first = await waitForInstalls(page.request, agents, 2);
  expect([...first.values()].every((c) => c.payload.package.kind === 'package_manager' && c.payload.package.name === 'htop')).toBe(true);
  const byHost = (h: string) => agents.find((a) => a.hostname === h)!;
  for (const [host, command] of first) await answer(page.request, byHost(host), command, true);
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByTestId('deployment-batch')).toHaveText('Batch 2 of 2');

  // Batch 2: one device succeeds, one fails; the deployment ends failed with the error shown.
  const rest = agents.filter((a) => !first.has(a.hostname));
  const second = await waitForInstalls(page.request, rest, 2);
  const [okHost, failHost] = [...second.keys()];
  await answer(page.request, byHost(okHost), second.get(okHost)!, true);
  await answer(page.request, byHost(failHost), second.get(failHost)!, false);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(state).toContainText('failed');
  const failedRow = page.getByTestId('deployment-device').filter({ hasText: failHost });
  await expect(failedRow).toContainText('failed');
  await page.getByLabel('Device status').selectOption('failed');
  await expect(page.getByTestId('deployment-device')).toHaveCount(1);

  // Retry the failed device: the deployment runs again until its agent reports success.
  await failedRow.getByRole('button', { name: `Retry ${failHost}` }).click();
  await expect(state).toContainText('running');
  await page.getByLabel('Device status').selectOption('');
  const retried = await waitForInstalls(page.request, [byHost(failHost)], 1);
  await answer(page.request, byHost(failHost), retried.get(failHost)!, true);
  await expect(state).toContainText('completed');
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('deployment-counts')).toContainText('succeeded4');
  await page.screenshot({ path: 'e2e/artifacts/deployment-detail.png', fullPage: true });

  // The list shows it completed, filtered through the URL.
  await page.goto('/deployments');
  await page.getByLabel('Status', { exact: true }).selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByRole('row', { name: new RegExp(`Htop rollout ${tag}`) })).toContainText('completed');
});
