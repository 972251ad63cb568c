import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin, seedPartnerUser } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Automate-Pass-7!';

test('a technician builds an event-triggered automation and runs it now', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Automate MSP ${tag}`, PASSWORD);
  const adminToken = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${adminToken}` };

  // An organization with one enrolled Linux device and a script in its library.
  const orgName = `Contoso ${tag}`;
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: orgName } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'automations' } });
  const hostname = `srv-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const scriptName = `Restart nginx ${tag}`;
  const script = await page.request.post('/api/v1/scripts', { headers: auth, data: { name: scriptName, orgId, osTypes: ['linux'], language: 'bash', content: 'systemctl restart nginx' } });
  expect(script.status(), await script.text()).toBe(201);

  // The technician signs in and builds the automation in the console.
  const tech = await seedPartnerUser(admin.partnerId, tag, 'Technician', PASSWORD);
  await page.context().clearCookies();
  await signInConsole(page, tech, PASSWORD);
  await page.goto('/automations');
  await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New automation' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New automation' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Restart on offline ${tag}`);
  await dialog.getByLabel('Organization').selectOption({ label: orgName });
  await dialog.getByLabel('Trigger type').selectOption('event');
  await dialog.getByLabel('Event type').selectOption('device.offline');
  await dialog.getByLabel('Filter on the event data (JSON, optional)').fill(JSON.stringify({ hostname }));
  await dialog.getByRole('button', { name: 'Add: run a script' }).click();
  await expect(dialog.getByLabel('Script of action 1').locator('option', { hasText: scriptName })).toHaveCount(1);
  await dialog.getByLabel('Script of action 1').selectOption({ label: scriptName });
  await dialog.getByRole('button', { name: 'Create automation' }).click();

  // The automation's page: run it now on the device and watch the outcome arrive.
  await expect(page.getByRole('heading', { name: `Restart on offline ${tag}` })).toBeVisible();
  await expect(page.getByText('Event: device.offline (filtered)')).toBeVisible();
  await page.getByRole('checkbox', { name: hostname }).check();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  const runs = page.getByRole('list', { name: 'Runs' });
  await expect(runs.getByText('completed')).toBeVisible({ timeout: 60_000 });
  await expect(runs.getByText('Run now')).toBeVisible();
  const step = runs.getByRole('row').filter({ hasText: 'run_script' });
  await expect(step).toContainText(hostname);
  await expect(step).toContainText('succeeded');
  await expect(step).toContainText('executionId');
});
