import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { adminToken, seedPartnerAdmin } from './helpers/seed';
import { linkIn, waitForEmail } from './helpers/mailbox';

const ADMIN_PASSWORD = 'Partner-Admin-Pass-9!';

test('a customer opens the invoice link and answers a quote through its link, without an account', async ({ page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Northwind IT ${tag}`, ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(request, admin, ADMIN_PASSWORD)}` };
  const org = await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  const orgId = (await org.json()).id as string;

  // The MSP issues an invoice and shares its durable link.
  const invoice = await request.post('/api/v1/invoices', {
    headers: auth,
    data: { orgId, currency: 'EUR', recipientEmail: null, lines: [{ type: 'one_time', description: 'Firewall appliance', unitPrice: '1234.50', quantity: '1', taxRate: '20' }] },
  });
  expect(invoice.status()).toBe(201);
  const invoiceId = (await invoice.json()).data.id as string;
  expect((await request.post(`/api/v1/invoices/${invoiceId}/issue`, { headers: auth })).status()).toBe(200);
  const link = (await (await request.get(`/api/v1/invoices/${invoiceId}/public-link`, { headers: auth })).json()).data.url as string;
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Firewall appliance')).toBeVisible();
  await expect(page.getByText('Amount due: 1481.40 EUR', { exact: false })).toBeVisible();
  await expect(page.getByText(`Contoso ${tag}`)).toBeVisible();
  const pdf = await request.get(new URL(link).pathname.replace('/billing/invoice/', '/api/v1/public/invoices/') + '/pdf');
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // A reset revokes the link the customer had.
  await request.post(`/api/v1/invoices/${invoiceId}/reset-link`, { headers: auth });
  // The revoked link is meant to answer 404.
  networkLog.allow(/GET \S+\/billing\/invoice\/\S+ → 404/);
  const gone = await page.goto(new URL(link).pathname);
  expect(gone?.status()).toBe(404);

  // A sent quote is accepted from its link.
  const quote = await request.post('/api/v1/quotes', {
    headers: auth,
    data: { orgId, title: 'Managed workstations', currency: 'EUR', recipientEmail: `buyer-${tag}@contoso.test`, blocks: [{ title: 'Scope', body: 'Patching and monitoring.' }], lines: [{ type: 'manual', description: 'Helpdesk', unitPrice: '300' }] },
  });
  const quoteId = (await quote.json()).data.quote.id as string;
  expect((await request.post(`/api/v1/quotes/${quoteId}/send`, { headers: auth })).status()).toBe(200);
  const mail = await waitForEmail({ to: `buyer-${tag}@contoso.test`, subject: 'Quote: Managed workstations', timeoutMs: 30_000 });
  await page.goto(new URL(linkIn(mail, '/billing/quote/')).pathname);
  await expect(page.getByText('Patching and monitoring.')).toBeVisible();
  await page.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByText('You accepted this quote')).toBeVisible();
  expect((await (await request.get(`/api/v1/quotes/${quoteId}`, { headers: auth })).json()).data.quote.status).toBe('accepted');
});
