// A technician builds a saved filter in the device list: conditions in the rule editor, the live
// count of matching devices, save (the filter lands in the URL), reload, and pick it again.
import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { adminToken, seedPartnerAdmin, seedPartnerUser } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Filters-Pass-7!';

test('a technician builds, previews, saves and picks a saved device filter', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Filters MSP ${tag}`, PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(page.request, admin, PASSWORD)}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Northwind ${tag}` } });
  expect(org.status()).toBe(201);
  const orgId = (await org.json()).id as string;
  for (const [hostname, osType] of [[`web-${tag}-1`, 'linux'], [`web-${tag}-2`, 'windows'], [`web-${tag}-3`, 'linux'], [`db-${tag}-1`, 'linux']]) {
    const res = await page.request.post('/api/v1/devices/provision', { headers: auth, data: { hostname, orgId, osType } });
    expect(res.status()).toBe(201);
  }
  const tech = await seedPartnerUser(admin.partnerId, tag, 'Technician', PASSWORD);
  await signInConsole(page, tech, PASSWORD);

  await page.goto('/devices');
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table).toContainText(`db-${tag}-1`);
  const saved = page.getByRole('group', { name: 'Saved filters' });
  await saved.getByRole('button', { name: 'New filter' }).click();

  const form = page.getByRole('form', { name: 'New saved filter' });
  await form.getByLabel('Name').fill(`Linux web ${tag}`);
  await form.getByLabel('Condition 1 field').selectOption('hostname');
  await form.getByLabel('Condition 1 operator').selectOption('starts_with');
  await form.getByLabel('Condition 1 value').fill(`web-${tag}`);
  const preview = form.getByTestId('filter-preview');
  await expect(preview).toContainText('3 devices match');
  await form.getByRole('button', { name: '+ Add condition' }).click();
  await form.getByLabel('Condition 2 field').selectOption('osType');
  await form.getByLabel('Condition 2 value').selectOption('linux');
  await expect(preview).toContainText('2 devices match');
  await expect(preview).toContainText(`web-${tag}-1`);
  // A nested OR group narrows it further, and removing the group widens it back.
  await form.getByRole('button', { name: '+ Add group' }).click();
  await expect(preview).toContainText('Give every condition a value');
  await form.getByLabel('Condition 3.1 operator').selectOption('ends_with');
  await form.getByLabel('Condition 3.1 value').fill('-1');
  await form.getByRole('button', { name: 'Add condition to group 3' }).click();
  await form.getByLabel('Condition 3.2 field').selectOption('tags');
  await form.getByLabel('Condition 3.2 value').fill('never-used');
  await expect(preview).toContainText('1 device matches');
  await form.getByRole('button', { name: 'Remove group 3' }).click();
  await expect(preview).toContainText('2 devices match');
  await page.screenshot({ path: 'e2e/artifacts/console-saved-filter-editor.png', fullPage: true });
  await form.getByRole('button', { name: 'Save filter' }).click();

  await expect(page).toHaveURL(/[?&]filter=[0-9a-f-]{36}/);
  await expect(table).toContainText(`web-${tag}-3`);
  await expect(table).not.toContainText(`web-${tag}-2`);
  await expect(table).not.toContainText(`db-${tag}-1`);

  await page.reload();
  await expect(saved.getByLabel('Saved filter', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(table).toContainText(`web-${tag}-1`);
  await expect(table).not.toContainText(`db-${tag}-1`);

  await saved.getByLabel('Saved filter', { exact: true }).selectOption({ label: 'No saved filter' });
  await expect(table).toContainText(`db-${tag}-1`);
  await saved.getByLabel('Saved filter', { exact: true }).selectOption({ label: `Linux web ${tag}` });
  await expect(table).not.toContainText(`db-${tag}-1`);
  await expect(table).toContainText(`web-${tag}-3`);
  await page.screenshot({ path: 'e2e/artifacts/console-saved-filter-picked.png', fullPage: true });

  // Renamed through the editor; the picker follows.
  await saved.getByRole('button', { name: 'Edit filter' }).click();
  const edit = page.getByRole('form', { name: 'Edit saved filter' });
  await edit.getByLabel('Name').fill(`Linux web servers ${tag}`);
  await edit.getByRole('button', { name: 'Save filter' }).click();
  await expect(edit).toBeHidden();
  await expect(saved.getByLabel('Saved filter', { exact: true }).locator('option:checked')).toHaveText(`Linux web servers ${tag}`);
});
