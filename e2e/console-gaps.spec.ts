import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedAssetCheckout, seedDeadLetter, seedPartnerAdmin, seedPlatformAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { PLATFORM } from './helpers/locks';

test.describe.configure({ lock: PLATFORM });

const PASSWORD = 'Console-Gaps-Pass-7!';

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function setUp(page: import('@playwright/test').Page, label: string) {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `${label} MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const org = await post<{ id: string }>(page.request, token, '/orgs/organizations', { name: `Northwind ${tag}` });
  return { tag, admin, token, org };
}

test('an exhausted webhook delivery is re-driven from the dead-letters view', async ({ page }) => {
  const { tag, admin, token, org } = await setUp(page, 'Dead');
  const hook = await post<{ id: string }>(page.request, token, '/webhooks', { orgId: org.id, name: `PSA ${tag}`, url: `http://10.255.255.1:9/hooks/${tag}`, events: ['device.offline'] });
  const where = { id: hook.id, partnerId: admin.partnerId, orgId: org.id };
  await seedDeadLetter(where, { event: 'device.offline', error: 'HTTP 503', status: 503 });
  await seedDeadLetter(where, { event: 'device.online', error: 'Timed out after 10 s', status: null });

  await page.goto('/webhooks');
  await page.getByRole('link', { name: 'Dead letters' }).click();
  await expect(page).toHaveURL(/\/webhooks\/dead-letters$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dead letters');
  const table = page.getByTestId('dead-letters');
  await expect(table.getByRole('row')).toHaveCount(3);
  const offline = table.getByRole('row').filter({ hasText: 'device.offline' });
  await expect(offline).toContainText(`PSA ${tag}`);
  await expect(offline).toContainText('HTTP 503');
  await expect(table.getByRole('row').filter({ hasText: 'device.online' })).toContainText('Timed out after 10 s');

  // Re-drive the selected one; the other stays open.
  await offline.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Re-drive selected (1)' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 dead letter re-driven: 1 new delivery queued' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-dead-letters.png', fullPage: true });

  // Then the last one on its own row.
  await page.getByRole('button', { name: `Re-drive device.online to PSA ${tag}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dead letter re-driven: 1 new delivery queued' })).toBeVisible();
  await expect(page.getByText('No dead letters')).toBeVisible();
  await page.getByLabel('State').selectOption('redriven');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Re-driven');

  // Each re-drive is a new pending delivery of the same event, linked to the failed one.
  const deliveries = await page.request.get(`/api/v1/webhooks/${hook.id}/deliveries`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await deliveries.json()) as { data: { event: string; retryOfId: string | null; attempt: number }[] };
  const copies = body.data.filter((d) => d.retryOfId);
  expect(copies.map((d) => d.event).sort()).toEqual(['device.offline', 'device.online']);
  expect(copies.every((d) => d.attempt === 0 || d.attempt === 1)).toBe(true);
});

test('an asset is created, checked out through the portal and checked in by the service desk', async ({ page, networkLog }) => {
  const { tag, admin, token, org } = await setUp(page, 'Asset');

  await page.goto('/');
  await page.getByRole('link', { name: 'Assets', exact: true }).click();
  await expect(page.getByText('No assets yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add an asset' }).click();
  const form = page.getByRole('form', { name: 'Create asset' });
  // The empty form is meant to come back as a 400 with its field errors.
  networkLog.allow(/POST \S+\/api\/v1\/assets → 400/);
  await form.getByRole('button', { name: 'Create asset' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Name', { exact: true }).fill(`Loaner laptop ${tag}`);
  await form.getByLabel('Kind').selectOption('device');
  await form.getByLabel('Asset tag').fill(`LT-${tag}`);
  await form.getByLabel('Serial number').fill(`SN${tag}`);
  await form.getByLabel('Portal users of the organization may borrow it').check();
  await form.getByRole('button', { name: 'Create asset' }).click();
  await expect(page.getByRole('heading', { name: `Loaner laptop ${tag}` })).toBeVisible();
  await expect(page.getByText('Never checked out')).toBeVisible();
  const assetId = page.url().split('/').pop()!;

  // The duplicate tag is meant to answer 409.
  networkLog.allow(/POST \S+\/api\/v1\/assets → 409/);
  // A second asset with the same tag: the conflict is shown at the tag field.
  await page.goto('/assets');
  await page.getByRole('button', { name: 'New asset' }).click();
  const again = page.getByRole('form', { name: 'Create asset' });
  await again.getByLabel('Name', { exact: true }).fill(`Spare ${tag}`);
  await again.getByLabel('Asset tag').fill(`LT-${tag}`);
  await again.getByRole('button', { name: 'Create asset' }).click();
  await expect(again.getByLabel('Asset tag')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByText(`Asset tag "LT-${tag}" is already used in this organization`)).toBeVisible();

  // Someone borrows it through the portal.
  const contact = await post<{ id: string }>(page.request, token, '/orgs/contacts', { orgId: org.id, name: `Dana ${tag}`, email: `dana-${tag}@e2e.test` });
  await seedAssetCheckout({ id: assetId, partnerId: admin.partnerId, orgId: org.id }, contact.id, 'Conference week');

  await page.goto('/assets');
  await page.getByLabel('Status').selectOption('true');
  await expect(page.getByTestId('assets').getByRole('row').filter({ hasText: `Loaner laptop ${tag}` })).toContainText(`Checked out · Dana ${tag}`);
  await expect(page.getByTestId('assets').getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-assets-list.png', fullPage: true });
  await page.getByRole('link', { name: `Loaner laptop ${tag}` }).click();
  await expect(page.getByText(`Checked out by Dana ${tag}`)).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checked in' })).toBeVisible();
  const history = page.getByTestId('checkouts');
  await expect(history.getByRole('row').nth(1)).toContainText(`Dana ${tag}`);
  await expect(history.getByRole('row').nth(1)).toContainText('service desk');
  await expect(history.getByRole('row').nth(1)).toContainText('Conference week');
  await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-asset-checkin.png', fullPage: true });
});

test('a script is created from a template', async ({ page, networkLog }) => {
  const { tag } = await setUp(page, 'Script');

  await page.goto('/scripts');
  await page.getByRole('link', { name: 'Templates & library' }).click();
  await expect(page.getByRole('heading', { name: 'Templates and system library' })).toBeVisible();
  await page.getByRole('button', { name: 'Use template Bash health check' }).click();
  const dialog = page.getByRole('dialog');
  // Submitting without a name is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/script-library\/from-template\/\S+ → 400/);
  await dialog.getByRole('button', { name: 'Create script' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Name', { exact: true }).fill(`Health ${tag}`);
  await dialog.getByLabel('Library').selectOption({ label: 'Partner library' });
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-template-dialog.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Create script' }).click();

  await expect(page).toHaveURL(/\/scripts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Health ${tag}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page.getByTestId('usage-stats')).toContainText('Runs');
  await expect(page.getByText('Not run yet: pick devices under Run on the Script tab to start one.')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-script-from-template.png', fullPage: true });
});

test('a platform operator creates a partner and suspends it', async ({ page, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const operator = await seedPlatformAdmin(tag, PASSWORD);
  await signInConsole(page, operator, PASSWORD);

  await page.goto('/');
  // The sidebar opens the section holding the current page; Partners sits under Administer.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Administer' }).click();
  await page.getByRole('link', { name: 'Partners', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
  await page.getByRole('button', { name: 'New partner' }).click();
  const form = page.getByRole('form', { name: 'Create partner' });
  await form.getByLabel('Name', { exact: true }).fill(`Contoso IT ${tag}`);
  await form.getByLabel('Slug').fill('Not A Slug');
  // The invalid slug is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/orgs\/partners → 400/);
  await form.getByRole('button', { name: 'Create partner' }).click();
  await expect(form.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Use lowercase letters, digits and single hyphens')).toBeVisible();
  await form.getByLabel('Slug').fill(`contoso-${tag}`);
  await form.getByLabel('Plan').selectOption('pro');
  await form.getByLabel('Maximum devices').fill('250');
  await form.getByRole('button', { name: 'Create partner' }).click();

  await expect(page.getByRole('heading', { name: `Contoso IT ${tag}` })).toBeVisible();
  await expect(page.getByText('msp · pro plan')).toBeVisible();
  await page.getByLabel('Move to').selectOption('suspended');
  await expect(page.getByText('Its users can no longer work in the console')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status changed to suspended' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-partner.png', fullPage: true });

  await page.goto('/partners');
  await page.getByLabel('Status').selectOption('suspended');
  await expect(page.getByRole('row').filter({ hasText: `Contoso IT ${tag}` })).toContainText('suspended');
});

test('scripts are sorted into categories and tags and moved through a bundle with a rename on conflict', async ({ page, networkLog }) => {
  const { tag, token } = await setUp(page, 'Bundle');
  await post(page.request, token, '/scripts', { name: `Clear temp ${tag}`, osTypes: ['linux'], language: 'bash', content: 'rm -rf /tmp/cache/*\n', availability: 'partner', category: 'Cleanup', tags: ['nightly'] });

  await page.goto('/scripts');
  await page.getByRole('link', { name: 'Categories & tags' }).click();
  const categories = page.getByTestId('categories');
  await expect(categories).toContainText('Cleanup');
  await expect(categories).toContainText('1 script');
  // The existing category name is meant to answer 409.
  networkLog.allow(/POST \S+\/api\/v1\/script-library\/categories → 409/);
  await page.getByLabel('Category name').fill('Cleanup');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByLabel('Category name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Category name').fill(`Patching ${tag}`);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(categories).toContainText(`Patching ${tag}`);
  await page.getByLabel('Tag name').fill('weekly');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByTestId('tags')).toContainText('weekly');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete tag weekly' }).click();
  await expect(page.getByTestId('tags')).not.toContainText('weekly');
  await expect(page.getByTestId('tags')).toContainText('nightly');

  await page.goto('/scripts/bundles');
  await page.getByRole('checkbox', { name: `Clear temp ${tag}` }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download bundle (1)' }).click()]);
  const file = test.info().outputPath('bundle.json');
  await download.saveAs(file);
  const { readFileSync } = await import('node:fs');
  const bundle = JSON.parse(readFileSync(file, 'utf8'));
  expect(bundle).toMatchObject({ bundleVersion: 1, scripts: [{ name: `Clear temp ${tag}`, content: 'rm -rf /tmp/cache/*\n', category: 'Cleanup' }] });

  // Importing it back into the same library clashes on the name: preview, then rename.
  await page.getByLabel('Bundle file').setInputFiles(file);
  await page.getByLabel('Library').selectOption({ label: 'Partner library' });
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByTestId('bundle-preview').getByRole('row').nth(1)).toContainText('name in use');
  await page.getByRole('radio', { name: /Rename/ }).check();
  await page.screenshot({ path: 'e2e/artifacts/console-gaps-bundle-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: 'Imported 0, renamed 1' });
  await expect(result).toBeVisible();
  await result.getByRole('link', { name: `Clear temp ${tag} (2)` }).click();
  await expect(page.getByRole('heading', { name: `Clear temp ${tag} (2)` })).toBeVisible();
});
