import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { newTicket } from '../helpers/tickets';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let managerA: string;
let managerANoMfa: string;
let techA: string;
let managerB: string;
let org: { id: string };

beforeAll(async () => {
  partnerA = await makePartner({ name: 'Acme IT' });
  partnerB = await makePartner();
  org = await makeOrg(partnerA.id, 'Contoso');
  const manager = await makePartnerUser(partnerA, { name: 'Mia Manager', email: 'mia@acme.test' });
  managerA = await tokenFor(manager, { mfa: true });
  managerANoMfa = await tokenFor(manager);
  techA = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', name: 'Tom Tech', email: 'tom@acme.test' }));
  managerB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
});

describe('canned replies', () => {
  it('are managed with tickets:manage and MFA, read by technicians, and validated', async () => {
    const body = { name: 'Restart', category: 'Basics', body: 'Hi {{contact.firstName}}, please restart and reply to #{{ticket.number}}.' };
    const noMfa = await api.post('/ticket-response-templates', { token: managerANoMfa, body });
    expect(noMfa.status).toBe(403);
    expect(noMfa.body.error.code).toBe('MFA_REQUIRED');
    expect((await api.post('/ticket-response-templates', { token: techA, body })).status).toBe(403);
    const customer = await tokenFor(await makeOrgUser(partnerA, org));
    expect((await api.get('/ticket-response-templates', { token: customer })).status).toBe(403);

    const created = await api.post('/ticket-response-templates', { token: managerA, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, partnerId: partnerA.id });
    const dup = await api.post('/ticket-response-templates', { token: managerA, body });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('TEMPLATE_NAME_TAKEN');
    const unknown = await api.post('/ticket-response-templates', { token: managerA, body: { name: 'Bad', body: 'Dear {{contact.salutation}} {{ticket.number}}' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'UNKNOWN_PLACEHOLDER', details: [{ path: 'body.body', message: 'Unknown placeholder {{contact.salutation}}' }] });
    await api.post('/ticket-response-templates', { token: managerA, body: { name: 'Access granted', body: 'Done.' } });

    const list = await api.get('/ticket-response-templates', { token: techA });
    expect(list.body.data.map((t: { name: string }) => t.name)).toEqual(['Access granted', 'Restart']);
    expect((await api.get('/ticket-response-templates', { token: techA, query: { search: 'restart' } })).body.data).toHaveLength(1);
    expect((await api.get('/ticket-response-templates', { token: techA, query: { category: 'Basics' } })).body.pagination.total).toBe(1);
    expect((await api.get(`/ticket-response-templates/${created.body.id}`, { token: techA })).body.name).toBe('Restart');

    expect((await api.patch(`/ticket-response-templates/${created.body.id}`, { token: managerANoMfa, body: { name: 'X' } })).status).toBe(403);
    const renamed = await api.patch(`/ticket-response-templates/${created.body.id}`, { token: managerA, body: { name: 'Restart first', category: null } });
    expect(renamed.body).toMatchObject({ name: 'Restart first', category: null });
    expect((await api.patch(`/ticket-response-templates/${created.body.id}`, { token: managerA, body: { name: 'Access granted' } })).body.error.code).toBe('TEMPLATE_NAME_TAKEN');
    expect((await api.patch(`/ticket-response-templates/${created.body.id}`, { token: managerA, body: { body: '{{nope.nope}}' } })).status).toBe(400);
    expect((await api.patch(`/ticket-response-templates/${created.body.id}`, { token: managerA, body: {} })).status).toBe(400);
    expect(await db.auditLog.count({ where: { targetId: created.body.id, action: { startsWith: 'ticket_response_template.' } } })).toBe(2);
  });

  it('fill placeholders from the ticket, its contact, organization, partner and the agent', async () => {
    const template = await api.post('/ticket-response-templates', {
      token: managerA,
      body: { name: 'Status', body: 'Hello {{contact.firstName}} ({{contact.email}}), ticket #{{ticket.number}} "{{ticket.subject}}" for {{organization.name}} is {{ticket.status}} ({{ticket.priority}}). — {{agent.name}}, {{partner.name}}' },
    });
    const ticket = await newTicket(techA, { orgId: org.id, subject: 'Mailbox full', priority: 'p2', status: 'on_hold', requesterName: 'Rita Rose', requesterEmail: 'rita@contoso.test' });
    const rendered = await api.post(`/ticket-response-templates/${template.body.id}/render`, { token: techA, body: { ticketId: ticket.id } });
    expect(rendered.status).toBe(200);
    expect(rendered.body).toEqual({
      templateId: template.body.id,
      ticketId: ticket.id,
      content: `Hello Rita (rita@contoso.test), ticket #${ticket.number} "Mailbox full" for Contoso is On hold (P2). — Tom Tech, Acme IT`,
    });
    expect((await api.post(`/ticket-response-templates/${template.body.id}/render`, { token: techA, body: {} })).status).toBe(400);
  });

  it('belong to one partner: another partner gets 404 and nothing changes', async () => {
    const mine = await api.post('/ticket-response-templates', { token: managerA, body: { name: 'Private', body: 'x' } });
    const before = await db.ticketResponseTemplate.findUniqueOrThrow({ where: { id: mine.body.id } });
    expect((await api.get(`/ticket-response-templates/${mine.body.id}`, { token: managerB })).status).toBe(404);
    expect((await api.patch(`/ticket-response-templates/${mine.body.id}`, { token: managerB, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api.delete(`/ticket-response-templates/${mine.body.id}`, { token: managerB })).status).toBe(404);
    expect((await api.get('/ticket-response-templates', { token: managerB })).body.data).toEqual([]);
    // Nor can B fill its own template with A's ticket.
    const theirs = await api.post('/ticket-response-templates', { token: managerB, body: { name: 'Probe', body: '{{contact.email}}' } });
    const ticketA = await newTicket(techA, { orgId: org.id, requesterEmail: 'secret@contoso.test' });
    expect((await api.post(`/ticket-response-templates/${theirs.body.id}/render`, { token: managerB, body: { ticketId: ticketA.id } })).status).toBe(404);
    expect(await db.ticketResponseTemplate.findUniqueOrThrow({ where: { id: mine.body.id } })).toEqual(before);

    expect((await api.delete(`/ticket-response-templates/${mine.body.id}`, { token: managerA })).status).toBe(204);
    expect((await api.get(`/ticket-response-templates/${mine.body.id}`, { token: managerA })).status).toBe(404);
  });
});
