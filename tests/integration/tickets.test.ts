import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { assertTicketCreationAllowed } from '@/lib/tickets/assert-ticket-creation-allowed';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { clearQueuedEmails, newTicket, queuedEmails } from '../helpers/tickets';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let orgA: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let adminA: string;
let adminAUser: { id: string; email: string; name: string };
let techA: string;
let techAUser: { id: string };
let customerA: string;
let adminB: string;

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  orgA2 = await makeOrg(partnerA.id, 'Fabrikam');
  await makeOrg(partnerB.id, 'Bravo');
  adminAUser = await makePartnerUser(partnerA, { name: 'Ann Admin' });
  adminA = await tokenFor(adminAUser, { mfa: true });
  techAUser = await makePartnerUser(partnerA, { role: 'Technician', name: 'Tom Tech' });
  techA = await tokenFor(techAUser);
  customerA = await tokenFor(await makeOrgUser(partnerA, orgA, { role: 'Organization User', name: 'Cora Customer', email: 'cora@contoso.test' }));
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
});

beforeEach(() => clearQueuedEmails());

describe('creating tickets', () => {
  it('numbers per partner, applies defaults and the priority SLA, and acknowledges the requester', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const token = await tokenFor(await makePartnerUser(partner));
    const before = Date.now();
    const first = await newTicket(token, { orgId: org.id, requesterEmail: 'Ada@Example.Test', requesterName: 'Ada' });
    const second = await newTicket(token, { orgId: org.id, priority: 'p1', type: 'service_request', tags: ['printer'] });
    const otherPartner = await newTicket(adminB, { orgId: (await makeOrg(partnerB.id)).id });
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(otherPartner.number).toBeGreaterThanOrEqual(1);
    expect(first).toMatchObject({ status: 'new', priority: 'p3', type: 'incident', source: 'console', requesterEmail: 'ada@example.test', assigneeId: null, overdue: false, deletedAt: null, organization: { id: org.id } });
    const dueHours = (Date.parse(first.dueAt) - Date.parse(first.createdAt)) / 3_600_000;
    expect(dueHours).toBe(24);
    expect((Date.parse(second.dueAt) - Date.parse(second.createdAt)) / 3_600_000).toBe(4);
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const mail = await queuedEmails('ada@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('[#1] Printer on fire');
    expect(mail[0].text).toContain('opened ticket #1');
    const audit = await db.auditLog.findFirst({ where: { action: 'ticket.create', targetId: first.id } });
    expect(audit).toMatchObject({ partnerId: partner.id, orgId: org.id, actorType: 'user' });
  });

  it('hands out numbers without gaps under concurrency, and a failed creation gives its number back', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const token = await tokenFor(await makePartnerUser(partner));
    const bad = await api.post('/tickets', { token, body: { orgId: org.id, subject: 'x', assigneeId: techAUser.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_ASSIGNEE');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => api.post('/tickets', { token, body: { orgId: org.id, subject: `T${i}` } })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('requires orgId from partner users, defaults it (and the requester) for organization users, and checks references', async () => {
    const missing = await api.post('/tickets', { token: adminA, body: { subject: 'No org' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('body.orgId');
    const mine = await newTicket(customerA, {});
    expect(mine).toMatchObject({ orgId: orgA.id, requesterEmail: 'cora@contoso.test', requesterName: 'Cora Customer' });
    expect((await api.post('/tickets', { token: customerA, body: { subject: 'x', orgId: orgA2.id } })).status).toBe(404);
    const foreignSite = await makeSite(orgA2);
    const site = await api.post('/tickets', { token: adminA, body: { subject: 'x', orgId: orgA.id, siteId: foreignSite.id } });
    expect(site.body.error.code).toBe('SITE_NOT_IN_ORG');
    const assigned = await newTicket(adminA, { orgId: orgA.id, assigneeId: techAUser.id, siteId: (await makeSite(orgA)).id });
    expect(assigned.assignee).toMatchObject({ id: techAUser.id, name: 'Tom Tech' });
    // Read Only users cannot work tickets, so they cannot be assignees; nor can other partners' users.
    const readOnly = await makePartnerUser(partnerA, { role: 'Read Only' });
    expect((await api.post('/tickets', { token: adminA, body: { subject: 'x', orgId: orgA.id, assigneeId: readOnly.id } })).body.error.code).toBe('INVALID_ASSIGNEE');
    const ro = await tokenFor(readOnly);
    expect((await api.post('/tickets', { token: ro, body: { subject: 'x', orgId: orgA.id } })).status).toBe(403);
    expect((await api.post('/tickets', { token: adminA, body: { subject: 'x', orgId: orgA.id, bogus: 1 } })).status).toBe(400);
  });
});

describe('listing, reading and updating', () => {
  it('filters, searches, sorts and paginates', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const admin = await makePartnerUser(partner);
    const token = await tokenFor(admin);
    const a = await newTicket(token, { orgId: org.id, subject: 'Email outage', priority: 'p1', assigneeId: admin.id, tags: ['mail'] });
    const b = await newTicket(token, { orgId: org.id, subject: 'New laptop', priority: 'p4', type: 'service_request' });
    const c = await newTicket(token, { orgId: org.id, subject: 'VPN slow', priority: 'p2', status: 'pending', requesterEmail: 'vic@example.test' });
    await db.ticket.update({ where: { id: c.id }, data: { dueAt: new Date(Date.now() - 60_000) } });
    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((t) => t.id);

    expect(ids(await api.get('/tickets', { token, query: { sort: 'priority', sortDir: 'asc' } }))).toEqual([a.id, c.id, b.id]);
    expect(ids(await api.get('/tickets?status=new,pending&priority=p1&priority=p2', { token, query: { sort: 'number', sortDir: 'asc' } }))).toEqual([a.id, c.id]);
    expect(ids(await api.get('/tickets', { token, query: { assigneeId: 'me' } }))).toEqual([a.id]);
    expect(ids(await api.get('/tickets', { token, query: { assigneeId: 'none', sort: 'number', sortDir: 'asc' } }))).toEqual([b.id, c.id]);
    expect(ids(await api.get('/tickets', { token, query: { search: `#${b.number}` } }))).toEqual([b.id]);
    expect(ids(await api.get('/tickets', { token, query: { search: 'outage' } }))).toEqual([a.id]);
    expect(ids(await api.get('/tickets', { token, query: { search: 'vic@' } }))).toEqual([c.id]);
    expect(ids(await api.get('/tickets', { token, query: { type: 'service_request' } }))).toEqual([b.id]);
    expect(ids(await api.get('/tickets', { token, query: { tag: 'mail' } }))).toEqual([a.id]);
    const overdue = await api.get('/tickets', { token, query: { overdue: 'true' } });
    expect(ids(overdue)).toEqual([c.id]);
    expect(overdue.body.data[0].overdue).toBe(true);
    const page = await api.get('/tickets', { token, query: { limit: 2, page: 2, sort: 'number', sortDir: 'asc' } });
    expect(page.body.pagination).toEqual({ page: 2, limit: 2, total: 3 });
    expect(ids(page)).toEqual([c.id]);
    expect((await api.get('/tickets', { token, query: { status: 'bogus' } })).status).toBe(400);
    expect((await api.get('/tickets', { token, query: { limit: 101 } })).status).toBe(400);
    // Organization users see their own organization's tickets only.
    const other = await makeOrg(partner.id);
    await newTicket(token, { orgId: other.id });
    const orgUser = await tokenFor(await makeOrgUser(partner, org));
    expect((await api.get('/tickets', { token: orgUser })).body.pagination.total).toBe(3);
  });

  it('moves status with resolution stamps, re-derives dueAt on a priority change and mails the requester', async () => {
    const t = await newTicket(adminA, { orgId: orgA.id, requesterEmail: 'rita@contoso.test', requesterName: 'Rita' });
    await clearQueuedEmails();
    const resolved = await api.patch(`/tickets/${t.id}`, { token: techA, body: { status: 'resolved', priority: 'p1' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', priority: 'p1', closedAt: null });
    expect(resolved.body.resolvedAt).not.toBeNull();
    expect((Date.parse(resolved.body.dueAt) - Date.parse(t.createdAt)) / 3_600_000).toBe(4);
    const mails = await queuedEmails('rita@contoso.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: `[#${t.number}] Printer on fire` });
    expect(mails[0].text).toContain('changed from New to Resolved');

    const reopened = await api.patch(`/tickets/${t.id}`, { token: techA, body: { status: 'open', dueAt: '2030-01-01T00:00:00.000Z' } });
    expect(reopened.body).toMatchObject({ status: 'open', resolvedAt: null, dueAt: '2030-01-01T00:00:00.000Z' });
    // A patch that changes nothing writes nothing and mails nobody.
    await clearQueuedEmails();
    const same = await api.patch(`/tickets/${t.id}`, { token: techA, body: { status: 'open' } });
    expect(same.body.updatedAt).toBe(reopened.body.updatedAt);
    expect(await queuedEmails()).toHaveLength(0);
    expect((await api.patch(`/tickets/${t.id}`, { token: techA, body: {} })).status).toBe(400);
    const audit = await db.auditLog.findMany({ where: { action: 'ticket.update', targetId: t.id }, orderBy: { createdAt: 'asc' } });
    expect(audit[0].details).toMatchObject({ fields: expect.arrayContaining(['priority', 'status']), status: { from: 'new', to: 'resolved' } });
  });
});

describe('comments and visibility', () => {
  it('keeps internal notes from customers; a service-desk reply opens the ticket, a customer reply reopens it', async () => {
    const t = await newTicket(customerA, { subject: 'Cannot print' });
    await clearQueuedEmails();
    const note = await api.post(`/tickets/${t.id}/comments`, { token: techA, body: { content: 'Driver issue, checking', visibility: 'internal' } });
    expect(note.status).toBe(201);
    expect((await api.get(`/tickets/${t.id}`, { token: techA })).body.status).toBe('new');
    expect(await queuedEmails()).toHaveLength(0);
    const reply = await api.post(`/tickets/${t.id}/comments`, { token: techA, body: { content: 'Please restart the printer' } });
    expect(reply.body).toMatchObject({ visibility: 'public', authorType: 'user', authorName: 'Tom Tech', source: 'console', attachments: [] });
    const afterReply = (await api.get(`/tickets/${t.id}`, { token: techA })).body;
    expect(afterReply.status).toBe('open');
    expect(afterReply.firstResponseAt).not.toBeNull();
    const mail = await queuedEmails('cora@contoso.test');
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('Please restart the printer');

    const staffView = await api.get(`/tickets/${t.id}/comments`, { token: techA });
    expect(staffView.body.data.map((c: { visibility: string }) => c.visibility)).toEqual(['internal', 'public']);
    const customerView = await api.get(`/tickets/${t.id}/comments`, { token: customerA });
    expect(customerView.body.data.map((c: { id: string }) => c.id)).toEqual([reply.body.id]);
    const refused = await api.post(`/tickets/${t.id}/comments`, { token: customerA, body: { content: 'secret', visibility: 'internal' } });
    expect(refused.status).toBe(403);

    await api.patch(`/tickets/${t.id}`, { token: techA, body: { status: 'resolved' } });
    await api.post(`/tickets/${t.id}/comments`, { token: customerA, body: { content: 'Still broken' } });
    const reopened = (await api.get(`/tickets/${t.id}`, { token: techA })).body;
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null });
    expect((await api.post(`/tickets/${t.id}/comments`, { token: techA, body: { content: '   ' } })).status).toBe(400);
    expect(await db.auditLog.count({ where: { action: 'ticket.comment', targetId: t.id } })).toBe(3);
  });
});

describe('soft delete, restore and the Archived queue', () => {
  it('hides a deleted ticket from reads (404), refuses writes (409 TICKET_DELETED) and restores it intact', async () => {
    const t = await newTicket(adminA, { orgId: orgA.id, subject: 'Archive me' });
    await api.post(`/tickets/${t.id}/comments`, { token: adminA, body: { content: 'note' } });
    expect((await api.delete(`/tickets/${t.id}`, { token: techA })).status).toBe(403);
    expect((await api.delete(`/tickets/${t.id}`, { token: adminA })).status).toBe(204);

    expect((await api.get(`/tickets/${t.id}`, { token: adminA })).status).toBe(404);
    expect((await api.get(`/tickets/${t.id}/comments`, { token: adminA })).status).toBe(404);
    const patch = await api.patch(`/tickets/${t.id}`, { token: adminA, body: { status: 'open' } });
    expect(patch.status).toBe(409);
    expect(patch.body.error.code).toBe('TICKET_DELETED');
    expect((await api.post(`/tickets/${t.id}/comments`, { token: adminA, body: { content: 'x' } })).body.error.code).toBe('TICKET_DELETED');
    expect((await api.delete(`/tickets/${t.id}`, { token: adminA })).body.error.code).toBe('TICKET_DELETED');

    const live = await api.get('/tickets', { token: adminA, query: { search: 'Archive me' } });
    expect(live.body.data).toEqual([]);
    const archived = await api.get('/tickets', { token: adminA, query: { deleted: 'only', search: 'Archive me' } });
    expect(archived.body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
    expect(archived.body.data[0].deletedAt).not.toBeNull();
    expect((await api.get('/tickets', { token: techA, query: { deleted: 'only' } })).status).toBe(403);
    expect((await api.post(`/tickets/${t.id}/restore`, { token: techA })).status).toBe(403);

    const restored = await api.post(`/tickets/${t.id}/restore`, { token: adminA });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: t.id, number: t.number, deletedAt: null });
    expect((await api.get(`/tickets/${t.id}/comments`, { token: adminA })).body.data).toHaveLength(1);
    expect((await api.post(`/tickets/${t.id}/restore`, { token: adminA })).body.error.code).toBe('TICKET_NOT_DELETED');
    const actions = (await db.auditLog.findMany({ where: { targetId: t.id, action: { in: ['ticket.delete', 'ticket.restore'] } }, orderBy: { createdAt: 'asc' } })).map((a) => a.action);
    expect(actions).toEqual(['ticket.delete', 'ticket.restore']);
  });
});

describe('bulk actions', () => {
  it('reports updated, skipped and failed per ticket and applies the successes', async () => {
    const t1 = await newTicket(adminA, { orgId: orgA.id });
    const t2 = await newTicket(adminA, { orgId: orgA.id, status: 'pending' });
    const gone = await newTicket(adminA, { orgId: orgA.id });
    await api.delete(`/tickets/${gone.id}`, { token: adminA });
    const foreign = await newTicket(adminB, { orgId: (await makeOrg(partnerB.id)).id });
    const missing = '6f2a4c1e-0000-4000-8000-000000000000';

    const res = await api.post('/tickets/bulk', { token: techA, body: { action: 'status', status: 'pending', ids: [t1.id, t2.id, gone.id, foreign.id, missing, t1.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'status', updated: 1, skipped: 1, failed: 3 });
    const byId = Object.fromEntries(res.body.results.map((r: { id: string }) => [r.id, r]));
    expect(byId[t1.id].result).toBe('updated');
    expect(byId[t2.id].result).toBe('skipped');
    expect(byId[gone.id]).toMatchObject({ result: 'failed', error: { code: 'TICKET_DELETED' } });
    expect(byId[foreign.id]).toMatchObject({ result: 'failed', error: { code: 'NOT_FOUND' } });
    expect(byId[missing].error.code).toBe('NOT_FOUND');
    expect(res.body.results).toHaveLength(5);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('new');
    expect((await api.get(`/tickets/${t1.id}`, { token: techA })).body.status).toBe('pending');

    const assign = await api.post('/tickets/bulk', { token: techA, body: { action: 'assign', assigneeId: techAUser.id, ids: [t1.id, t2.id] } });
    expect(assign.body).toMatchObject({ updated: 2, skipped: 0, failed: 0 });
    const badAssignee = await api.post('/tickets/bulk', { token: techA, body: { action: 'assign', assigneeId: (await makePartnerUser(partnerB)).id, ids: [t1.id] } });
    expect(badAssignee.body.results[0]).toMatchObject({ result: 'failed', error: { code: 'INVALID_ASSIGNEE' } });

    expect((await api.post('/tickets/bulk', { token: techA, body: { action: 'delete', ids: [t1.id] } })).status).toBe(403);
    const del = await api.post('/tickets/bulk', { token: adminA, body: { action: 'delete', ids: [t1.id, gone.id] } });
    expect(del.body).toMatchObject({ updated: 1, skipped: 1, failed: 0 });
    expect((await api.get(`/tickets/${t1.id}`, { token: adminA })).status).toBe(404);

    const tooMany = Array.from({ length: 101 }, () => missing);
    expect((await api.post('/tickets/bulk', { token: adminA, body: { action: 'delete', ids: tooMany } })).status).toBe(400);
    expect((await api.post('/tickets/bulk', { token: adminA, body: { action: 'status', ids: [t2.id] } })).status).toBe(400);
    expect((await api.post('/tickets/bulk', { token: adminA, body: { action: 'merge', ids: [t2.id] } })).status).toBe(400);
  });
});

describe('service-management mode off', () => {
  it('refuses new tickets with 409 service_management_off, keeps existing ones working, and switching back restores creation', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const existing = await newTicket(admin, { orgId: org.id });
    const off = await api.patch('/orgs/partners/me', { token: admin, body: { serviceManagementMode: 'off' } });
    expect(off.body.serviceManagementMode).toBe('off');

    const refused = await api.post('/tickets', { token: admin, body: { orgId: org.id, subject: 'Nope' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('service_management_off');
    const customer = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
    expect((await api.post('/tickets', { token: customer, body: { subject: 'Nope' } })).body.error.code).toBe('service_management_off');
    expect(await db.ticket.count({ where: { partnerId: partner.id } })).toBe(1);
    expect((await db.ticketNumberCounter.findUniqueOrThrow({ where: { partnerId: partner.id } })).lastNumber).toBe(1);

    expect((await api.get(`/tickets/${existing.id}`, { token: admin })).status).toBe(200);
    expect((await api.get('/tickets', { token: admin })).body.pagination.total).toBe(1);
    expect((await api.patch(`/tickets/${existing.id}`, { token: admin, body: { status: 'open' } })).status).toBe(200);
    expect((await api.post(`/tickets/${existing.id}/comments`, { token: admin, body: { content: 'still here' } })).status).toBe(201);

    await api.patch('/orgs/partners/me', { token: admin, body: { serviceManagementMode: 'native' } });
    const again = await newTicket(admin, { orgId: org.id });
    expect(again.number).toBe(2);
  });

  it('the shared guard reads an unknown stored mode as native and answers 404 for a missing partner', async () => {
    const partner = await makePartner();
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'something-new' } });
    await expect(assertTicketCreationAllowed(db, partner.id)).resolves.toMatchObject({ id: partner.id, slug: partner.slug });
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'off' } });
    await expect(assertTicketCreationAllowed(db, partner.id)).rejects.toMatchObject({ status: 409, code: 'service_management_off' });
    await expect(assertTicketCreationAllowed(db, '6f2a4c1e-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });
});

describe('tenancy', () => {
  it('a caller of another partner gets 404 on every by-id route and the ticket is unchanged', async () => {
    const t = await newTicket(adminA, { orgId: orgA.id, subject: 'Tenant A only' });
    await api.post(`/tickets/${t.id}/comments`, { token: adminA, body: { content: 'hello' } });
    const before = await db.ticket.findUniqueOrThrow({ where: { id: t.id } });
    expect((await api.get(`/tickets/${t.id}`, { token: adminB })).status).toBe(404);
    const patch = await api.patch(`/tickets/${t.id}`, { token: adminB, body: { subject: 'Hijacked' } });
    expect(patch.status).toBe(404);
    expect(patch.body.error).toEqual({ code: 'NOT_FOUND', message: 'Ticket not found', details: [] });
    expect((await api.delete(`/tickets/${t.id}`, { token: adminB })).status).toBe(404);
    expect((await api.post(`/tickets/${t.id}/restore`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/tickets/${t.id}/comments`, { token: adminB })).status).toBe(404);
    expect((await api.post(`/tickets/${t.id}/comments`, { token: adminB, body: { content: 'x' } })).status).toBe(404);
    expect((await api.post('/tickets', { token: adminB, body: { orgId: orgA.id, subject: 'x' } })).status).toBe(404);
    expect((await api.get('/tickets', { token: adminB, query: { search: 'Tenant A only' } })).body.data).toEqual([]);
    expect(await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).toEqual(before);
    expect(await db.ticketComment.count({ where: { ticketId: t.id } })).toBe(1);
    // Within partner A, a technician limited to another organization does not see it either.
    const limited = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA2.id] }));
    expect((await api.get(`/tickets/${t.id}`, { token: limited })).status).toBe(404);
  });
});
