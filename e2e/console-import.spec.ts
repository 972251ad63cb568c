import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Import-Pass-7!';

test('a CSV of organizations is previewed, a name match acknowledged and the import committed', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Import MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const existing = await page.request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Contoso ${tag}` } });
  expect(existing.status()).toBe(201);

  await page.goto('/import');
  const csv = [`organization,site,timezone,contactEmail`, `"contoso  ${tag.toUpperCase()}",Branch office,Europe/Paris,branch@contoso.test`, `Woodgrove ${tag},HQ,America/New_York,it@woodgrove.test`, `Woodgrove ${tag},Warehouse,,`].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('name-match');
  await expect(preview).toContainText('create');
  await page.getByLabel(/Decision for row 1/).selectOption('use-existing');
  await page.screenshot({ path: 'e2e/artifacts/console-import-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 3 rows' }).click();

  await expect(page.getByTestId('import-result')).toContainText('1 organizations created');
  await expect(page.getByTestId('import-result')).toContainText('0 errors');
  await page.getByRole('link', { name: 'See organizations' }).click();
  await expect(page.getByRole('link', { name: `Woodgrove ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`contoso`, 'i') })).toHaveCount(1);
});
