import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Billing-Pass-5!';

test('a technician prices a catalog item, bills it through a contract and issues the generated invoice', async ({ browser, page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Billing MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const orgName = `Fabrikam ${tag}`;
  expect((await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: orgName } })).status()).toBe(201);

  // Catalog: the empty state leads to the form; a price with three decimals is refused before sending.
  await page.goto('/billing/catalog');
  await expect(page.getByText('No active catalog items')).toBeVisible();
  await page.getByRole('button', { name: 'Add your first item' }).click();
  const itemForm = page.getByRole('form', { name: 'Create item' });
  await itemForm.getByLabel('Name').fill(`Managed endpoint ${tag}`);
  await itemForm.getByLabel('SKU').fill(`ME-${tag}`);
  await itemForm.getByLabel('Unit price 1').fill('12.505');
  await itemForm.getByRole('button', { name: 'Create item' }).click();
  await expect(itemForm.getByText('at most 2 decimals')).toBeVisible();
  await itemForm.getByLabel('Unit price 1').fill('12.50');
  await itemForm.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByRole('heading', { name: `Managed endpoint ${tag}` })).toBeVisible();
  await expect(page.getByText('€12.50')).toBeVisible();

  // Contract: the API's validation message for a bad currency shows on the field.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contracts' }).click();
  await expect(page.getByText('No contracts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create a contract' }).click();
  const contractForm = page.getByRole('form', { name: 'New contract' });
  await contractForm.getByLabel('Organization').selectOption({ label: orgName });
  await contractForm.getByLabel('Name').fill(`Endpoint care ${tag}`);
  // The bad currency is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/contracts → 400/);
  await contractForm.getByLabel('Currency').fill('ZZZ');
  await contractForm.getByRole('button', { name: 'Create contract' }).click();
  await expect(contractForm.getByLabel('Currency')).toHaveAccessibleDescription(/Currency must be an ISO 4217 code/);
  await contractForm.getByLabel('Currency').fill('EUR');
  await contractForm.getByRole('button', { name: 'Create contract' }).click();
  await expect(page.getByRole('heading', { name: `Endpoint care ${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeDisabled();
  // The draft contract's details are editable in the same card as an invoice's.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const contractDetails = page.getByRole('form', { name: 'Edit contract' });
  await contractDetails.getByLabel('Payment terms (days)').fill('45');
  await contractDetails.getByRole('button', { name: 'Save' }).click();
  await expect(contractDetails).toHaveCount(0);
  await expect(page.getByText('45 days')).toBeVisible();

  // A recurring line priced from the catalog (price left blank), three of them, 20 % tax.
  await page.getByRole('button', { name: 'Add the first line' }).click();
  const lineForm = page.getByRole('form', { name: 'Add line' });
  await lineForm.getByLabel('Catalog item').selectOption({ label: `Managed endpoint ${tag} (ME-${tag})` });
  await expect(lineForm.getByText('Catalog price 12.50 EUR')).toBeVisible();
  await lineForm.getByLabel('Quantity').fill('3');
  await lineForm.getByLabel('Tax rate (%)').fill('20');
  await lineForm.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('cell', { name: `Managed endpoint ${tag}`, exact: true })).toBeVisible();
  await expect(page.getByText('× 3.00')).toBeVisible();

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: 'Generate invoice now' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate invoice now' }).click();

  // The generated draft: 3 × 12.50 = 37.50, plus 20 % = 45.00, computed by the API and shown exactly.
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('€45.00');
  // The draft's details are editable.
  await page.getByRole('button', { name: 'Edit', exact: true }).last().click();
  const details = page.getByRole('form', { name: 'Edit invoice' });
  await details.getByLabel('Payment terms (days)').fill('21');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByText('21 days')).toBeVisible();

  await page.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Issued' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^INV/ })).toBeVisible();
  const link = page.getByTestId('customer-link');
  await expect(link).toHaveText(/\/billing\/invoice\//);
  await page.screenshot({ path: 'e2e/artifacts/console-billing-issued-invoice.png', fullPage: true });

  // The PDF downloads through the authenticated API.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^INV.*\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The customer opens the link in their own browser (no console session, no account), with its PDF.
  const url = new URL((await link.textContent())!);
  const customer = await browser.newContext({ baseURL: new URL(page.url()).origin });
  networkLog.watch(customer);
  try {
    const customerPage = await customer.newPage();
    await customerPage.goto(url.pathname);
    await expect(customerPage.getByText(`Managed endpoint ${tag}`)).toBeVisible();
    await expect(customerPage.getByText(orgName)).toBeVisible();
    const pdf = await customer.request.get(url.pathname.replace('/billing/invoice/', '/api/v1/public/invoices/') + '/pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
  } finally {
    await customer.close();
  }

  // Back in the console, the list shows it as issued with its total.
  await page.goto('/billing/invoices');
  await page.getByRole('tab', { name: 'Issued' }).click();
  await expect(page.getByRole('link', { name: /^INV/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '€45.00' }).first()).toBeVisible();

  // Service management off: the service-desk and billing sections leave the navigation; documents stay readable.
  const off = await request.patch('/api/v1/orgs/partners/me', { headers: { authorization: `Bearer ${token}` }, data: { serviceManagementMode: 'off' } });
  expect(off.status()).toBe(200);
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Integrate' }).click();
  await expect(nav.getByRole('link', { name: 'Webhooks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tickets' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^INV/ })).toBeVisible();
});
