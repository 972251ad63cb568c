// Invoices and quotes for customers whose names are not in Latin-1: the text a reader extracts
// from the PDF is the text we stored (no '?' in its place), set in embedded font subsets.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import type { EmailMessage } from '@/lib/mail/schemas';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { embeddedFonts, pdfText } from '../helpers/pdf';

let partnerId: string;
let admin: string;

beforeAll(async () => {
  const partner = await makePartner({ name: 'Zakład Serwisowy Łódź' });
  partnerId = partner.id;
  admin = await tokenFor(await makePartnerUser(partner));
});

beforeEach(() => clearQueuedEmails());

const CUSTOMERS = [
  { name: 'Łódź Użytkownik', line: 'Wsparcie techniczne — zażółć gęślą jaźń', cjk: false },
  { name: 'Иван Петров', line: 'Обслуживание серверов (Ελληνικά: συντήρηση)', cjk: false },
  { name: '東京株式会社', line: '保守サービス 東京本社', cjk: true },
];

function expectNoReplacement(text: string) {
  // None of the stored texts holds a '?': one in the PDF would be a character the writer could not encode.
  expect(text).not.toContain('?');
  expect(text).not.toContain('\ufffd');
}

function expectSubsetFonts(bytes: Uint8Array, cjk: boolean) {
  const fonts = embeddedFonts(bytes);
  for (const f of fonts) expect(f.name).toMatch(/^[A-Z]{6}\+/);
  const faces = fonts.map((f) => `${f.name.slice(7)} ${f.file}`);
  expect(faces).toEqual(expect.arrayContaining(['NotoSans-Regular FontFile2', 'NotoSans-Bold FontFile2']));
  if (cjk) expect(faces).toEqual(expect.arrayContaining(['NotoSansHans-Regular FontFile3', 'NotoSansHans-Bold FontFile3']));
  else expect(faces.some((f) => f.startsWith('NotoSansHans'))).toBe(false);
}

describe('PDFs in every script', () => {
  it.each(CUSTOMERS)('invoice for $name: API, e-mail attachment and public link', async ({ name, line, cjk }) => {
    const org = await makeOrg(partnerId, name);
    const email = `ap-${org.id.slice(0, 8)}@example.test`;
    await db.organization.update({ where: { id: org.id }, data: { billingContact: { name, email } } });
    const created = await api.post('/invoices', {
      token: admin,
      body: { orgId: org.id, currency: 'PLN', notes: `${name}: ${line}`, lines: [{ type: 'manual', description: line, unitPrice: '120.00', quantity: '3', taxRate: '23' }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const inv = created.body.data;
    expect((await api.post(`/invoices/${inv.id}/issue`, { token: admin })).status).toBe(200);

    const pdf = await api.get(`/invoices/${inv.id}/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(name);
    expect(text).toContain(line);
    expect(text).toContain('Zakład Serwisowy Łódź');
    expect(text).toContain('442.80');
    expectNoReplacement(text);
    expectSubsetFonts(pdf.bytes, cjk);
    // The whole fonts are megabytes; a one-page invoice carries only the glyphs it shows.
    expect(pdf.bytes.length).toBeLessThan(cjk ? 150_000 : 40_000);

    const [mail] = (await queuedEmails(email)) as unknown as EmailMessage[];
    const attached = await pdfText(Buffer.from(mail.attachments![0].contentBase64, 'base64'));
    expect(attached).toContain(name);
    expectNoReplacement(attached);

    const link = (await api.get(`/invoices/${inv.id}/public-link`, { token: admin })).body.data;
    const shared = await pdfText((await api.get(`/public/invoices/${link.token}/pdf`)).bytes);
    expect(shared).toContain(name);
  });

  it('quote for a Japanese customer with Cyrillic and Polish text', async () => {
    const org = await makeOrg(partnerId, '東京株式会社');
    const created = await api.post('/quotes', {
      token: admin,
      body: {
        orgId: org.id,
        title: 'Предложение 2027',
        currency: 'EUR',
        recipientEmail: 'buyer@example.test',
        blocks: [{ title: 'Zakres usług', body: 'Monitorowanie i łatanie serwerów w Łodzi i w 東京.' }],
        lines: [{ type: 'one_time', description: 'Wdrożenie — Иван Петров', unitPrice: '499.99' }],
        notes: 'Ważne 30 dni.',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pdf = await api.get(`/quotes/${created.body.data.quote.id}/pdf`, { token: admin });
    const text = await pdfText(pdf.bytes);
    for (const s of ['東京株式会社', 'Предложение 2027', 'Zakres usług', 'Monitorowanie i łatanie serwerów w Łodzi i w 東京.', 'Wdrożenie — Иван Петров', 'Ważne 30 dni.']) {
      expect(text).toContain(s);
    }
    expectNoReplacement(text);
    expectSubsetFonts(pdf.bytes, true);
  });
});
