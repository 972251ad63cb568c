import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { startReceiver } from './helpers/receiver';

const PASSWORD = 'Console-Hook-Pass-7!';

test('a technician adds a webhook, sends a test delivery and reads it in the delivery history', async ({ page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Hook MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  expect((await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Tailspin ${tag}` } })).status()).toBe(201);

  // The receiver listens on a private address of this machine (loopback is refused by the URL
  // policy). Without one, nothing can receive: the delivery is still queued and shown.
  const { address, url, received, close } = await startReceiver(`/hooks/${tag}`, 200, 'thanks');

  try {
    await page.goto('/webhooks');
    await expect(page.getByText('No webhooks for this organization')).toBeVisible();
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    await page.getByLabel('Name', { exact: true }).fill(`Ops ${tag}`);
    // The loopback URL is meant to be refused (400) with its field error.
    networkLog.allow(/POST \S+\/api\/v1\/webhooks → 400/);
    await page.getByLabel('URL').fill('http://127.0.0.1/hook');
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
    if (address) await expect(deliveries.getByRole('row').nth(1)).toContainText('delivered', { timeout: 30_000 });
    await deliveries.getByRole('button', { name: 'View' }).first().click();
    const viewer = page.getByTestId('delivery-viewer');
    await expect(viewer.getByTestId('delivery-payload')).toContainText('"type": "webhook.test"');
    await expect(viewer.getByTestId('delivery-payload')).toContainText(`Test delivery for webhook \\"Ops ${tag}\\"`);
    if (address) await expect(viewer).toContainText('thanks');
    await page.screenshot({ path: 'e2e/artifacts/console-webhook-delivery.png', fullPage: true });

    if (address) {
      expect(received).toHaveLength(1);
      expect(received[0].headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(JSON.parse(received[0].body)).toMatchObject({ type: 'webhook.test', data: { message: `Test delivery for webhook "Ops ${tag}"` } });
    }
  } finally {
    close();
  }
});
