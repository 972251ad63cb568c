// The software journey: the fleet inventory (filters in the URL, CSV export, a package's
// devices), a device's Software tab with a confirmed uninstall, and the catalog (a package, a
// version, an uploaded installer with its SHA-256).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Software-Admin-Pass-7!';

test('a partner admin reviews fleet software, uninstalls a package from a device and builds the catalog', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Software MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };

  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}` } });
  expect(org.status()).toBe(201);
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId: (await org.json()).id, name: 'software', issueEnrollmentSecret: true } });
  const { key: enrollmentKey, enrollmentSecret } = await key.json();
  const nginx = `nginx-${tag}`;
  const devices: { agentId: string; authToken: string; deviceId: string; hostname: string }[] = [];
  for (const [hostname, version] of [[`web1-${tag}`, '1.24.0'], [`web2-${tag}`, '1.22.1']]) {
    const res = await page.request.post('/api/v1/agents/enroll', { data: { enrollmentKey, enrollmentSecret, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' } });
    expect(res.status()).toBe(201);
    const agent = { ...(await res.json()), hostname };
    devices.push(agent);
    const inv = await page.request.put(`/api/v1/agents/${agent.agentId}/inventory`, {
      headers: { authorization: `Bearer ${agent.authToken}` },
      data: { software: [{ name: nginx, version, publisher: 'Debian Nginx Maintainers', source: 'dpkg' }, { name: `curl-${tag}`, version: '7.88.1', publisher: 'Debian', source: 'dpkg' }] },
    });
    expect(inv.status()).toBe(200);
  }

  // Fleet inventory: the search goes into the URL; a package opens the devices having it.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Software' }).click();
  await expect(page.getByRole('heading', { name: 'Software', exact: true })).toBeVisible();
  await page.getByLabel('Search software').fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  const table = page.getByTestId('software-inventory');
  await expect(table.getByTestId('software-row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(nginx) })).toContainText('1.24.0 (1)');
  await page.getByLabel('Version').fill('1.22.1');
  await expect(page).toHaveURL(/version=1\.22\.1/);
  await expect(table.getByTestId('software-row')).toHaveCount(1);
  await page.getByLabel('Version').fill('');
  await expect(table.getByTestId('software-row')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('name,vendor,version,versionDeviceCount,packageDeviceCount');
  expect(csv).toContain(`${nginx},Debian Nginx Maintainers,1.24.0,1,2`);

  await table.getByRole('button', { name: nginx }).click();
  const dialog = page.getByRole('dialog', { name: `Devices with ${nginx}` });
  await expect(dialog.getByTestId('package-devices').getByRole('link')).toHaveCount(2);
  await dialog.getByRole('link', { name: devices[0].hostname }).click();

  // The device's Software tab: uninstall behind a confirmation queues the command.
  await expect(page).toHaveURL(new RegExp(`/devices/${devices[0].deviceId}`));
  await page.getByRole('tab', { name: 'Software' }).click();
  const installed = page.getByTestId('device-software');
  await expect(installed.getByRole('row')).toHaveCount(3);
  await installed.getByRole('button', { name: `Uninstall ${nginx}` }).click();
  const confirm = page.getByRole('dialog', { name: `Uninstall ${nginx}?` });
  await expect(confirm).toContainText('package manager');
  await confirm.getByRole('button', { name: 'Uninstall' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Uninstall of ${nginx} queued` })).toBeVisible();
  const commands = await page.request.get(`/api/v1/devices/${devices[0].deviceId}/commands`, { headers: auth, params: { type: 'uninstall_software' } });
  expect((await commands.json()).data).toEqual([expect.objectContaining({ status: 'pending', payload: expect.objectContaining({ name: nginx, version: '1.24.0' }) })]);

  // The catalog: an installer package, a version, its file.
  await page.goto('/software');
  await page.getByRole('link', { name: 'Catalog' }).click();
  await expect(page.getByRole('heading', { name: 'Software catalog' })).toBeVisible();
  await page.getByRole('button', { name: 'Add package' }).click();
  const create = page.getByRole('dialog', { name: 'Add package' });
  await create.getByLabel('Name').fill(`Agent Tool ${tag}`);
  await create.getByLabel('Vendor').fill('Fabrikam');
  await create.getByLabel('Kind').selectOption('installer');
  await create.getByRole('button', { name: 'Add package' }).click();
  const detail = page.getByRole('dialog', { name: 'Package' });
  await expect(detail.getByRole('heading', { name: `Agent Tool ${tag}` })).toBeVisible();
  await expect(page).toHaveURL(/open=/);
  await detail.getByLabel('Version', { exact: true }).fill('3.1.0');
  await detail.getByLabel('Silent install arguments').fill('/S');
  await detail.getByLabel('Release notes').fill('First packaged release');
  await detail.getByRole('button', { name: 'Add version' }).click();
  await expect(detail.getByTestId('catalog-version')).toContainText('3.1.0');
  const bytes = randomBytes(2048);
  await detail.getByLabel('Installer for 3.1.0').setInputFiles({ name: 'agent-tool-3.1.0.exe', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(detail.getByTestId('catalog-version')).toContainText(`sha256 ${createHash('sha256').update(bytes).digest('hex')}`);
  await expect(detail.getByTestId('catalog-version')).toContainText('agent-tool-3.1.0.exe');
  await page.screenshot({ path: 'e2e/artifacts/software-catalog.png', fullPage: true });
  await page.keyboard.press('Escape');
  await page.getByLabel('Search catalog').fill(tag);
  await expect(page.getByTestId('software-catalog').getByRole('row', { name: new RegExp(`Agent Tool ${tag}`) })).toContainText('3.1.0');
});
