import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { setEnv } from '../helpers/s3';
import { clearQueuedEmails, newTicket, queuedEmails } from '../helpers/tickets';

const SECRET = 'inbound-secret-0123456789-abcdefghijklmnop';
const DOMAIN = 'tickets.example.test';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let contoso: { id: string; slug: string };
let fabrikam: { id: string; slug: string };
let admin: string;
let tech: { id: string; email: string; name: string };

const deliver = (body: Record<string, unknown>, secret = SECRET) =>
  api.post('/tickets/inbound-email', { body, headers: secret ? { authorization: `Bearer ${secret}` } : {} });
const inbox = (p: { slug: string }, org?: { slug: string }) => `${p.slug}${org ? `+${org.slug}` : ''}@${DOMAIN}`;

beforeAll(async () => {
  setEnv({ INBOUND_EMAIL_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: DOMAIN });
  partner = await makePartner({ name: 'Acme IT' });
  contoso = await makeOrg(partner.id, 'Contoso');
  fabrikam = await makeOrg(partner.id, 'Fabrikam');
  tech = await makePartnerUser(partner, { role: 'Technician', name: 'Tom Tech', email: 'tom@acme.test' });
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
});
afterAll(() => setEnv({ INBOUND_EMAIL_SECRET: undefined, INBOUND_EMAIL_DOMAIN: undefined }));
beforeEach(() => clearQueuedEmails());

describe('authentication', () => {
  it('needs the shared secret, and answers 503 while none is configured', async () => {
    const msg = { from: 'a@b.test', to: inbox(partner, contoso), subject: 'Hi', text: 'x' };
    expect((await deliver(msg, '')).status).toBe(401);
    const wrong = await deliver(msg, `${SECRET}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_INBOUND_SECRET');
    // A user's token is no inbound credential.
    expect((await api.post('/tickets/inbound-email', { token: admin, body: msg })).status).toBe(401);
    setEnv({ INBOUND_EMAIL_SECRET: undefined });
    try {
      const off = await deliver(msg);
      expect(off.status).toBe(503);
      expect(off.body.error.code).toBe('INBOUND_EMAIL_NOT_CONFIGURED');
    } finally {
      setEnv({ INBOUND_EMAIL_SECRET: SECRET });
    }
    expect(await db.ticket.count({ where: { partnerId: partner.id, source: 'email' } })).toBe(0);
  });
});

describe('new tickets from email', () => {
  it('opens a ticket in the addressed organization, with the sender as requester, and acknowledges it', async () => {
    const res = await deliver({
      from: 'Pat Doe <Pat@Contoso.Test>',
      to: ['someone@else.test', inbox(partner, contoso)],
      subject: 'VPN keeps dropping',
      text: 'Since this morning.\r\nThanks',
      messageId: '<m1@contoso.test>',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ action: 'created', commentId: null });
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: res.body.ticketId } });
    expect(ticket).toMatchObject({ orgId: contoso.id, source: 'email', subject: 'VPN keeps dropping', description: 'Since this morning.\nThanks', requesterEmail: 'pat@contoso.test', requesterName: 'Pat Doe', status: 'new', number: res.body.number });
    const [ack] = await queuedEmails('pat@contoso.test');
    expect(ack.subject).toBe(`[#${ticket.number}] VPN keeps dropping`);
    expect(ack.replyTo).toBe(inbox(partner, contoso));
    expect(ack.text).toContain('Reply to this email');
    const audit = await db.auditLog.findFirst({ where: { action: 'ticket.create', targetId: ticket.id } });
    expect(audit).toMatchObject({ actorType: 'requester', actorEmail: 'pat@contoso.test', partnerId: partner.id });

    const again = await deliver({ from: 'pat@contoso.test', to: inbox(partner, contoso), subject: 'VPN keeps dropping', text: 'x', messageId: '<m1@contoso.test>' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ action: 'duplicate', ticketId: ticket.id });
    expect(await db.ticket.count({ where: { partnerId: partner.id, requesterEmail: 'pat@contoso.test' } })).toBe(1);
  });

  it('finds the organization from the sender when only the partner is addressed', async () => {
    await makeOrgUser(partner, fabrikam, { email: 'fran@fabrikam.test' });
    const member = await deliver({ from: 'fran@fabrikam.test', to: inbox(partner), subject: 'Laptop', text: 'New one please' });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: member.body.ticketId } })).orgId).toBe(fabrikam.id);
    // A known requester of an earlier ticket lands in that ticket's organization.
    await newTicket(admin, { orgId: contoso.id, requesterEmail: 'known@partner-customer.test' });
    const known = await deliver({ from: 'known@partner-customer.test', to: inbox(partner), subject: 'Again', text: 'x' });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: known.body.ticketId } })).orgId).toBe(contoso.id);
    const stranger = await deliver({ from: 'who@nowhere.test', to: inbox(partner), subject: 'Hello', text: 'x' });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.code).toBe('INBOUND_ORG_UNRESOLVED');
    // With a single organization there is nothing to choose.
    const solo = await makePartner();
    const only = await makeOrg(solo.id);
    const soloRes = await deliver({ from: 'who@nowhere.test', to: inbox(solo), subject: 'Hello', text: '<p>x</p>' });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: soloRes.body.ticketId } })).orgId).toBe(only.id);
  });

  it('rejects unknown inboxes, blocked partners and bad senders without writing anything', async () => {
    const before = await db.ticket.count();
    expect((await deliver({ from: 'a@b.test', to: `nobody-here@${DOMAIN}`, subject: 'x', text: 'x' })).body.error.code).toBe('MAILBOX_NOT_FOUND');
    expect((await deliver({ from: 'a@b.test', to: `${partner.slug}+no-such-org@${DOMAIN}`, subject: 'x', text: 'x' })).status).toBe(404);
    expect((await deliver({ from: 'a@b.test', to: `${partner.slug}@other-domain.test`, subject: 'x', text: 'x' })).status).toBe(404);
    expect((await deliver({ from: 'not-an-address', to: inbox(partner, contoso), subject: 'x', text: 'x' })).status).toBe(400);
    expect((await deliver({ to: inbox(partner, contoso), subject: 'x' })).status).toBe(400);
    const suspended = await makePartner({ status: 'suspended' });
    await makeOrg(suspended.id);
    expect((await deliver({ from: 'a@b.test', to: inbox(suspended), subject: 'x', text: 'x' })).body.error.code).toBe('PARTNER_INACTIVE');
    expect(await db.ticket.count()).toBe(before);
  });

  it('uses the HTML body when there is no text part', async () => {
    const res = await deliver({ from: 'pat@contoso.test', to: inbox(partner, contoso), subject: 'Screenshot', html: '<div>Line one<br>Line &amp; two</div><script>x()</script>' });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: res.body.ticketId } })).description).toBe('Line one\nLine & two');
  });
});

describe('threading replies', () => {
  it('adds the requester’s reply to the ticket named in the subject and reopens it', async () => {
    const t = await newTicket(admin, { orgId: contoso.id, subject: 'Outlook crashes', requesterEmail: 'rae@contoso.test' });
    await api.patch(`/tickets/${t.id}`, { token: admin, body: { status: 'resolved' } });
    const reply = await deliver({ from: 'Rae <rae@contoso.test>', to: inbox(partner, contoso), subject: `RE: [#${t.number}] Outlook crashes`, text: 'It happened again', messageId: '<r1@contoso.test>' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ action: 'commented', ticketId: t.id, number: t.number });
    const comments = await api.get(`/tickets/${t.id}/comments`, { token: admin });
    expect(comments.body.data.at(-1)).toMatchObject({ authorType: 'requester', authorEmail: 'rae@contoso.test', authorName: 'Rae', content: 'It happened again', source: 'email', visibility: 'public' });
    expect((await api.get(`/tickets/${t.id}`, { token: admin })).body.status).toBe('open');
    expect((await deliver({ from: 'rae@contoso.test', to: inbox(partner, contoso), subject: `RE: [#${t.number}] Outlook crashes`, text: 'x', messageId: '<r1@contoso.test>' })).body.action).toBe('duplicate');
    // Threading by number works whichever organization of the partner the address names.
    const viaPartner = await deliver({ from: 'rae@contoso.test', to: inbox(partner), subject: `[#${t.number}]`, text: 'more' });
    expect(viaPartner.body).toMatchObject({ action: 'commented', ticketId: t.id });
  });

  it('mails a service-desk user’s emailed reply to the requester', async () => {
    const t = await newTicket(admin, { orgId: contoso.id, subject: 'Shared drive', requesterEmail: 'sam@contoso.test' });
    await clearQueuedEmails();
    const res = await deliver({ from: tech.email, to: inbox(partner, contoso), subject: `Re: [#${t.number}] Shared drive`, text: 'Mapped it again for you' });
    expect(res.body.action).toBe('commented');
    const comment = await db.ticketComment.findUniqueOrThrow({ where: { id: res.body.commentId } });
    expect(comment).toMatchObject({ authorType: 'user', authorUserId: tech.id });
    const [mail] = await queuedEmails('sam@contoso.test');
    expect(mail.text).toContain('Mapped it again for you');
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe('open');
  });

  it('does not let a stranger write into someone else’s ticket: a new ticket is opened instead', async () => {
    const t = await newTicket(admin, { orgId: contoso.id, subject: 'Payroll', requesterEmail: 'hr@contoso.test' });
    const res = await deliver({ from: 'mallory@evil.test', to: inbox(partner, contoso), subject: `Re: [#${t.number}] Payroll`, text: 'Please change the bank account' });
    expect(res.body.action).toBe('created');
    expect(res.body.ticketId).not.toBe(t.id);
    expect(await db.ticketComment.count({ where: { ticketId: t.id } })).toBe(0);
  });

  it('opens a follow-up for a closed ticket and refuses replies to a deleted one', async () => {
    const closed = await newTicket(admin, { orgId: fabrikam.id, subject: 'Old issue', requesterEmail: 'olga@fabrikam.test' });
    await api.patch(`/tickets/${closed.id}`, { token: admin, body: { status: 'closed' } });
    const followUp = await deliver({ from: 'olga@fabrikam.test', to: inbox(partner, contoso), subject: `Re: [#${closed.number}] Old issue`, text: 'It is back' });
    expect(followUp.body.action).toBe('created');
    const created = await db.ticket.findUniqueOrThrow({ where: { id: followUp.body.ticketId } });
    expect(created).toMatchObject({ orgId: fabrikam.id, requesterEmail: 'olga@fabrikam.test' });
    expect(created.description).toBe(`Follow-up to #${closed.number}, which is closed.\n\nIt is back`);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: closed.id } })).status).toBe('closed');

    const deleted = await newTicket(admin, { orgId: contoso.id, requesterEmail: 'dan@contoso.test' });
    await api.delete(`/tickets/${deleted.id}`, { token: admin });
    const refused = await deliver({ from: 'dan@contoso.test', to: inbox(partner, contoso), subject: `[#${deleted.number}] anything`, text: 'hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('TICKET_DELETED');
  });

  it('round-trips through real mail: a status email’s subject threads the reply back', async () => {
    const smtp: SmtpReceiver = await startSmtpReceiver();
    setEnv({ SMTP_URL: smtp.url });
    try {
      const t = await newTicket(admin, { orgId: contoso.id, subject: 'Wi-Fi', requesterEmail: 'wendy@contoso.test' });
      await api.patch(`/tickets/${t.id}`, { token: admin, body: { status: 'pending' } });
      await runDueJobs();
      const mail = await smtp.waitFor((m) => m.text?.includes('changed from New to Pending') ?? false);
      expect(mail.replyTo?.text).toBe(inbox(partner, contoso));
      const reply = await deliver({ from: 'wendy@contoso.test', to: mail.replyTo!.text, subject: `Re: ${mail.subject}`, text: 'Works now, thanks' });
      expect(reply.body).toMatchObject({ action: 'commented', ticketId: t.id });
      expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe('open');
    } finally {
      setEnv({ SMTP_URL: undefined });
      await smtp.stop();
    }
  });
});

describe('service-management mode off', () => {
  it('refuses new tickets (also follow-ups) with 409 service_management_off but still threads replies', async () => {
    const p = await makePartner();
    const org = await makeOrg(p.id);
    const token = await tokenFor(await makePartnerUser(p));
    const open = await newTicket(token, { orgId: org.id, requesterEmail: 'req@cust.test' });
    const closed = await newTicket(token, { orgId: org.id, requesterEmail: 'req@cust.test' });
    await api.patch(`/tickets/${closed.id}`, { token, body: { status: 'closed' } });
    await db.partner.update({ where: { id: p.id }, data: { serviceManagementMode: 'off' } });

    const fresh = await deliver({ from: 'req@cust.test', to: inbox(p, org), subject: 'New problem', text: 'x' });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe('service_management_off');
    const followUp = await deliver({ from: 'req@cust.test', to: inbox(p, org), subject: `Re: [#${closed.number}]`, text: 'x' });
    expect(followUp.body.error.code).toBe('service_management_off');
    const reply = await deliver({ from: 'req@cust.test', to: inbox(p, org), subject: `Re: [#${open.number}]`, text: 'still there?' });
    expect(reply.status).toBe(201);
    expect(reply.body.action).toBe('commented');
    expect(await db.ticket.count({ where: { partnerId: p.id } })).toBe(2);
  });
});
