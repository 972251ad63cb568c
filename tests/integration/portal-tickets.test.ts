// Portal tickets: one organization only, public conversation only, attachments of public
// comments only, creation through insertTicket (mode gate), submissions with files.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { fileUpload, multipart, SAMPLES } from '../helpers/multipart';
import { clearQueuedEmails, newTicket, queuedEmails } from '../helpers/tickets';
import { makePortalUser, portalLogin, type PortalBrowser } from '../helpers/portal';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let orgA: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let adminA: string;
let alice: PortalBrowser;
let aliceId: string;
let bob: PortalBrowser;

/** A ticket of `orgId` with a public reply (with a PNG) and an internal note (with a PDF). */
async function conversation(orgId: string) {
  const ticket = await newTicket(adminA, { orgId, subject: `Ticket of ${orgId.slice(0, 6)}`, requesterEmail: 'someone@customer.test' });
  const upload = async (data: Buffer, name: string) => {
    const form = fileUpload(data, name);
    return (await api.post(`/tickets/${ticket.id}/attachments`, { token: adminA, rawBody: form.body, headers: { 'content-type': form.contentType } })).body.id as string;
  };
  const publicFile = await upload(SAMPLES.png, 'screenshot.png');
  const internalFile = await upload(SAMPLES.pdf, 'diagnosis.pdf');
  const reply = await api.post(`/tickets/${ticket.id}/comments`, { token: adminA, body: { content: 'We are on it.', attachmentIds: [publicFile] } });
  const note = await api.post(`/tickets/${ticket.id}/comments`, { token: adminA, body: { content: 'Internal: customer skipped the update', visibility: 'internal', attachmentIds: [internalFile] } });
  expect([reply.status, note.status]).toEqual([201, 201]);
  return { ticket, publicFile, internalFile };
}

beforeAll(async () => {
  partnerA = await makePartner({ name: 'Acme MSP' });
  orgA = await makeOrg(partnerA.id, 'Contoso');
  orgB = await makeOrg(partnerA.id, 'Fabrikam');
  adminA = await tokenFor(await makePartnerUser(partnerA, { name: 'Sam Support' }), { mfa: true });
  const aliceContact = await makePortalUser(orgA, { name: 'Alice Customer', email: 'alice@contoso.test' });
  aliceId = aliceContact.id;
  alice = await portalLogin('alice@contoso.test');
  bob = await portalLogin((await makePortalUser(orgB, { name: 'Bob Other' })).email!);
});

beforeEach(() => clearQueuedEmails());

describe('isolation between organizations', () => {
  it('gives a portal user of organization A 404 for B’s tickets, comments and attachments', async () => {
    const b = await conversation(orgB.id);
    const get = await alice.get(`/portal/tickets/${b.ticket.id}`);
    expect(get.status).toBe(404);
    expect(get.body.error.code).toBe('NOT_FOUND');
    expect((await alice.post(`/portal/tickets/${b.ticket.id}/comments`, { body: { content: 'Let me in' } })).status).toBe(404);
    expect((await alice.get(`/portal/tickets/${b.ticket.id}/attachments/${b.publicFile}/content`)).status).toBe(404);
    expect((await alice.get('/portal/tickets')).body.data.some((t: { id: string }) => t.id === b.ticket.id)).toBe(false);
    // …while B's own portal user sees it.
    expect((await bob.get(`/portal/tickets/${b.ticket.id}`)).status).toBe(200);
    expect(await db.ticketComment.count({ where: { ticketId: b.ticket.id } })).toBe(2);
  });

  it('also hides tickets of another partner and soft-deleted tickets', async () => {
    const partnerB = await makePartner();
    const otherAdmin = await tokenFor(await makePartnerUser(partnerB));
    const foreign = await newTicket(otherAdmin, { orgId: (await makeOrg(partnerB.id)).id });
    expect((await alice.get(`/portal/tickets/${foreign.id}`)).status).toBe(404);
    const deleted = await newTicket(adminA, { orgId: orgA.id, subject: 'Archived' });
    await api.delete(`/tickets/${deleted.id}`, { token: adminA });
    expect((await alice.get(`/portal/tickets/${deleted.id}`)).status).toBe(404);
    expect((await alice.post(`/portal/tickets/${deleted.id}/comments`, { body: { content: 'hello?' } })).status).toBe(404);
  });
});

describe('the public conversation', () => {
  it('shows public comments only; internal notes and their attachments are 404', async () => {
    const a = await conversation(orgA.id);
    const res = await alice.get(`/portal/tickets/${a.ticket.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.ticket.id, number: a.ticket.number, subject: a.ticket.subject, mine: false });
    expect(res.body).not.toHaveProperty('tags');
    expect(res.body.comments.pagination.total).toBe(1);
    const [reply] = res.body.comments.data;
    expect(reply).toMatchObject({ content: 'We are on it.', authorName: 'Sam Support', fromServiceDesk: true, mine: false });
    expect(reply).not.toHaveProperty('authorEmail');
    expect(reply.attachments).toEqual([expect.objectContaining({ id: a.publicFile, fileName: 'screenshot.png', contentType: 'image/png', contentUrl: `/api/v1/portal/tickets/${a.ticket.id}/attachments/${a.publicFile}/content` })]);
    expect(res.text).not.toContain('Internal: customer skipped the update');
    expect(res.text).not.toContain(a.internalFile);

    const content = await alice.get(reply.attachments[0].contentUrl.replace('/api/v1', ''));
    expect(content.status).toBe(200);
    expect(Buffer.from(content.bytes).equals(SAMPLES.png)).toBe(true);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(content.headers.get('cache-control')).toBe('private, max-age=300');
    const etag = content.headers.get('etag')!;
    expect((await alice.get(`/portal/tickets/${a.ticket.id}/attachments/${a.publicFile}/content`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const internal = await alice.get(`/portal/tickets/${a.ticket.id}/attachments/${a.internalFile}/content`);
    expect(internal.status).toBe(404);
    expect(internal.body.error.code).toBe('NOT_FOUND');
    // The service desk still reads both.
    expect((await api.get(`/tickets/${a.ticket.id}/attachments/${a.internalFile}/content`, { token: adminA })).status).toBe(200);
  });

  it('does not serve a staff member’s pending upload either', async () => {
    const ticket = await newTicket(adminA, { orgId: orgA.id });
    const up = fileUpload(SAMPLES.png, 'pending.png');
    const pending = await api.post(`/tickets/${ticket.id}/attachments`, { token: adminA, rawBody: up.body, headers: { 'content-type': up.contentType } });
    expect((await alice.get(`/portal/tickets/${ticket.id}/attachments/${pending.body.id}/content`)).status).toBe(404);
  });
});

describe('opening tickets', () => {
  it('opens a ticket through insertTicket with source portal, the contact as requester and an acknowledgement', async () => {
    const site = await makeSite(orgA, 'Head office');
    const sitePinned = await makePortalUser(orgA, { name: 'Pia Pinned', siteId: site.id });
    const pia = await portalLogin(sitePinned.email!);
    const res = await pia.post('/portal/tickets', { body: { subject: 'Printer jammed', description: 'Paper stuck in tray 2', priority: 'p2' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject: 'Printer jammed', status: 'new', priority: 'p2', type: 'incident', requesterName: 'Pia Pinned', requesterEmail: sitePinned.email, mine: true });
    const row = await db.ticket.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ source: 'portal', orgId: orgA.id, partnerId: partnerA.id, siteId: site.id, createdById: null });
    expect((await queuedEmails(sitePinned.email!))[0].subject).toBe(`[#${row.number}] Printer jammed`);
    expect(await db.auditLog.findFirst({ where: { action: 'ticket.create', targetId: row.id } })).toMatchObject({ actorType: 'contact', actorId: sitePinned.id, partnerId: partnerA.id, orgId: orgA.id });
    // The service desk sees it in its queue.
    const queue = await api.get('/tickets', { token: adminA, query: { source: 'portal', orgId: orgA.id } });
    expect(queue.body.data.map((t: { id: string }) => t.id)).toContain(row.id);
    // Fields a customer may not set are refused.
    expect((await pia.post('/portal/tickets', { body: { subject: 'x', assigneeId: aliceId } })).status).toBe(400);
    expect((await pia.post('/portal/tickets', { body: { subject: 'x', type: 'change' } })).status).toBe(400);
    expect((await pia.post('/portal/tickets', { body: { description: 'no subject' } })).status).toBe(400);
  });

  it('accepts files with the ticket (multipart), sniffed like attachments, as the requester’s first public comment', async () => {
    const form = multipart([
      { name: 'subject', data: 'Screen flickers' },
      { name: 'description', data: 'See the photo' },
      { name: 'files', filename: 'photo.jpg', contentType: 'image/jpeg', data: SAMPLES.png },
      { name: 'files', filename: 'invoice.pdf', data: SAMPLES.pdf },
    ]);
    const res = await alice.post('/portal/tickets', { rawBody: form.body, headers: { 'content-type': form.contentType } });
    expect(res.status).toBe(201);
    const detail = await alice.get(`/portal/tickets/${res.body.id}`);
    const [first] = detail.body.comments.data;
    expect(first).toMatchObject({ content: '', mine: true, fromServiceDesk: false, authorName: 'Alice Customer' });
    expect(first.attachments.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType])).toEqual([['photo.jpg', 'image/png'], ['invoice.pdf', 'application/pdf']]);
    const rows = await db.ticketAttachment.findMany({ where: { ticketId: res.body.id } });
    expect(rows.every((r) => r.uploadedById === aliceId && r.commentId !== null && r.storage === 'database')).toBe(true);
    // The MSP sees the customer's files in the console too.
    expect((await api.get(`/tickets/${res.body.id}/attachments/${rows[0].id}/content`, { token: adminA })).status).toBe(200);
  });

  it('refuses a bad file and writes nothing: neither the ticket nor any attachment', async () => {
    const before = await db.ticket.count({ where: { orgId: orgA.id } });
    const html = multipart([{ name: 'subject', data: 'Evil' }, { name: 'files', filename: 'x.png', data: '<html><script>alert(1)</script></html>' }]);
    const refused = await alice.post('/portal/tickets', { rawBody: html.body, headers: { 'content-type': html.contentType } });
    expect(refused.status).toBe(415);
    expect(refused.body.error.code).toBe('UNSUPPORTED_ATTACHMENT_TYPE');
    const six = multipart([{ name: 'subject', data: 'Too many' }, ...Array.from({ length: 6 }, (_, i) => ({ name: 'files', filename: `${i}.png`, data: SAMPLES.png }))]);
    expect((await alice.post('/portal/tickets', { rawBody: six.body, headers: { 'content-type': six.contentType } })).body.error.code).toBe('INVALID_MULTIPART');
    const wrongField = multipart([{ name: 'subject', data: 'Wrong field' }, { name: 'file', filename: 'a.png', data: SAMPLES.png }]);
    expect((await alice.post('/portal/tickets', { rawBody: wrongField.body, headers: { 'content-type': wrongField.contentType } })).status).toBe(400);
    const big = multipart([{ name: 'subject', data: 'Huge' }, { name: 'files', filename: 'big.png', data: Buffer.concat([SAMPLES.png, Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect((await alice.post('/portal/tickets', { rawBody: big.body, headers: { 'content-type': big.contentType } })).status).toBe(413);
    const noSubject = multipart([{ name: 'files', filename: 'a.png', data: SAMPLES.png }]);
    expect((await alice.post('/portal/tickets', { rawBody: noSubject.body, headers: { 'content-type': noSubject.contentType } })).status).toBe(400);
    // Form fields follow the same text rule as JSON: a NUL is refused, naming the field.
    const nul = multipart([{ name: 'subject', data: 'Null\u0000byte' }, { name: 'files', filename: 'a.png', data: SAMPLES.png }]);
    const nulRes = await alice.post('/portal/tickets', { rawBody: nul.body, headers: { 'content-type': nul.contentType } });
    expect(nulRes.status).toBe(400);
    expect(nulRes.body.error.details[0].path).toBe('body.subject');
    expect(await db.ticket.count({ where: { orgId: orgA.id } })).toBe(before);
  });

  it('obeys the service-management mode gate: 409 service_management_off, nothing written, existing tickets stay readable', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const admin = await tokenFor(await makePartnerUser(partner));
    const existing = await newTicket(admin, { orgId: org.id });
    const user = await portalLogin((await makePortalUser(org)).email!);
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'off' } });
    const refused = await user.post('/portal/tickets', { body: { subject: 'Help' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('service_management_off');
    const withFile = multipart([{ name: 'subject', data: 'Help' }, { name: 'files', filename: 'a.png', data: SAMPLES.png }]);
    expect((await user.post('/portal/tickets', { rawBody: withFile.body, headers: { 'content-type': withFile.contentType } })).body.error.code).toBe('service_management_off');
    expect(await db.ticket.count({ where: { orgId: org.id } })).toBe(1);
    expect(await db.ticketAttachment.count({ where: { orgId: org.id } })).toBe(0);
    expect((await user.get(`/portal/tickets/${existing.id}`)).status).toBe(200);
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'native' } });
    expect((await user.post('/portal/tickets', { body: { subject: 'Help' } })).status).toBe(201);
  });
});

describe('replying', () => {
  it('adds a public reply with files, reopens a ticket waiting on the customer, and the MSP sees it', async () => {
    const ticket = await newTicket(adminA, { orgId: orgA.id, requesterEmail: 'alice@contoso.test' });
    await api.patch(`/tickets/${ticket.id}`, { token: adminA, body: { status: 'pending' } });
    const form = multipart([{ name: 'content', data: 'Here is the error' }, { name: 'files', filename: 'err.webp', data: SAMPLES.webp }]);
    const res = await alice.post(`/portal/tickets/${ticket.id}/comments`, { rawBody: form.body, headers: { 'content-type': form.contentType } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: 'Here is the error', mine: true, fromServiceDesk: false, attachments: [expect.objectContaining({ fileName: 'err.webp', contentType: 'image/webp' })] });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe('open');
    const staffView = await api.get(`/tickets/${ticket.id}/comments`, { token: adminA });
    expect(staffView.body.data.at(-1)).toMatchObject({ authorType: 'requester', authorEmail: 'alice@contoso.test', source: 'portal', visibility: 'public' });
    // Customer replies are always public, and not mailed back to the requester who wrote them.
    expect((await alice.post(`/portal/tickets/${ticket.id}/comments`, { body: { content: 'x', visibility: 'internal' } })).status).toBe(400);
    expect((await queuedEmails('alice@contoso.test')).filter((m) => m.text.includes('Here is the error'))).toHaveLength(0);
    expect((await alice.post(`/portal/tickets/${ticket.id}/comments`, { body: { content: '  ' } })).status).toBe(400);
  });

  it('refuses replies on closed tickets with 409 TICKET_CLOSED', async () => {
    const ticket = await newTicket(adminA, { orgId: orgA.id });
    await api.patch(`/tickets/${ticket.id}`, { token: adminA, body: { status: 'closed' } });
    const res = await alice.post(`/portal/tickets/${ticket.id}/comments`, { body: { content: 'Still broken' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TICKET_CLOSED');
  });

  it('marks console comments by the organization’s own users as the customer’s, not the service desk’s', async () => {
    const ticket = await newTicket(adminA, { orgId: orgA.id });
    const colleague = await tokenFor(await makeOrgUser(partnerA, orgA, { role: 'Organization User', name: 'Carl Colleague' }));
    await api.post(`/tickets/${ticket.id}/comments`, { token: colleague, body: { content: 'Same here' } });
    const [c] = (await alice.get(`/portal/tickets/${ticket.id}`)).body.comments.data;
    expect(c).toMatchObject({ authorName: 'Carl Colleague', fromServiceDesk: false, mine: false });
  });
});

describe('listing', () => {
  it('lists the organization’s tickets with status, mine and search filters', async () => {
    const org = await makeOrg(partnerA.id, 'Listing Co');
    const dana = await makePortalUser(org, { email: 'dana@listing.test' });
    const browser = await portalLogin(dana.email!);
    const mineOpen = (await browser.post('/portal/tickets', { body: { subject: 'VPN down' } })).body;
    const other = await newTicket(adminA, { orgId: org.id, subject: 'Server patching', requesterEmail: 'ops@listing.test' });
    await api.patch(`/tickets/${other.id}`, { token: adminA, body: { status: 'resolved' } });
    const ids = async (query: Record<string, string>) => (await browser.get('/portal/tickets', { query })).body.data.map((t: { id: string }) => t.id);
    expect(await ids({})).toEqual([other.id, mineOpen.id]);
    expect(await ids({ status: 'open' })).toEqual([mineOpen.id]);
    expect(await ids({ status: 'closed' })).toEqual([other.id]);
    expect(await ids({ mine: 'true' })).toEqual([mineOpen.id]);
    expect(await ids({ search: 'vpn' })).toEqual([mineOpen.id]);
    expect(await ids({ search: `#${other.number}` })).toEqual([other.id]);
    expect((await browser.get('/portal/tickets', { query: { status: 'bogus' } })).status).toBe(400);
  });
});
