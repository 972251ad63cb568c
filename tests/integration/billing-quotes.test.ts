import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { newCatalogItem, seedStaticGroup } from '../helpers/billing';
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
  admin = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  item = await newCatalogItem(admin, { name: 'Managed server', prices: [{ currency: 'EUR', unitPrice: '80.00' }, { currency: 'USD', unitPrice: '90.00' }] });
});

beforeEach(() => clearQueuedEmails());

async function newQuote(body: Record<string, unknown> = {}) {
  const res = await api.post('/quotes', {
    token: admin,
    body: {
      orgId: orgA.id,
      title: 'Managed services 2027',
      currency: 'EUR',
      recipientEmail: 'Buyer@Contoso.test',
      blocks: [{ title: 'Scope', body: 'Monitoring and patching of every server.' }],
      lines: [
        { type: 'manual', catalogItemId: item.id, quantity: '2', taxRate: '20' },
        { type: 'per_device', description: 'Workstations', unitPrice: '25', deviceSetType: 'role', roles: ['workstation'], includedQuantity: 10 },
        { type: 'one_time', description: 'Onboarding', unitPrice: '499.99', sortOrder: 5 },
      ],
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const tokenFromMail = (text: string) => /\/billing\/quote\/([\w.-]+)/.exec(text)![1];

describe('quotes', () => {
  it('refuses an unknown or foreign catalog item even when description and unitPrice are given', async () => {
    const foreign = await newCatalogItem(adminB, { prices: [{ currency: 'EUR', unitPrice: '1' }] });
    const q = await newQuote();
    for (const catalogItemId of ['00000000-0000-4000-8000-000000000000', foreign.id]) {
      const line = { type: 'manual', catalogItemId, description: 'x', unitPrice: '1' };
      const created = await api.post('/quotes', { token: admin, body: { orgId: orgA.id, title: 'Bad item', currency: 'EUR', lines: [line] } });
      expect([created.status, created.body.error?.code]).toEqual([400, 'CATALOG_ITEM_NOT_FOUND']);
      const added = await api.post(`/quotes/${q.quote.id}/lines`, { token: admin, body: line });
      expect([added.status, added.body.error?.code]).toEqual([400, 'CATALOG_ITEM_NOT_FOUND']);
    }
    expect(await db.quoteLine.count({ where: { quoteId: q.quote.id } })).toBe(3);
  });

  it('returns exactly the spec’s detail shape', async () => {
    const created = await newQuote();
    const res = await api.get(`/quotes/${created.quote.id}`, { token: admin });
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(['blocks', 'branding', 'distributorOrderId', 'distributorOrderLineCount', 'lines', 'quote']);
    const d = res.body.data;
    expect(d.distributorOrderId).toBeNull();
    expect(d.distributorOrderLineCount).toBe(0);
    expect(d.quote).toMatchObject({ id: created.quote.id, status: 'draft', currency: 'EUR', recipientEmail: 'buyer@contoso.test', subtotal: '909.99', taxTotal: '32.00', total: '941.99' });
    expect(d.blocks).toEqual([{ id: expect.any(String), title: 'Scope', body: 'Monitoring and patching of every server.', sortOrder: 0 }]);
    expect(d.lines.map((l: { type: string; amount: string }) => [l.type, l.amount])).toEqual([
      ['manual', '160.00'],
      ['per_device', '250.00'],
      ['one_time', '499.99'],
    ]);
    expect(d.branding).toMatchObject({ name: 'Acme IT', colors: { primary: expect.any(String) } });
  });

  it('patches lines strictly: device-set fields yes, type and device-set type no', async () => {
    const q = await newQuote();
    const perDevice = q.lines.find((l: { type: string }) => l.type === 'per_device');
    const path = `/quotes/${q.quote.id}/lines/${perDevice.id}`;
    const ok = await api.patch(path, { token: admin, body: { roles: ['server', 'Workstation'], includedQuantity: 12, overageMode: 'flag', overagePrice: '30' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ roles: ['server', 'workstation'], includedQuantity: 12, overageMode: 'flag', overagePrice: '30.00', deviceSetType: 'role' });
    for (const [body, code] of [
      [{ colour: 'red' }, 'VALIDATION_ERROR'],
      [{ type: 'manual' }, 'INVALID_LINE_PATCH'],
      [{ deviceSetType: 'site' }, 'INVALID_LINE_PATCH'],
      [{}, 'INVALID_LINE_PATCH'],
      [{ groupId: '00000000-0000-4000-8000-000000000000' }, 'INVALID_LINE_PATCH'],
      [{ quantity: '3' }, 'INVALID_LINE_PATCH'],
      [{ overagePrice: '1.999' }, 'VALIDATION_ERROR'],
    ] as const) {
      const res = await api.patch(path, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    expect((await api.patch(`/quotes/${q.quote.id}/lines/00000000-0000-4000-8000-000000000000`, { token: admin, body: { description: 'x' } })).body.error.code).toBe('LINE_NOT_FOUND');
    // A group line can move to another group of the organization, never to another organization's.
    const site = await makeSite(orgA);
    const groupA = await seedStaticGroup(orgA, []);
    const otherOrg = await makeOrg(partnerA.id);
    const groupOther = await seedStaticGroup(otherOrg, []);
    const line = await api.post(`/quotes/${q.quote.id}/lines`, { token: admin, body: { type: 'per_device', description: 'Front desk', unitPrice: '5', deviceSetType: 'group', groupId: groupA.id } });
    expect(line.status).toBe(201);
    expect((await api.patch(`/quotes/${q.quote.id}/lines/${line.body.data.id}`, { token: admin, body: { groupId: groupOther.id } })).body.error.code).toBe('GROUP_NOT_IN_ORG');
    expect((await api.post(`/quotes/${q.quote.id}/lines`, { token: admin, body: { type: 'per_device', description: 'x', unitPrice: '5', deviceSetType: 'site', siteId: site.id } })).status).toBe(201);
    const row = await db.quoteLine.findUniqueOrThrow({ where: { id: line.body.data.id } });
    expect(row.groupId).toBe(groupA.id);
  });

  it('sends, lets the customer accept through the link, and converts into a contract and an invoice', async () => {
    const q = await newQuote();
    const id = q.quote.id;
    const sent = await api.post(`/quotes/${id}/send`, { token: admin });
    expect(sent.body.data.quote).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect((await api.patch(`/quotes/${id}`, { token: admin, body: { title: 'Late edit' } })).body.error.code).toBe('QUOTE_NOT_DRAFT');
    const [mail] = await queuedEmails('buyer@contoso.test');
    expect(mail.subject).toBe('Quote: Managed services 2027');
    const token = tokenFromMail(mail.text);
    const view = await api.get(`/public/quotes/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data.quote).toMatchObject({ id, status: 'sent', total: '941.99' });
    expect(view.body.data.quote.partnerId).toBeUndefined();
    expect((await api.get(`/public/quotes/${token}x`)).status).toBe(404);
    assertValidPdf((await api.get(`/public/quotes/${token}/pdf`)).bytes);
    const accepted = await api.post(`/public/quotes/${token}/accept`);
    expect(accepted.body.data.quote.status).toBe('accepted');
    expect((await api.post(`/public/quotes/${token}/decline`)).body.error.code).toBe('INVALID_STATUS_TRANSITION');

    const converted = await api.post(`/quotes/${id}/convert`, { token: admin, body: { startDate: '2027-01-01' } });
    expect(converted.status).toBe(200);
    const cq = converted.body.data.quote;
    expect(cq).toMatchObject({ status: 'converted', contractId: expect.any(String), invoiceId: expect.any(String) });
    const contract = (await api.get(`/contracts/${cq.contractId}`, { token: admin })).body.data;
    expect(contract).toMatchObject({ status: 'draft', name: 'Managed services 2027', startDate: '2027-01-01', quoteId: id, currency: 'EUR' });
    expect(contract.lines.map((l: { type: string; manualQuantity: string | null }) => [l.type, l.manualQuantity])).toEqual([
      ['manual', '2.00'],
      ['per_device', null],
    ]);
    const invoice = (await api.get(`/invoices/${cq.invoiceId}`, { token: admin })).body.data;
    expect(invoice).toMatchObject({ status: 'draft', quoteId: id, total: '499.99', recipientEmail: 'buyer@contoso.test' });
    expect((await api.post(`/quotes/${id}/convert`, { token: admin, body: {} })).body.error.code).toBe('INVALID_STATUS_TRANSITION');
  });

  it('gives staff the customer link of a sent quote: the one the email carries, none for drafts, 404 for other partners', async () => {
    const q = await newQuote();
    const id = q.quote.id;
    const draft = await api.get(`/quotes/${id}/public-link`, { token: admin });
    expect(draft.status).toBe(409);
    expect(draft.body.error.code).toBe('QUOTE_NOT_SENT');
    await api.post(`/quotes/${id}/send`, { token: admin });
    const [mail] = await queuedEmails('buyer@contoso.test');
    const res = await api.get(`/quotes/${id}/public-link`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ token: tokenFromMail(mail.text), linkVersion: expect.any(Number) });
    expect(res.body.data.url).toMatch(new RegExp(`/billing/quote/${res.body.data.token.replace(/[.]/g, '\\.')}$`));
    expect((await api.get(`/quotes/${id}/public-link`, { token: admin })).body.data.url).toBe(res.body.data.url);
    expect((await api.get(`/public/quotes/${res.body.data.token}`)).body.data.quote.id).toBe(id);
    expect((await api.get(`/quotes/${id}/public-link`, { token: adminB })).status).toBe(404);
  });

  it('expires a sent quote past validUntil and refuses the answer', async () => {
    const q = await newQuote({ validUntil: '2099-12-31' });
    await api.post(`/quotes/${q.quote.id}/send`, { token: admin });
    await db.quote.update({ where: { id: q.quote.id }, data: { validUntil: new Date('2020-01-01T00:00:00Z') } });
    const res = await api.post(`/quotes/${q.quote.id}/accept`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('QUOTE_EXPIRED');
    expect((await db.quote.findUniqueOrThrow({ where: { id: q.quote.id } })).status).toBe('expired');
    const declined = await newQuote();
    await api.post(`/quotes/${declined.quote.id}/send`, { token: admin });
    expect((await api.post(`/quotes/${declined.quote.id}/decline`, { token: admin })).body.data.quote.status).toBe('declined');
  });

  it('bulk-sends and bulk-deletes (drafts only) with per-item results', async () => {
    const a = await newQuote();
    const noRecipient = await newQuote({ recipientEmail: null });
    const empty = await newQuote({ lines: [] });
    const send = await api.post('/quotes/bulk-send', { token: admin, body: { ids: [a.quote.id, noRecipient.quote.id, empty.quote.id, a.quote.id] } });
    expect(send.body).toMatchObject({ updated: 1, failed: 2, skipped: 0 });
    expect(send.body.results.map((r: { error?: { code: string } }) => r.error?.code ?? 'ok')).toEqual(['ok', 'NO_RECIPIENT', 'QUOTE_EMPTY']);
    expect(await queuedEmails('buyer@contoso.test')).toHaveLength(1);
    const del = await api.post('/quotes/bulk-delete', { token: admin, body: { ids: [a.quote.id, noRecipient.quote.id] } });
    expect(del.body.results.map((r: { result: string; error?: { code: string } }) => r.error?.code ?? r.result)).toEqual(['QUOTE_NOT_DRAFT', 'updated']);
    expect(await db.quote.count({ where: { id: { in: [a.quote.id, noRecipient.quote.id] } } })).toBe(1);
  });

  it('renders a PDF and changes a draft’s currency by re-pricing', async () => {
    const q = await newQuote({ lines: [{ type: 'manual', catalogItemId: item.id }] });
    const pdf = await api.get(`/quotes/${q.quote.id}/pdf`, { token: admin });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(pdf.bytes)).toContain('Managed services 2027');
    expect((await api.post(`/quotes/${q.quote.id}/currency`, { token: admin, body: { currency: 'USD' } })).body.error.code).toBe('LINE_ACTION_REQUIRED');
    const usd = await api.post(`/quotes/${q.quote.id}/currency`, { token: admin, body: { currency: 'USD', reprice: true } });
    expect(usd.body.data.quote).toMatchObject({ currency: 'USD', total: '90.00' });
  });

  it('keeps other partners out (404, unchanged)', async () => {
    const q = await newQuote();
    const line = q.lines[0];
    for (const res of [
      await api.get(`/quotes/${q.quote.id}`, { token: adminB }),
      await api.patch(`/quotes/${q.quote.id}`, { token: adminB, body: { title: 'Mine' } }),
      await api.patch(`/quotes/${q.quote.id}/lines/${line.id}`, { token: adminB, body: { description: 'Mine' } }),
      await api.post(`/quotes/${q.quote.id}/send`, { token: adminB }),
      await api.delete(`/quotes/${q.quote.id}`, { token: adminB }),
      await api.get(`/quotes/${q.quote.id}/pdf`, { token: adminB }),
    ]) expect(res.status).toBe(404);
    const bulk = await api.post('/quotes/bulk-delete', { token: adminB, body: { ids: [q.quote.id] } });
    expect(bulk.body.results[0].error.code).toBe('NOT_FOUND');
    const row = await db.quote.findUniqueOrThrow({ where: { id: q.quote.id }, include: { lines: true } });
    expect(row).toMatchObject({ title: 'Managed services 2027', status: 'draft' });
  });
});
