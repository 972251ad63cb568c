import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedOrganization, seedPartnerAdmin } from './helpers/seed';

const PASSWORD = 'Console-Session-Pass-7!';

test('a session that ends while a form is half filled keeps the form: after signing in again the ticket is created', async ({ page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Session MSP ${tag}`, PASSWORD, { mfa: false });
  await seedOrganization(admin.partnerId, `Northwind ${tag}`);

  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Service desk' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: 'New ticket' }).first().click();
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await form.getByLabel('Subject').fill(`VPN drops every hour ${tag}`);
  await form.getByLabel('Description').fill('Since Monday, for everyone at the branch office.');

  // With the session ended, the form's submit is meant to answer 401 (and the console's attempt to renew it too).
  networkLog.allow(/POST \S+\/api\/v1\/tickets → 401/);
  // Meanwhile the session ends (signed out elsewhere: the browser's refresh cookie is revoked).
  expect((await page.request.post('/api/v1/auth/logout', { data: {} })).status()).toBe(204);
  await form.getByRole('button', { name: 'Create ticket' }).click();

  const reauth = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(reauth).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue(`VPN drops every hour ${tag}`);
  await page.screenshot({ path: 'e2e/artifacts/console-session-expired.png', fullPage: true });
  await reauth.getByLabel('Password').fill(PASSWORD);
  await reauth.getByRole('button', { name: 'Sign in' }).click();

  // The waiting request went through with the new session: the ticket exists, once.
  await expect(page.getByRole('heading', { name: new RegExp(`VPN drops every hour ${tag}`) })).toBeVisible();
  const login = await request.post('/api/v1/auth/login', { data: { email: admin.email, password: PASSWORD } });
  const { accessToken } = await login.json();
  const list = await request.get('/api/v1/tickets', { headers: { authorization: `Bearer ${accessToken}` }, params: { search: `VPN drops every hour ${tag}` } });
  expect((await list.json()).pagination.total).toBe(1);
});
