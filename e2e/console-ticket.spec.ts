import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { badgePng } from './helpers/png';

const PASSWORD = 'Console-Ticket-Pass-7!';

test('a technician opens a ticket and attaches a PNG to a reply', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Desk MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  expect((await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Litware ${tag}` } })).status()).toBe(201);

  await page.goto('/tickets');
  await page.getByRole('button', { name: 'New ticket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByLabel('Subject').fill(`Printer jams ${tag}`);
  await dialog.getByLabel('Description').fill('The second-floor printer jams on every job.');
  await dialog.getByLabel('Priority').selectOption('p2');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();

  await expect(page.getByRole('heading', { name: new RegExp(`Printer jams ${tag}`) })).toBeVisible();
  await page.getByLabel('Attach files').setInputFiles({ name: 'jam.png', mimeType: 'image/png', buffer: badgePng('#2563eb', '#ffffff') });
  await expect(page.getByTestId('pending-attachment')).toContainText('jam.png');
  await page.getByLabel('Message').fill('Photo of the jam attached.');
  await page.getByRole('button', { name: 'Send reply' }).click();

  const attachment = page.getByTestId('attachment');
  await expect(attachment.getByRole('img', { name: 'jam.png' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-ticket-attachment.png', fullPage: true });

  // The list shows it.
  await page.goto('/tickets');
  await expect(page.getByRole('link', { name: `Printer jams ${tag}` })).toBeVisible();
});
