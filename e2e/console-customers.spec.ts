import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { waitForEmail } from './helpers/mailbox';
import { badgePng } from './helpers/png';

const PASSWORD = 'Console-Customers-Pass-7!';

async function setUp(page: Page, name: string) {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `${name} MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}` } });
  expect(org.status()).toBe(201);
  return { tag, auth, orgId: (await org.json()).id as string, orgName: `Fabrikam ${tag}` };
}

test('a contact is added to an organization and invited to the customer portal', async ({ page, networkLog }) => {
  const { tag, orgId } = await setUp(page, 'Contacts');
  await page.goto(`/organizations/${orgId}`);
  const contacts = page.getByRole('region', { name: 'Contacts' });
  await expect(contacts.getByText('No contacts yet')).toBeVisible();

  await contacts.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('form', { name: 'New contact' });
  // The envelope's validation message shows inline on the field.
  await form.getByLabel('Name').fill('Nina Network');
  // The malformed email is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/orgs\/contacts → 400/);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await form.getByLabel('Email').fill(`nina-${tag}@fabrikam.test`);
  await form.getByLabel('Title').fill('IT lead');
  await form.getByLabel('Technical').check();
  await form.getByRole('button', { name: 'Add contact' }).click();

  const row = page.getByTestId('contacts-table').getByRole('row', { name: /Nina Network/ });
  await expect(row).toContainText('Technical');
  await expect(row).toContainText('no access');
  await row.getByRole('button', { name: 'Invite to portal Nina Network' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Portal invitation sent to nina-${tag}@fabrikam.test` })).toBeVisible();
  await expect(row).toContainText('invited');
  await page.screenshot({ path: 'e2e/artifacts/console-contact-invited.png', fullPage: true });

  const email = await waitForEmail({ to: `nina-${tag}@fabrikam.test` });
  expect(email.text).toMatch(/https?:\/\/\S+/);

  // Disabling access asks first, then shows the new state.
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Disable portal access for Nina Network' }).click();
  await expect(row).toContainText('disabled');
});

test('a three-row contacts CSV is previewed and imported', async ({ page }) => {
  const { tag, orgName } = await setUp(page, 'Contact import');
  await page.goto('/import/contacts');
  const csv = [
    'organization,name,email,phone,title,roles',
    `${orgName},Ada Admin,ada-${tag}@fabrikam.test,,Office manager,admin;billing`,
    `${orgName},Ben Backup,ben-${tag}@fabrikam.test,+1 555 0100,,technical`,
    `${orgName},,,+1 555 0199,,after_hours`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const preview = page.getByTestId('import-preview');
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview).toContainText('create');
  await expect(preview).not.toContainText('conflict');
  await page.screenshot({ path: 'e2e/artifacts/console-contact-import-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Import 3 rows' }).click();

  await expect(page.getByTestId('import-result')).toContainText('3 contacts created');
  await expect(page.getByTestId('import-result')).toContainText('0 errors');
  await page.getByRole('link', { name: `See contacts of ${orgName}` }).click();
  const table = page.getByTestId('contacts-table');
  await expect(table.getByRole('row', { name: /Ada Admin/ })).toContainText('Billing');
  await expect(table.getByRole('row', { name: /Ben Backup/ })).toContainText('Technical');
  await expect(table).toContainText('+1 555 0199');
});

test('a dynamic group is created and its rules preview the matching devices', async ({ page }) => {
  const { tag, auth, orgId, orgName } = await setUp(page, 'Groups');
  for (const hostname of [`web-${tag}-1`, `web-${tag}-2`, `db-${tag}-1`]) {
    const res = await page.request.post('/api/v1/devices/provision', { headers: auth, data: { hostname, orgId, osType: 'linux' } });
    expect(res.status()).toBe(201);
  }

  await page.goto('/groups');
  await expect(page.getByText('No device groups yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create a group' }).click();
  const form = page.getByRole('form', { name: 'New device group' });
  await form.getByLabel('Name').fill(`Web servers ${tag}`);
  await form.getByLabel('Organization').selectOption({ label: orgName });
  await form.getByLabel('Condition 1 field').selectOption('hostname');
  await form.getByLabel('Condition 1 operator').selectOption('starts_with');
  await form.getByLabel('Condition 1 value').fill(`web-${tag}`);
  await form.getByRole('button', { name: 'Create group' }).click();

  await expect(page.getByRole('heading', { name: `Web servers ${tag}` })).toBeVisible();
  await expect(page.getByTestId('group-members')).toContainText(`web-${tag}-1`);
  await expect(page.getByTestId('group-members')).not.toContainText(`db-${tag}-1`);

  await page.getByRole('tab', { name: 'Rules and preview' }).click();
  const preview = page.getByTestId('group-preview');
  await expect(preview).toContainText('2 devices would be members');
  // Widening the rule previews the change before it is saved.
  await page.getByRole('button', { name: '+ Add condition' }).click();
  await page.getByLabel('Devices matching').selectOption('any');
  await page.getByLabel('Condition 2 value').fill(`db-${tag}`);
  await page.getByLabel('Condition 2 operator').selectOption('starts_with');
  await expect(preview).toContainText('3 devices would be members with these rules: 1 joining');
  await expect(preview).toContainText(`db-${tag}-1`);
  await page.screenshot({ path: 'e2e/artifacts/console-group-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rules saved' })).toBeVisible();

  await page.getByRole('tab', { name: 'Membership log' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`db-${tag}-1`);
  await expect(page.getByRole('tabpanel')).toContainText('rule match');
});

test('portal branding is set for the partner, with a logo, and overridden for one organization', async ({ page, networkLog }) => {
  const { tag, auth, orgId } = await setUp(page, 'Branding');
  await page.goto('/settings/partner');
  const partner = page.getByRole('form', { name: 'Portal branding' });
  await partner.getByLabel('Portal name').fill(`Help desk ${tag}`);
  await partner.getByLabel('Primary colour', { exact: true }).fill('#7c3aed');
  // The malformed support email is meant to come back as a 400 with its field error.
  networkLog.allow(/PATCH \S+\/api\/v1\/orgs\/partners\/me\/portal-branding → 400/);
  await partner.getByLabel('Support email').fill('not-an-email');
  await partner.getByRole('button', { name: 'Save branding' }).click();
  // The envelope's validation error lands on its field; nothing is saved.
  await expect(partner.getByRole('alert').first()).toBeVisible();
  await partner.getByLabel('Support email').fill(`help-${tag}@msp.test`);
  await partner.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Branding saved' })).toBeVisible();

  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: badgePng('#7c3aed', '#ffffff') });
  await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded' })).toBeVisible();
  await expect(page.getByTestId('branding-logo-preview')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/console-partner-branding.png', fullPage: true });

  const stored = await (await page.request.get('/api/v1/orgs/partners/me/portal-branding', { headers: auth })).json();
  expect(stored).toMatchObject({ name: `Help desk ${tag}`, primaryColor: '#7c3aed', supportEmail: `help-${tag}@msp.test` });
  expect(stored.logo).toMatchObject({ contentType: 'image/png' });

  // The organization inherits until it overrides a field; resetting asks first.
  await page.goto(`/organizations/${orgId}`);
  const org = page.getByRole('form', { name: 'Portal branding' });
  await expect(org.getByText(`Inherits: Help desk ${tag}`)).toBeVisible();
  await org.getByLabel('Portal name').fill(`Northwind support ${tag}`);
  await org.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Branding saved' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Portal preview' })).toContainText(`Northwind support ${tag}`);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Use partner branding' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'now uses the partner’s branding' })).toBeVisible();
  await expect(org.getByLabel('Portal name')).toHaveValue('');
});
