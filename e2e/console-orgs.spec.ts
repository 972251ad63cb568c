import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Orgs-Pass-7!';

test('a technician creates an organization and a site, then finds it with global search', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Orgs MSP ${tag}`, PASSWORD);
  await signInConsole(page, admin, PASSWORD);
  await page.goto('/');

  // A new partner sees what to do first.
  await expect(page.getByRole('heading', { name: 'Create your first organization' })).toBeVisible();
  await page.getByRole('link', { name: 'Create organization' }).click();
  await page.getByLabel('Name').fill(`Contoso ${tag}`);
  await page.getByLabel('Time zone').fill('Europe/London');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page.getByRole('heading', { name: `Contoso ${tag}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(`Contoso ${tag}`);
  await expect(page.getByText('No sites yet')).toBeVisible();
  await page.getByRole('button', { name: 'New site' }).click();
  await page.getByLabel('Site name').fill('Head office');
  await page.getByLabel('Address').fill('1 High Street, London');
  await page.getByLabel('Contact email').fill('it@contoso.test');
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(page.getByRole('cell', { name: 'Head office', exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-org-and-site.png', fullPage: true });

  // The organization is in the switcher and in search (Ctrl+K).
  await expect(page.getByTestId('org-switcher').locator('option', { hasText: `Contoso ${tag}` })).toHaveCount(1);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: /Search/ }).fill(`contoso ${tag}`);
  await expect(page.getByRole('listbox', { name: 'Results' }).getByRole('option', { name: new RegExp(`Contoso ${tag}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Contoso ${tag}` })).toBeVisible();

  // The theme toggles and sticks.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // Tablet width: the navigation moves behind a menu button.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-tablet.png', fullPage: true });
});
