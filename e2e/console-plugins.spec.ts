import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Plugins-Pass-7!';

test('a partner admin consents to a plugin, configures, pauses and uninstalls it, and reads its log', async ({ page, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Plugins MSP ${tag}`, PASSWORD);
  await signInConsole(page, admin, PASSWORD);

  await page.goto('/plugins');
  await expect(page.getByRole('heading', { name: 'Plugins', exact: true })).toBeVisible();
  const catalog = page.getByRole('list', { name: 'Plugin catalog' });
  await expect(catalog.getByRole('listitem', { name: 'CMDB sync' })).toBeVisible();
  await catalog.getByRole('link', { name: 'View Chat notifications' }).click();

  // The consent screen: each scope with what it allows, the events and where they go.
  await expect(page.getByRole('heading', { name: 'Chat notifications' })).toBeVisible();
  const scopes = page.getByRole('list', { name: 'Requested scopes' });
  await expect(scopes).toContainText('alerts:read — View alerts, rules, channels and notifications');
  await expect(scopes).toContainText('devices:read');
  await expect(page.getByRole('list', { name: 'Subscribed events' })).toContainText('alert.triggered');

  // The settings form is generated from the manifest's schema, defaults filled in.
  const form = page.getByRole('form', { name: 'Install Chat notifications' });
  await expect(form.getByLabel('Channel')).toHaveValue('#alerts');
  await form.getByLabel('Channel').fill('#noc');
  await form.getByLabel('Minimum severity').selectOption('high');
  await form.getByLabel('Mention').fill('@oncall');
  // Without the consent box ticked the browser does not submit.
  await form.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await form.getByRole('checkbox', { name: /I allow Chat notifications/ }).check();
  await form.getByRole('button', { name: 'Install' }).click();

  const dialog = page.getByRole('dialog', { name: 'Chat notifications installed' });
  const apiKey = await dialog.getByLabel('API key', { exact: true }).inputValue();
  expect(apiKey).toMatch(/^rmm_ak_/);
  const installationId = await dialog.getByLabel('Installation ID', { exact: true }).inputValue();
  await expect(dialog.getByLabel('Signing secret', { exact: true })).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'I have handed them over' }).click();

  await expect(page).toHaveURL(new RegExp(`/plugins/installations/${installationId}$`));
  await expect(page.getByText('enabled', { exact: true })).toBeVisible();
  const settings = page.getByRole('form', { name: 'Settings of Chat notifications' });
  await expect(settings.getByLabel('Channel')).toHaveValue('#noc');
  await expect(settings.getByLabel('Minimum severity')).toHaveValue('high');

  // The plugin's backend reads its configuration with its key: the call shows in the log.
  const own = await page.request.get(`/api/v1/plugins/installations/${installationId}`, { headers: { 'x-api-key': apiKey } });
  expect(own.status()).toBe(200);
  expect((await own.json()).config).toMatchObject({ channel: '#noc', minimumSeverity: 'high', mention: '@oncall', includeResolved: true });
  await page.reload();
  const log = page.getByRole('table', { name: 'Plugin log' });
  await expect(log).toContainText('GET /api/v1/plugins/installations/[id]');

  await settings.getByLabel('Channel').fill('#ops');
  await settings.getByRole('checkbox', { name: 'Post resolutions' }).uncheck();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Disabled: the key is refused (and the refusal is logged); enabled again it works.
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('disabled', { exact: true })).toBeVisible();
  networkLog.allow(/GET \S+\/api\/v1\/plugins\/installations\/\S+ → 401/);
  const refused = await page.request.get(`/api/v1/plugins/installations/${installationId}`, { headers: { 'x-api-key': apiKey } });
  expect(refused.status()).toBe(401);
  await page.getByRole('combobox', { name: 'Show' }).selectOption('api_call');
  await expect(log.getByRole('row').nth(1)).toContainText('401');
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('enabled', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-plugins-installation.png', fullPage: true });

  await page.getByRole('link', { name: 'Installed' }).click();
  await expect(page.getByRole('table', { name: 'Installed plugins' })).toContainText('Chat notifications');
  await page.getByRole('link', { name: 'Chat notifications' }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Uninstall' }).click();
  await expect(page).toHaveURL(/\/plugins\/installations$/);
  await expect(page.getByText('No plugin installed')).toBeVisible();
  const revoked = await page.request.get(`/api/v1/plugins/installations/${installationId}`, { headers: { 'x-api-key': apiKey } });
  expect(revoked.status()).toBe(401);
});
