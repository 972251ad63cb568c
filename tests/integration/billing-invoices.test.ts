import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { EmailMessage } from '@/lib/mail/schemas';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { newCatalogItem } from '../helpers/billing';
import { assertValidPdf, pdfText } from '../helpers/pdf';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let orgA: { id: string; partnerId: string };
let admin: string;
let adminB: string;
let item: { id: string };

beforeAll(async () => {
  partnerA = await makePartner({ name: 'Acme IT' });
  const partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  await db.organization.update({ where: { id: orgA.id }, data: { billingContact: { name: 'Ap', email: 'AP@Contoso.test' } } });
  admin = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  item = await newCatalogItem(admin, { name: 'Laptop', type: 'hardware', prices: [{ currency: 'EUR', unitPrice: '999.90' }, { currency: 'USD', unitPrice: '1099' }] });
});

beforeEach(() => clearQueuedEmails());

async function newInvoice(body: Record<string, unknown> = {}, token = admin, orgId = orgA.id) {
  const res = await api.post('/invoices', {
    token,
    body: { orgId, currency: 'EUR', lines: [{ type: 'one_time', catalogItemId: item.id, quantity: '2', taxRate: '19' }, { type: 'manual', description: 'Support', unitPrice: '0.10', quantity: '3' }], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('invoices', () => {
  it('refuses an unknown or foreign catalog item even when description and unitPrice are given', async () => {
    const foreign = await newCatalogItem(adminB, { prices: [{ currency: 'EUR', unitPrice: '1' }] });
    const inv = await newInvoice();
    for (const catalogItemId of ['00000000-0000-4000-8000-000000000000', foreign.id]) {
      const line = { type: 'manual', catalogItemId, description: 'x', unitPrice: '1' };
      const created = await api.post('/invoices', { token: admin, body: { orgId: orgA.id, currency: 'EUR', lines: [line] } });
      expect([created.status, created.body.error?.code]).toEqual([400, 'CATALOG_ITEM_NOT_FOUND']);
      const added = await api.post(`/invoices/${inv.id}/lines`, { token: admin, body: line });
      expect([added.status, added.body.error?.code]).toEqual([400, 'CATALOG_ITEM_NOT_FOUND']);
    }
    expect(await db.invoiceLine.count({ where: { invoiceId: inv.id } })).toBe(2);
  });

  it('computes exact totals and issues with number, dates, sent timestamp, email and PDF', async () => {
    const inv = await newInvoice({ paymentTermsDays: 14 });
    expect(inv).toMatchObject({ status: 'draft', number: null, recipientEmail: 'ap@contoso.test', subtotal: '2000.10', taxTotal: '379.96', total: '2380.06' });
    const issued = await api.post(`/invoices/${inv.id}/issue`, { token: admin });
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(issued.body.data).toMatchObject({ status: 'issued', number: 1, displayNumber: 'INV-00001', issueDate: today, dueDate: due, sentAt: expect.any(String) });
    const [mail] = (await queuedEmails('ap@contoso.test')) as unknown as EmailMessage[];
    expect(mail.subject).toBe('Invoice INV-00001 from Acme IT');
    expect(mail.attachments![0]).toMatchObject({ filename: 'INV-00001.pdf', contentType: 'application/pdf' });
    expect(await pdfText(Buffer.from(mail.attachments![0].contentBase64, 'base64'))).toContain('INV-00001');
    const pdf = await api.get(`/invoices/${inv.id}/pdf`, { token: admin });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(pdf.bytes)).toContain('2380.06');
    expect((await api.post(`/invoices/${inv.id}/issue`, { token: admin })).body.error.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await api.patch(`/invoices/${inv.id}`, { token: admin, body: { notes: 'x' } })).body.error.code).toBe('INVOICE_NOT_DRAFT');
    expect((await api.post(`/invoices/${inv.id}/lines`, { token: admin, body: { type: 'manual', description: 'x', unitPrice: '1' } })).body.error.code).toBe('INVOICE_NOT_DRAFT');
    const paid = await api.post(`/invoices/${inv.id}/mark-paid`, { token: admin, body: {} });
    expect(paid.body.data).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
  });

  it('numbers sequentially without gaps under 20 concurrent issues', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const token = await tokenFor(await makePartnerUser(partner));
    const ids: string[] = [];
    const plain = { recipientEmail: null, lines: [{ type: 'manual', description: 'Retainer', unitPrice: '100' }] };
    for (let i = 0; i < 20; i++) ids.push((await newInvoice(plain, token, org.id)).id);
    const results = await Promise.all(ids.map((id) => api.post(`/invoices/${id}/issue`, { token })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(results.map((r) => r.body.data.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // An empty draft fails and gives no number away.
    const empty = await newInvoice({ lines: [] }, token, org.id);
    const next = await newInvoice(plain, token, org.id);
    const bulk = await api.post('/invoices/bulk-issue', { token, body: { ids: [empty.id, next.id] } });
    expect(bulk.body.results.map((r: { result: string; error?: { code: string } }) => r.error?.code ?? r.result)).toEqual(['INVOICE_EMPTY', 'updated']);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: next.id } })).number).toBe(21);
  });

  it('resends without restamping number, dates or sent timestamp', async () => {
    const inv = await newInvoice();
    const issued = (await api.post(`/invoices/${inv.id}/issue`, { token: admin })).body.data;
    await db.invoice.update({ where: { id: inv.id }, data: { issueDate: new Date('2026-01-02T00:00:00Z'), dueDate: new Date('2026-02-01T00:00:00Z'), sentAt: new Date('2026-01-02T09:00:00Z') } });
    const resent = await api.post(`/invoices/${inv.id}/resend`, { token: admin });
    expect(resent.body.data).toMatchObject({ number: issued.number, issueDate: '2026-01-02', dueDate: '2026-02-01', sentAt: '2026-01-02T09:00:00.000Z', resendCount: 1, lastResentAt: expect.any(String) });
    expect(await queuedEmails('ap@contoso.test')).toHaveLength(2);
    const draft = await newInvoice();
    expect((await api.post(`/invoices/${draft.id}/resend`, { token: admin })).body.error.code).toBe('INVOICE_NOT_ISSUED');
  });

  it('keeps a durable public link until reset, which revokes every earlier link', async () => {
    const inv = await newInvoice();
    expect((await api.get(`/invoices/${inv.id}/public-link`, { token: admin })).body.error.code).toBe('INVOICE_NOT_ISSUED');
    await api.post(`/invoices/${inv.id}/issue`, { token: admin });
    const first = (await api.get(`/invoices/${inv.id}/public-link`, { token: admin })).body.data;
    expect((await api.get(`/invoices/${inv.id}/public-link`, { token: admin })).body.data).toEqual(first);
    const mailed = /\/billing\/invoice\/([\w.-]+)/.exec((await queuedEmails('ap@contoso.test'))[0].text)![1];
    expect(mailed).toBe(first.token);
    expect(first.url).toMatch(/\/billing\/invoice\/[\w.-]+$/);
    const view = await api.get(`/public/invoices/${first.token}`);
    expect(view.body.data).toMatchObject({ customerName: 'Contoso', amountDue: '2380.06', invoice: { displayNumber: expect.any(String), total: '2380.06' }, branding: { name: 'Acme IT' } });
    assertValidPdf((await api.get(`/public/invoices/${first.token}/pdf`)).bytes);
    const second = (await api.post(`/invoices/${inv.id}/reset-link`, { token: admin })).body.data;
    const third = (await api.post(`/invoices/${inv.id}/reset-link`, { token: admin })).body.data;
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
    for (const old of [first.token, second.token]) {
      expect((await api.get(`/public/invoices/${old}`)).status).toBe(404);
      expect((await api.get(`/public/invoices/${old}/pdf`)).status).toBe(404);
    }
    expect((await api.get(`/public/invoices/${third.token}`)).status).toBe(200);
    expect((await api.get(`/public/quotes/${third.token}`)).status).toBe(404);
  });

  it('voids with a shared reason, deletes drafts only, per-item results', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    const draft = await newInvoice();
    await api.post('/invoices/bulk-issue', { token: admin, body: { ids: [a.id, b.id] } });
    const voided = await api.post('/invoices/bulk-void', { token: admin, body: { ids: [a.id, b.id, draft.id], reason: 'Billed twice' } });
    expect(voided.body).toMatchObject({ updated: 2, failed: 1 });
    expect(voided.body.results[2].error.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await api.post('/invoices/bulk-void', { token: admin, body: { ids: [a.id], reason: 'Again' } })).body.skipped).toBe(1);
    const rows = await db.invoice.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(rows.map((r) => [r.status, r.voidReason])).toEqual([
      ['void', 'Billed twice'],
      ['void', 'Billed twice'],
    ]);
    expect((await api.post('/invoices/bulk-void', { token: admin, body: { ids: [a.id] } })).status).toBe(400);
    const del = await api.post('/invoices/bulk-delete', { token: admin, body: { ids: [draft.id, a.id] } });
    expect(del.body.results.map((r: { result: string; error?: { code: string } }) => r.error?.code ?? r.result)).toEqual(['updated', 'INVOICE_NOT_DRAFT']);
  });

  it('edits draft lines, changes currency by re-pricing or clearing', async () => {
    const inv = await newInvoice();
    const custom = inv.lines.find((l: { description: string }) => l.description === 'Support');
    expect((await api.patch(`/invoices/${inv.id}/lines/${custom.id}`, { token: admin, body: {} })).body.error.code).toBe('INVALID_LINE_PATCH');
    expect((await api.patch(`/invoices/${inv.id}/lines/${custom.id}`, { token: admin, body: { type: 'one_time' } })).body.error.code).toBe('INVALID_LINE_PATCH');
    expect((await api.patch(`/invoices/${inv.id}/lines/${custom.id}`, { token: admin, body: { quantity: '10' } })).body.data).toMatchObject({ quantity: '10.00', subtotal: '1.00' });
    expect((await api.delete(`/invoices/${inv.id}/lines/00000000-0000-4000-8000-000000000000`, { token: admin })).body.error.code).toBe('INVOICE_LINE_NOT_FOUND');
    expect((await api.post(`/invoices/${inv.id}/currency`, { token: admin, body: { currency: 'USD', reprice: true } })).body.error.code).toBe('LINE_NOT_REPRICEABLE');
    expect((await api.post(`/invoices/${inv.id}/currency`, { token: admin, body: { currency: 'USD' } })).body.error.code).toBe('LINE_ACTION_REQUIRED');
    await api.delete(`/invoices/${inv.id}/lines/${custom.id}`, { token: admin });
    const usd = await api.post(`/invoices/${inv.id}/currency`, { token: admin, body: { currency: 'USD', reprice: true } });
    expect(usd.body.data).toMatchObject({ currency: 'USD', subtotal: '2198.00' });
    const cleared = await api.post(`/invoices/${inv.id}/currency`, { token: admin, body: { currency: 'GBP', clearLines: true } });
    expect(cleared.body.data).toMatchObject({ currency: 'GBP', lines: [], total: '0.00' });
  });

  it('sums 500 lines exactly through the database (no float drift)', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({ type: 'manual', description: `Line ${i}`, unitPrice: '0.10', quantity: '3', taxRate: '19' }));
    const inv = await newInvoice({ lines });
    // Each line: 0.30 + 0.057 → 0.06 tax; 500 lines: 150.00 + 30.00.
    expect(inv).toMatchObject({ subtotal: '150.00', taxTotal: '30.00', total: '180.00' });
    const big = await newInvoice({ lines: [{ type: 'manual', description: 'Big', unitPrice: '9999999999.99', quantity: '9999999999.99' }] });
    expect(big.total).toBe('99999999999800000000.00');
  });

  it('keeps other partners out (404, unchanged)', async () => {
    const inv = await newInvoice();
    await api.post(`/invoices/${inv.id}/issue`, { token: admin });
    for (const res of [
      await api.get(`/invoices/${inv.id}`, { token: adminB }),
      await api.get(`/invoices/${inv.id}/pdf`, { token: adminB }),
      await api.get(`/invoices/${inv.id}/public-link`, { token: adminB }),
      await api.post(`/invoices/${inv.id}/reset-link`, { token: adminB }),
      await api.post(`/invoices/${inv.id}/void`, { token: adminB, body: { reason: 'x' } }),
      await api.post(`/invoices/${inv.id}/resend`, { token: adminB }),
      await api.delete(`/invoices/${inv.id}`, { token: adminB }),
    ]) expect(res.status).toBe(404);
    const row = await db.invoice.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row).toMatchObject({ status: 'issued', linkVersion: 1, resendCount: 0 });
  });
});
