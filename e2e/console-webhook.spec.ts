import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Hook-Pass-7!';

test('a technician adds a webhook, sends a test delivery and reads it in the delivery history', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Hook MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  expect((await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Tailspin ${tag}` } })).status()).toBe(201);

  // The hosted default accepts only HTTPS to public addresses; an address literal needs no DNS
  // on this closed network. Nothing answers there, so the delivery records the failed attempt.
  const url = `https://93.184.216.34/hooks/${tag}`;

  await page.goto('/webhooks');
  await expect(page.getByText('No webhooks for this organization')).toBeVisible();
  await page.getByRole('button', { name: 'Add a webhook' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Ops ${tag}`);
  await page.getByLabel('URL').fill('http://localhost/hook');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Invalid webhook URL')).toBeVisible();
  await page.getByLabel('URL').fill(url);
  await page.getByLabel('Signing secret').fill('whsec_e2e_secret');
  await page.getByRole('button', { name: 'Create webhook' }).click();

  await expect(page.getByRole('heading', { name: `Ops ${tag}` })).toBeVisible();
  await expect(page.getByText('No deliveries yet')).toBeVisible();
  await page.getByRole('button', { name: 'Send test delivery' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test delivery queued' })).toBeVisible();

  const deliveries = page.getByTestId('deliveries');
  await expect(deliveries.getByRole('row').nth(1)).toContainText('webhook.test');
  await deliveries.getByRole('button', { name: 'View' }).first().click();
  const viewer = page.getByTestId('delivery-viewer');
  await expect(viewer.getByTestId('delivery-payload')).toContainText('"type": "webhook.test"');
  await expect(viewer.getByTestId('delivery-payload')).toContainText(`Test delivery for webhook \\"Ops ${tag}\\"`);
  await page.screenshot({ path: 'e2e/artifacts/console-webhook-delivery.png', fullPage: true });
  await page.keyboard.press('Escape');

  // The attempt is recorded (nothing listens there): the history shows it with a retry button.
  await expect(deliveries.getByRole('row').nth(1)).toContainText(/retrying|failed/, { timeout: 45_000 });
  await expect(deliveries.getByRole('button', { name: 'Retry' }).first()).toBeVisible();
});
