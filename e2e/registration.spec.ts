import { expect, test } from './helpers/test';
import { generateSync } from 'otplib';
import { linkIn, waitForEmail } from './helpers/mailbox';

test('a new MSP registers, confirms the emailed link and lands signed in', async ({ page, networkLog }) => {
  const email = `owner-${Date.now()}@e2e.test`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register your company' }).click();
  await expect(page).toHaveURL(/\/register-partner$/);

  await page.getByLabel('Company name').fill('Playwright Managed Services');
  await page.getByLabel('Your name').fill('Paula Wright');
  await page.getByLabel('Work email').fill(email);

  // The meter: one point each for length ≥ 8, uppercase, lowercase, digit, special.
  const password = page.getByLabel('Password', { exact: true });
  const meter = page.getByTestId('password-strength');
  await expect(meter).toHaveText('Too weak');
  for (const [value, label] of [
    ['abc', 'Too weak'],
    ['abcdefgh', 'Weak'],
    ['Abcdefgh', 'Fair'],
    ['Abcdefg1', 'Good'],
    ['Abcdefg1!', 'Strong'],
  ] as const) {
    await password.fill(value);
    await expect(meter).toHaveText(label);
  }

  // Confirm password is checked in the form and never sent.
  await page.getByLabel('Confirm password').fill('Something-else-1');
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // The weak password is meant to be refused (400) with the server's own message.
  networkLog.allow(/POST \S+\/api\/v1\/auth\/register-partner → 400/);
  // The server's own strength check answers inline, next to the field.
  await password.fill('abcdefghij');
  await page.getByLabel('Confirm password').fill('abcdefghij');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must mix at least three of')).toBeVisible();

  await password.fill('Paula-Wright-2026!');
  await expect(meter).toHaveText('Strong');
  await page.getByLabel('Confirm password').fill('Paula-Wright-2026!');
  await page.screenshot({ path: 'e2e/artifacts/registration-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForEmail({ to: email, subject: 'Playwright Managed Services' });
  const link = linkIn(mail, '/verify-email?token=');
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Welcome, Paula Wright' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your first organization' })).toBeVisible();
  await expect(page.getByTestId('tenant-name')).toHaveText('Playwright Managed Services');
  await expect(page.getByTestId('user-name')).toContainText('Partner Admin');
  await page.screenshot({ path: 'e2e/artifacts/registration-signed-in.png', fullPage: true });

  // The session is the HTTP-only refresh cookie plus an in-memory access token: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Paula Wright' })).toBeVisible();

  // The security settings page shows the address the allowlist would see.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Administer' }).click();
  await page.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByTestId('client-ip')).toHaveText('127.0.0.1');
  await expect(page.getByTestId('allowlist-state')).toContainText('off');
  await page.getByLabel('Allowed addresses and ranges').fill('192.0.2.0/24');
  await page.getByRole('button', { name: 'Check against my address' }).click();
  await expect(page.getByTestId('allowlist-check')).toContainText('is not in this list');
  await page.screenshot({ path: 'e2e/artifacts/security-settings.png', fullPage: true });

  // The first organization from the prompt.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Create organization' }).click();
  await page.getByLabel('Name').fill('First Customer');
  // Without two-factor authentication the create is meant to answer 403 (step-up), then succeed when retried.
  networkLog.allow(/POST \S+\/api\/v1\/orgs\/organizations → 403/);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // Creating a customer changes the tenancy: the console asks for two-factor set-up first, then
  // sends the waiting request again.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await stepUp.getByTestId('mfa-secret').textContent())!.trim();
  await stepUp.getByLabel('Code from the app').fill(generateSync({ secret }));
  await stepUp.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await stepUp.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First Customer')).toBeVisible();

  // The used link is meant to be refused (400).
  networkLog.allow(/POST \S+\/api\/v1\/auth\/verify-email → 400/);
  // The link was single-use.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'We could not confirm this link' })).toBeVisible();
});

test('a broken verification link explains itself', async ({ page, networkLog }) => {
  // The made-up token is meant to be refused (400).
  networkLog.allow(/POST \S+\/api\/v1\/auth\/verify-email → 400/);
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText('This verification link is invalid or has expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'register again' })).toHaveAttribute('href', '/register-partner');
});
