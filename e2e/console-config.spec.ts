import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Config-Pass-7!';

async function setUp(page: Page, name: string) {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `${name} MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Northwind ${tag}` } });
  expect(org.status()).toBe(201);
  return { tag, auth, orgId: (await org.json()).id as string };
}

test('a custom field is defined in settings and set on a device', async ({ page, networkLog }) => {
  const { tag, auth, orgId } = await setUp(page, 'Fields');
  const device = await page.request.post('/api/v1/devices/provision', { headers: auth, data: { hostname: `ws-${tag}`, orgId, osType: 'windows' } });
  expect(device.status()).toBe(201);
  const deviceId = (await device.json()).device.id as string;

  await page.goto('/settings/custom-fields');
  await page.getByRole('button', { name: 'Define a field' }).click();
  const form = page.getByRole('form', { name: 'New custom field' });
  await form.getByLabel('Name').fill('Asset tag');
  await expect(form.getByLabel('Key')).toHaveValue('asset_tag');
  await form.getByRole('button', { name: 'Create field' }).click();
  await expect(page.getByTestId('custom-fields-table')).toContainText('asset_tag');

  // The duplicate key is meant to answer 409.
  networkLog.allow(/POST \S+\/api\/v1\/custom-fields → 409/);
  // A duplicate key is refused with the API's message.
  await page.getByRole('button', { name: 'New field' }).click();
  await form.getByLabel('Name').fill('Asset tag');
  await form.getByRole('button', { name: 'Create field' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/devices/${deviceId}`);
  const card = page.getByRole('region', { name: 'Custom fields' });
  await card.getByRole('button', { name: 'Edit fields' }).click();
  await card.getByLabel('Asset tag').fill(`AT-${tag}`);
  await card.getByRole('button', { name: 'Save fields' }).click();
  await expect(card.getByRole('status')).toContainText('Custom fields saved');
  await expect(page.getByTestId('device-custom-fields')).toContainText(`AT-${tag}`);
  await page.screenshot({ path: 'e2e/artifacts/console-device-custom-field.png', fullPage: true });

  const values = await page.request.get(`/api/v1/devices/${deviceId}/custom-fields`, { headers: auth });
  expect((await values.json()).data).toEqual([expect.objectContaining({ key: 'asset_tag', value: `AT-${tag}`, source: 'user' })]);
});

test('a canned reply is written in settings and inserted into a ticket reply', async ({ page }) => {
  const { tag, auth, orgId } = await setUp(page, 'Replies');
  const ticket = await page.request.post('/api/v1/tickets', { headers: auth, data: { orgId, subject: `VPN drops ${tag}` } });
  expect(ticket.status()).toBe(201);
  const ticketId = (await ticket.json()).id as string;

  await page.goto('/settings/canned-replies');
  await page.getByRole('button', { name: 'Write a reply' }).click();
  const form = page.getByRole('form', { name: 'New canned reply' });
  await form.getByLabel('Name').fill('Looking into it');
  await form.getByLabel('Reply text').fill('We are looking into “');
  await form.getByRole('button', { name: '{{ticket.subject}}' }).click();
  await form.getByLabel('Reply text').press('End');
  await form.getByLabel('Reply text').pressSequentially('” now. ');
  await form.getByRole('button', { name: '{{agent.name}}' }).click();
  await form.getByRole('button', { name: 'Create reply' }).click();
  await expect(page.getByRole('region', { name: 'Looking into it' })).toContainText('{{ticket.subject}}');

  await page.goto(`/tickets/${ticketId}`);
  await page.getByLabel('Message').fill('Hello,');
  await page.getByRole('button', { name: 'Insert reply' }).click();
  await page.getByRole('dialog', { name: 'Insert a canned reply' }).getByRole('button', { name: /Looking into it/ }).click();
  await expect(page.getByLabel('Message')).toHaveValue(`Hello,\nWe are looking into “VPN drops ${tag}” now. Sam Support`);
  await page.screenshot({ path: 'e2e/artifacts/console-canned-reply-inserted.png', fullPage: true });
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(page.getByText(`We are looking into “VPN drops ${tag}” now. Sam Support`)).toBeVisible();
});

test('a script is rolled back to version 1 from its Versions tab', async ({ page }) => {
  const { tag, auth, orgId } = await setUp(page, 'Versions');
  const body = { name: `Cleanup ${tag}`, osTypes: ['linux'], language: 'bash' };
  const created = await page.request.post('/api/v1/scripts', { headers: auth, data: { ...body, orgId, content: 'echo first\n' } });
  expect(created.status()).toBe(201);
  const scriptId = (await created.json()).id as string;
  expect((await page.request.put(`/api/v1/scripts/${scriptId}`, { headers: auth, data: { ...body, content: 'echo second\n', note: 'Second pass' } })).status()).toBe(200);

  await page.goto(`/scripts/${scriptId}`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByTestId('script-versions');
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row', { name: /v2/ })).toContainText('current');
  await expect(versions.getByRole('row', { name: /v2/ })).toContainText('Second pass');

  await page.getByRole('button', { name: 'View version 1' }).click();
  await expect(page.getByTestId('version-content')).toHaveText('echo first');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Roll back to this version' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rolled back to version 1, saved as version 3' })).toBeVisible();
  await expect(versions.getByRole('row', { name: /v3/ })).toContainText('Rollback to version 1');
  await page.screenshot({ path: 'e2e/artifacts/console-script-rollback.png', fullPage: true });

  await page.getByRole('tab', { name: 'Script' }).click();
  await expect(page.getByLabel('Script body')).toHaveValue('echo first\n');
  await expect(page.getByText(/· version 3$/)).toBeVisible();
});

test('an access review is started, each user decided and the review completed', async ({ page }) => {
  const { tag, auth } = await setUp(page, 'Reviews');
  const roles = (await (await page.request.get('/api/v1/users/roles', { headers: auth })).json()) as { data: { id: string; name: string }[] } | { id: string; name: string }[];
  const list = Array.isArray(roles) ? roles : roles.data;
  const technician = list.find((r) => r.name === 'Technician')!;
  const invited = await page.request.post('/api/v1/users/invite', { headers: auth, data: { email: `leaver-${tag}@e2e.test`, name: 'Lee Leaver', roleId: technician.id } });
  expect(invited.status()).toBe(201);

  await page.goto('/access-reviews');
  await page.getByRole('button', { name: 'Start the first review' }).click();
  await page.getByRole('form', { name: 'Start an access review' }).getByLabel('Name').fill(`Q4 review ${tag}`);
  await page.getByRole('button', { name: 'Start review' }).click();

  await expect(page.getByRole('heading', { name: `Q4 review ${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete review' })).toBeDisabled();
  await page.getByRole('button', { name: `Keep admin-${tag}@e2e.test` }).click();
  await page.getByLabel(`Note for leaver-${tag}@e2e.test`).fill('Left the company');
  await page.getByRole('button', { name: `Revoke leaver-${tag}@e2e.test` }).click();
  await expect(page.getByText('2 of 2 decided: 1 keep, 1 revoke.')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-access-review.png', fullPage: true });

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Complete review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review completed' })).toBeVisible();
  const items = page.getByTestId('review-items');
  await expect(items.getByRole('row', { name: /Lee Leaver/ })).toContainText('revoked');
  await expect(items.getByRole('row', { name: /Sam Support/ })).toContainText('kept');
});

test('a tag is renamed across the devices carrying it', async ({ page }) => {
  const { tag, auth, orgId } = await setUp(page, 'Tags');
  for (const [hostname, tags] of [[`pos-${tag}-1`, ['till', 'front']], [`pos-${tag}-2`, ['till']], [`nas-${tag}`, ['storage']]] as const) {
    expect((await page.request.post('/api/v1/devices/provision', { headers: auth, data: { hostname, orgId, tags } })).status()).toBe(201);
  }
  await page.goto('/tags');
  await page.getByRole('button', { name: /^till/ }).click();
  const card = page.getByRole('region', { name: 'Devices tagged “till”' });
  await expect(card.getByRole('row')).toHaveCount(3);
  await card.getByLabel('Rename tag').fill('point-of-sale');
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('button', { name: /^point-of-sale/ })).toContainText('2');
  await expect(page.getByRole('button', { name: /^till/ })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/console-tags.png', fullPage: true });
  const devices = await (await page.request.get('/api/v1/tags/devices?tags=point-of-sale', { headers: auth })).json();
  expect(devices.data.map((d: { hostname: string }) => d.hostname).sort()).toEqual([`pos-${tag}-1`, `pos-${tag}-2`]);
});
