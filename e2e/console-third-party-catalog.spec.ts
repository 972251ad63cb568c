import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/test';
import { adminToken, seedPartnerAdmin, seedPlatformAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { PLATFORM } from './helpers/locks';

test.describe.configure({ lock: PLATFORM });

const PASSWORD = 'Console-Third-Party-7!';

test('a platform operator adds a third-party application, runs a smoke test and sees it queued, then passed', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  // A partner's device the operator designates as the test device.
  const admin = await seedPartnerAdmin(tag, `Test Bench MSP ${tag}`, PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(page.request, admin, PASSWORD)}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Bench ${tag}` } });
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId: (await org.json()).id, name: 'bench' } });
  const hostname = `bench-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  const agent = (await enrolled.json()) as { agentId: string; authToken: string };
  const agentAuth = { authorization: `Bearer ${agent.authToken}` };

  const operator = await seedPlatformAdmin(tag, PASSWORD);
  await signInConsole(page, operator, PASSWORD);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Administer' }).click();
  await page.getByRole('link', { name: 'Third-party catalog', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Third-party catalog' })).toBeVisible();
  // The shipped entries are there.
  await page.getByLabel('Search applications').fill('Notepad++');
  await expect(page.getByRole('table', { name: 'Third-party catalog' })).toContainText('Notepad++ Team');

  await page.getByRole('button', { name: 'Add application' }).click();
  const form = page.getByRole('form', { name: 'Add application' });
  await form.getByLabel('Name', { exact: true }).fill(`Htop ${tag}`);
  await form.getByLabel('Vendor').fill(`Htop Devs ${tag}`);
  await form.getByLabel('linux package manager').selectOption('apt');
  await form.getByLabel('linux package id').fill('htop');
  await form.getByLabel('Inventory names').fill('htop');
  await form.getByLabel('Latest version').fill('3.2.2');
  await form.getByLabel('Find a test device').fill(hostname);
  await form.getByLabel('Test device', { exact: true }).selectOption({ label: `${hostname} (linux)` });
  await form.getByRole('button', { name: 'Add application' }).click();

  const detail = page.getByTestId('third-party-app');
  await expect(detail).toContainText(`Htop ${tag}`);
  await expect(detail).toContainText('linux: apt htop');
  await expect(detail).toContainText(`${hostname} (linux`);
  await detail.getByRole('form', { name: 'Run smoke test' }).getByRole('button', { name: 'Run smoke test' }).click();
  const history = page.getByRole('table', { name: 'Smoke tests' });
  await expect(history.getByTestId('third-party-test').first()).toContainText('queued');
  await expect(history).toContainText('3.2.2');
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

  // The agent installs it and reports the version: the test passes and the entry is tested.
  const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, { headers: agentAuth, data: {} });
  const command = ((await beat.json()).commands as { id: string; type: string; payload: { package: { name: string; version: string } } }[]).find((c) => c.type === 'software_install')!;
  expect(command.payload.package).toMatchObject({ name: 'htop', version: '3.2.2' });
  const result = await page.request.post(`/api/v1/agents/${agent.agentId}/commands/${command.id}/result`, {
    headers: agentAuth,
    data: { status: 'completed', exitCode: 0, result: { installedVersion: '3.2.2-2', manager: 'apt', alreadyInstalled: false } },
  });
  expect(result.status()).toBe(200);
  await expect(history.getByTestId('third-party-test').first()).toContainText('passed', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Close' }).first().click();
  // Closing is a navigation (the open entry leaves the address): typing before it lands is lost.
  await expect(page).not.toHaveURL(/[?&]open=/);
  await page.getByLabel('Search applications').fill(`Htop ${tag}`);
  // The search reaches the address once typing pauses; a filter chosen before the address shows
  // it would start from the address without it.
  await expect(page).toHaveURL(new RegExp(`[?&]q=Htop(\\+|%20)${tag}`));
  await page.getByLabel('Tested', { exact: true }).selectOption('true');
  await expect(page.getByRole('row', { name: new RegExp(`Htop ${tag}`) })).toContainText('tested');
});
