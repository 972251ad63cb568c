import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedOrganization, seedPartnerAdmin, seedPartnerUser } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Policy-Pass-7!';

type Command = { id: string; type: string; payload: { checks: { id: string; kind: string; name?: string }[] } };

test('a technician assigns a "service must run" policy to an organization and sees the device fall out of compliance', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Policy MSP ${tag}`, PASSWORD);
  const orgName = `Northwind ${tag}`;
  const orgId = await seedOrganization(admin.partnerId, orgName);
  const technician = await seedPartnerUser(admin.partnerId, tag, 'Technician', PASSWORD);
  const token = await signInConsole(page, technician, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };

  // One Linux device of the organization whose agent checks in.
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'policies' } });
  expect(key.status(), await key.text()).toBe(201);
  const hostname = `web-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const agent = (await enrolled.json()) as { agentId: string; deviceId: string; authToken: string };
  const agentAuth = { authorization: `Bearer ${agent.authToken}` };

  // The technician creates the policy in the console: nginx must run on every device of the organization.
  await page.goto('/policies');
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New policy' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New policy' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Web servers ${tag}`);
  await dialog.getByLabel('Organization', { exact: true }).selectOption({ label: orgName });
  await dialog.getByLabel('Heartbeat interval (seconds)').fill('120');
  await dialog.getByRole('button', { name: 'Add check' }).click();
  await dialog.getByLabel('Check kind').selectOption('service_running');
  await dialog.getByLabel('Check id').fill('nginx');
  await dialog.getByLabel('Service name').fill('nginx.service');
  await dialog.getByRole('checkbox', { name: orgName }).check();
  await dialog.getByRole('button', { name: 'Create policy' }).click();
  await expect(page).toHaveURL(/\/policies\/[0-9a-f-]{36}$/);
  const policyId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: `Web servers ${tag}` })).toBeVisible();

  // The worker evaluates the policy and queues one policy_check; the agent claims it and answers.
  let command: Command | undefined;
  await expect(async () => {
    const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, { headers: agentAuth, data: {} });
    expect(beat.status()).toBe(200);
    command = ((await beat.json()).commands as Command[]).find((c) => c.type === 'policy_check');
    expect(command).toBeDefined();
  }).toPass({ timeout: 60_000 });
  expect(command!.payload.checks).toEqual([{ id: `${policyId}:nginx`, kind: 'service_running', name: 'nginx.service' }]);
  const result = await page.request.post(`/api/v1/agents/${agent.agentId}/commands/${command!.id}/result`, {
    headers: agentAuth,
    data: { status: 'completed', exitCode: 0, result: { checks: [{ id: `${policyId}:nginx`, status: 'fail', detail: 'nginx.service is inactive (dead)' }] } },
  });
  expect(result.status(), await result.text()).toBe(200);

  // The policy page shows the device failing, with the agent's words.
  await page.reload();
  const table = page.getByRole('table', { name: 'Policy compliance by device' });
  await expect(table.getByRole('row', { name: new RegExp(hostname) })).toContainText('Non-compliant');
  await expect(table).toContainText('nginx.service is inactive (dead)');
  await expect(page.getByTestId('policy-compliance')).toContainText('1 non-compliant');

  // The overview counts it, and the device's Policies tab shows the effective policy and its compliance.
  await page.goto('/policies');
  await expect(page.getByTestId('non-compliant-devices')).toHaveText('1');
  await page.goto(`/devices/${agent.deviceId}`);
  await page.getByRole('tab', { name: 'Policies' }).click();
  const settings = page.getByRole('table', { name: 'Effective settings' });
  await expect(settings.getByRole('row', { name: /Heartbeat interval/ })).toContainText('120');
  await expect(settings).toContainText(`Web servers ${tag}`);
  await expect(page.getByTestId('device-policy-compliance')).toContainText('Non-compliant');
});
