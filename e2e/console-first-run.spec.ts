// A new partner's first visit: the dashboard's setup guide lists what to do first, with the
// agent one-liner on the service's real base URL, and ticks a step off once it is done.
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-FirstRun-Pass-7!';

test('a fresh partner follows the setup guide: organization first, then it is checked', async ({ page, baseURL }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `First Run MSP ${tag}`, PASSWORD);
  await signInConsole(page, admin, PASSWORD);
  await page.goto('/');

  const guide = page.getByRole('region', { name: 'Get started' });
  await expect(guide).toBeVisible();
  await expect(guide).toContainText('0 of 4 steps done');
  const orgStep = guide.getByTestId('first-run-step-organizations');
  await expect(orgStep).toHaveAttribute('data-done', 'false');
  await expect(orgStep).toContainText('To do: Create the first organization');
  for (const id of ['devices', 'alertRules', 'channels']) await expect(guide.getByTestId(`first-run-step-${id}`)).toHaveAttribute('data-done', 'false');
  // The install one-liner points at the service's own base URL (APP_BASE_URL), not a guess.
  await expect(guide.getByTestId('first-run-install-command')).toHaveText(`curl -fsSL '${new URL(baseURL!).origin}/api/v1/agents/install.sh' | sudo bash -s -- --key '<ENROLLMENT_KEY>'`);

  await guide.getByRole('link', { name: 'Add an organization' }).click();
  await page.getByRole('form', { name: 'New organization' }).getByLabel('Name').fill(`Fabrikam ${tag}`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Fabrikam ${tag}` })).toBeVisible();

  await page.goto('/');
  await expect(orgStep).toHaveAttribute('data-done', 'true');
  await expect(orgStep).toContainText('Done: Create the first organization');
  await expect(guide).toContainText('1 of 4 steps done');
  await expect(guide.getByTestId('first-run-step-devices')).toHaveAttribute('data-done', 'false');
  await page.screenshot({ path: 'e2e/artifacts/console-first-run.png', fullPage: true });

  // Dismissed, it stays away.
  await guide.getByRole('button', { name: 'Dismiss the setup guide' }).click();
  await expect(guide).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(guide).toBeHidden();
});
