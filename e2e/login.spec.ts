import { expect, test } from './helpers/test';
import { PLATFORM } from './helpers/locks';

test.describe.configure({ lock: PLATFORM });

test('the bootstrap admin signs in and reaches the console shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL!);
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByTestId('user-name')).toContainText('Platform Admin');
  await page.screenshot({ path: 'e2e/artifacts/console-shell.png', fullPage: true });

  // The session survives a reload through the HTTP-only refresh cookie.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('wrong credentials show an error and no session', async ({ page, networkLog }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL!);
  // The wrong password is meant to answer 401.
  networkLog.allow(/POST \S+\/api\/v1\/auth\/login → 401/);
  await page.getByLabel('Password').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
