import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { startDistributorSandbox, type DistributorSandbox } from '@/sandbox/distributor/server';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Distri-Pass-7!';

// scripts/test.ts points the app's DISTRIBUTOR_API_URL at this port; the sandbox runs in this process.
let sandbox: DistributorSandbox;
test.beforeAll(async () => {
  const port = Number(process.env.E2E_DISTRIBUTOR_PORT);
  if (!port) throw new Error('E2E_DISTRIBUTOR_PORT is not set (run through scripts/test.ts)');
  sandbox = await startDistributorSandbox({ host: '127.0.0.1', port, clientId: 'e2e-client', clientSecret: 'e2e-secret' });
});
test.afterAll(async () => {
  await sandbox?.close();
});

test('a partner admin connects the distributor, maps a company and submits an order with a line', async ({ page, networkLog }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Distri MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  expect(org.status()).toBe(201);
  // A distributor product is orderable when a catalog item carries its vendor SKU.
  expect((await page.request.post('/api/v1/catalog', { headers: auth, data: { name: 'M365 Business Premium', sku: 'CFQ7TTC0LCHC', type: 'software_licence' } })).status()).toBe(201);
  page.on('dialog', (d) => void d.accept());

  // ——— Settings: test, save, first sync ———
  await page.goto('/distributor');
  const settings = page.getByRole('form', { name: 'Distributor connection' });
  await settings.getByLabel('Client ID').fill('e2e-client');
  await settings.getByLabel('Client secret').fill('wrong-secret');
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-test')).toContainText('Connection failed: Distributor refused the credentials');
  await settings.getByLabel('Client secret').fill('e2e-secret');
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-test')).toContainText('Connection works: the distributor lists 4 companies');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('A sync of companies, products and subscriptions is queued')).toBeVisible();
  // Write-only: the form never shows the stored secret, only a hint of the client id.
  await expect(settings.getByLabel('Client secret')).toHaveValue('');
  await expect(settings.getByText('Stored (ends in …ient)')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('succeeded', { timeout: 60_000 });
  await expect(page.getByTestId('sync-status')).toContainText('4 companies');

  // ——— Company mapping ———
  await page.getByRole('navigation', { name: 'Distributor sections' }).getByRole('link', { name: 'Companies' }).click();
  const contoso = page.getByRole('row', { name: /Contoso Ltd/ });
  await expect(contoso).toContainText('ready');
  await contoso.getByLabel('Organization for Contoso Ltd').selectOption({ label: `Contoso ${tag}` });
  await expect(contoso.getByLabel('Organization for Contoso Ltd')).toHaveValue((await org.json()).id);

  // ——— Products with live provisioning details ———
  await page.getByRole('navigation', { name: 'Distributor sections' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Details of Microsoft 365 Business Premium' }).click();
  await expect(page.getByText('Tenant domain')).toBeVisible();
  await expect(page.getByText('cmt-m365-annual')).toBeVisible();

  // ——— Order: open, add a line, preflight, submit ———
  await page.getByRole('navigation', { name: 'Distributor sections' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Organization for orders').selectOption({ label: `Contoso ${tag}` });
  await expect(page.getByText('No orders for this organization yet')).toBeVisible();
  await page.getByRole('button', { name: 'Open direct order' }).click();
  await expect(page).toHaveURL(/\/distributor\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('No lines yet')).toBeVisible();

  const add = page.getByRole('form', { name: 'Add a line' });
  await add.getByLabel('Product').selectOption({ label: 'Microsoft 365 Business Premium (CFQ7TTC0LCHC)' });
  await add.getByLabel('Tenant domain').fill(`contoso${tag}.onmicrosoft.com`);
  await add.getByLabel('Commitment term').selectOption('cmt-m365-monthly');
  // The zero quantity is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/distributor\/orders\/[^/]+\/lines → 400/);
  await add.getByLabel('Quantity').fill('0');
  await add.getByRole('button', { name: 'Add line' }).click();
  await expect(add.getByText('Must be greater than 0')).toBeVisible();
  await add.getByLabel('Quantity').fill('5');
  await add.getByRole('button', { name: 'Add line' }).click();
  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines.getByRole('row').nth(1)).toContainText('Microsoft 365 Business Premium');
  await expect(lines.getByRole('row').nth(1)).toContainText('pending');

  await page.getByRole('button', { name: 'Preflight' }).click();
  await expect(page.getByTestId('order-notice')).toContainText('Preflight passed');
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByTestId('order-notice')).toContainText('Submitted: every line succeeded');
  await expect(lines.getByRole('row').nth(1)).toContainText('succeeded');
  await expect(page.getByText('Status:')).toContainText('completed');
  await page.screenshot({ path: 'e2e/artifacts/console-distributor-order-submitted.png', fullPage: true });

  // The distributor received exactly one order with the line as staged.
  expect(sandbox.state.orders).toHaveLength(1);
  expect(sandbox.state.orders[0]).toMatchObject({ companyId: 'cmp-1001' });
  expect(sandbox.state.orders[0].lineItems[0]).toMatchObject({
    productId: 'prd-m365-bp',
    quantity: 5,
    billingTerm: 'Monthly',
    commitmentTermId: 'cmt-m365-monthly',
    provisioningDetails: [{ key: 'tenantDomain', values: [`contoso${tag}.onmicrosoft.com`] }],
  });
  // A submitted order is history: no submit button, no line editor.
  await expect(page.getByRole('button', { name: 'Submit order' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Add a line' })).toHaveCount(0);
});

test('the order page explains a submit lost to a concurrent one, and reconciles a line whose answer never came', async ({ page, networkLog }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Distri Race ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await page.request[method](`/api/v1${path}`, { headers: auth, ...(data !== undefined ? { data } : {}) });
    return { status: res.status(), body: await res.json().catch(() => null) };
  };
  const org = (await call('post', '/orgs/organizations', { name: `Race ${tag}` })).body;
  const item = (await call('post', '/catalog', { name: 'Backup', sku: 'ACB-1TB', type: 'software_licence' })).body.data;
  expect((await call('post', '/distributor/integration', { clientId: 'e2e-client', clientSecret: 'e2e-secret' })).status).toBe(200);
  await expect.poll(async () => (await call('get', '/distributor/integration')).body.data.syncStatus, { timeout: 60_000 }).toBe('succeeded');
  const integrationId = (await call('get', '/distributor/integration')).body.data.id;
  expect((await call('post', '/distributor/companies/map', { integrationId, distributorCompanyId: 'cmp-1004', orgId: org.id })).status).toBe(200);
  const line = { action: 'new_subscription', distributorProductId: 'prd-backup-1tb', catalogItemId: item.id, billingTerm: 'Monthly', quantity: '2' };
  const openOrder = async () => {
    const order = (await call('post', '/distributor/orders', { orgId: org.id })).body.data;
    const staged = await call('post', `/distributor/orders/${order.id}/lines`, line);
    expect(staged.status, JSON.stringify(staged.body)).toBe(201);
    return order.id as string;
  };
  page.on('dialog', (d) => void d.accept());
  const notice = page.getByTestId('order-notice');

  // The submit that loses to the concurrent one is meant to answer 409.
  networkLog.allow(/POST \S+\/api\/v1\/distributor\/orders\/[^/]+\/submit → 409/);
  // Someone else's submit is mid-flight (held at the distributor) when this person presses Submit.
  const first = await openOrder();
  await page.goto(`/distributor/orders/${first}`);
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('pending');
  sandbox.onNextRequest({ method: 'POST', path: '/orders' }, async () => {
    await page.getByRole('button', { name: 'Submit order' }).click();
    await expect(notice).toContainText('Someone else is submitting this order right now');
  });
  const other = await call('post', `/distributor/orders/${first}/submit`);
  expect(other).toMatchObject({ status: 200, body: { status: 'completed' } });
  await expect(page.getByText('Status:')).toContainText('completed');
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('succeeded');

  // The distributor applies the next order but the answer is lost: the line's outcome is unknown.
  const second = await openOrder();
  await page.goto(`/distributor/orders/${second}`);
  sandbox.addFault({ method: 'POST', path: '/orders', mode: 'drop' });
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(notice).toContainText('1 line(s) have an unknown outcome and need reconciling');
  const banner = page.getByRole('alert').filter({ hasText: 'need reconciling' });
  await expect(banner).toContainText('Do not order them again');
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('needs reconcile');
  await page.screenshot({ path: 'e2e/artifacts/console-distributor-needs-reconcile.png', fullPage: true });
  await banner.getByRole('button', { name: 'Reconcile' }).click();
  await expect(notice).toContainText('Reconciled 1 line(s).');
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('succeeded');
  await expect(banner).toHaveCount(0);
});
