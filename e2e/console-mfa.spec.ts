import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { generateSync } from 'otplib';
import { seedPartnerAdmin } from './helpers/seed';

const PASSWORD = 'Console-Mfa-Pass-7!';

test('a technician signs in with a password and the authenticator code', async ({ page, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Mfa MSP ${tag}`, PASSWORD);
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The challenge: a wrong code is refused, the current code lets them in.
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  // The wrong code is meant to be refused (400).
  networkLog.allow(/POST \S+\/api\/v1\/auth\/mfa\/verify → 400/);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-mfa-challenge.png', fullPage: true });
  await code.fill(generateSync({ secret: admin.mfaSecret }));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Back where they were going, inside the shell.
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByTestId('tenant-name')).toContainText(`Mfa MSP ${tag}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Administer' }).click();
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByTestId('mfa-state')).toContainText('This session completed a two-factor check');
});

test('a technician without two-factor authentication enrols from a QR code drawn in the page', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Enrol MSP ${tag}`, PASSWORD, { mfa: false });
  const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin;
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url());
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The console offers enrolment while the account has none.
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await page.screenshot({ path: 'e2e/artifacts/console-mfa-enrolment.png', fullPage: true });

  await page.getByLabel('Code from the app').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('mfa-state')).toContainText('This session completed a two-factor check');
  await expect(page.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveCount(0);
  expect(external, 'the QR code and the console fetch nothing from other hosts').toEqual([]);

  // The next sign-in asks for the code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
});
