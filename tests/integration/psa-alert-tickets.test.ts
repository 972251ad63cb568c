// Alerts open tickets in the partner's PSA in external service-management mode, against the
// Zendesk and ConnectWise sandboxes: an automation on alert.triggered with a create_ticket action
// queues open_psa_ticket instead of a local ticket; the job opens one ticket per alert through
// a rate limit (retried by the worker), links the organization's PSA company, and the alert
// shows the ticket's id and link. Resolving the alert adds an internal note, and closes the
// ticket when the alert resolved by itself. A refusal is recorded, not retried, until a
// technician asks again with POST /alerts/:id/psa-ticket, which also opens a ticket by hand for
// an alert no automation covers. The service desk's GET /psa/tickets lists the opened ticket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeJobsDue, runDueJobs } from '../helpers/jobs';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { raiseAlertInTx } from '@/lib/alerts/raise-alert';
import { transitionAlert } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import { matchAutomationEvents } from '@/lib/automations/sweeps';
import { startZendeskSandbox, type ZendeskSandbox } from '../../sandbox/zendesk/server';
import { startConnectWiseSandbox, type ConnectWiseSandbox } from '../../sandbox/connectwise/server';

let zd: ZendeskSandbox;
let cw: ConnectWiseSandbox;

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  [zd, cw] = await Promise.all([startZendeskSandbox(), startConnectWiseSandbox()]);
});
afterAll(async () => {
  await Promise.all([zd?.close(), cw?.close()]);
});

/** A partner in external mode bound to a new connection, with its companies imported as organizations. */
async function externalPartner(body: Record<string, unknown>) {
  const partner = await makePartner();
  const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const conn = await api.post('/psa/connections', { token, body });
  expect(conn.status, conn.text).toBe(201);
  expect((await api.post(`/psa/connections/${conn.body.id}/import`, { token, body: {} })).status).toBe(200);
  expect((await api.patch('/orgs/partners/me', { token, body: { serviceManagementMode: 'external', serviceManagementPsaConnectionId: conn.body.id } })).status).toBe(200);
  const links = await db.organizationExternalLink.findMany({ where: { partnerId: partner.id, externalSystem: `psa:${conn.body.id}` } });
  const orgOf = (externalId: string) => links.find((l) => l.externalId === externalId)!.orgId;
  return { partner, token, connectionId: conn.body.id as string, orgOf };
}

async function ticketAutomation(token: string, orgId: string) {
  const res = await api.post('/automations', { token, body: { orgId, name: 'PSA ticket on alert', trigger: { type: 'alert', severities: [] }, actions: [{ type: 'create_ticket', subject: 'Alert needs attention', description: 'Raised by the RMM' }] } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function raise(partnerId: string, orgId: string, title: string) {
  const alert = await db.$transaction((tx) =>
    raiseAlertInTx(tx, { partnerId, orgId, siteId: null, deviceId: null, ruleId: null, monitorId: null, openKey: `test:${randomUUID()}`, severity: 'high', title, message: `${title}: details`, source: 'rule', context: {} }),
  );
  expect(alert).not.toBeNull();
  await matchAutomationEvents();
  return alert!;
}

const psaTicketOf = async (token: string, alertId: string) => (await api.get(`/alerts/${alertId}`, { token })).body.psaTicket;

describe('alerts open PSA tickets in external mode', () => {
  it('opens one ticket per alert through a rate limit, shows it on the alert, and notes and closes it on auto-resolve', async () => {
    const { partner, token, connectionId, orgOf } = await externalPartner({ provider: 'zendesk', name: 'Zendesk', baseUrl: zd.url, credentials: zd.credentials });
    const orgId = orgOf('360001');
    const automationId = await ticketAutomation(token, orgId);
    const before = zd.state.tickets.length;

    // The PSA throttles with a wait longer than a call may spend: the job fails and is retried.
    zd.throttle(1, 3600);
    const alert = await raise(partner.id, orgId, 'Disk almost full on FS01');
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ connectionId, status: 'pending', externalId: null, lastError: expect.stringMatching(/rate limit/) });
    expect(zd.state.tickets.length).toBe(before);
    expect(await db.ticket.count({ where: { alertId: alert.id } })).toBe(0);

    expect(await makeJobsDue(['open_psa_ticket'])).toBe(1);
    await runDueJobs();
    const opened = await psaTicketOf(token, alert.id);
    expect(opened).toMatchObject({ status: 'open', externalId: expect.any(String), url: `${zd.url}/agent/tickets/${opened.externalId}`, resolution: null, lastError: null });
    const remote = zd.state.tickets.find((t) => String(t.id) === opened.externalId)!;
    expect(remote).toMatchObject({ subject: 'Alert needs attention', organization_id: 360001 });
    expect(zd.state.tickets.length).toBe(before + 1);

    // The same alert again (a second run of the automation): no second ticket.
    const again = await api.post(`/automations/${automationId}/trigger`, { token, body: { event: { data: { alertId: alert.id, severity: 'high' } } } });
    expect(again.status, again.text).toBe(202);
    await runDueJobs();
    const run = (await api.get(`/automations/runs/${again.body.id}`, { token })).body;
    expect(run.steps[0]).toMatchObject({ actionType: 'create_ticket', status: 'skipped' });
    expect(zd.state.tickets.length).toBe(before + 1);
    expect(await db.psaTicketRequest.count({ where: { partnerId: partner.id } })).toBe(1);

    // The service desk reads the PSA's tickets: the new one is there before the next sync.
    const desk = await api.get('/psa/tickets', { token });
    expect(desk.body.data.map((t: { externalId: string }) => t.externalId)).toContain(opened.externalId);

    // The condition clears: an internal note, and the ticket the RMM opened is solved.
    await transitionAlert({ userId: null, ctx: SYSTEM_CONTEXT }, alert.id, 'resolve', { audit: true });
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ resolution: 'closed' });
    expect(remote.status).toBe('solved');
    expect(zd.state.comments.filter((c) => c.ticketId === remote.id && !c.public).map((c) => c.body).at(-1)).toMatch(/resolved by itself/);
  });

  it('only adds a note when a technician resolves the alert', async () => {
    const { partner, token, orgOf } = await externalPartner({ provider: 'connectwise', name: 'CW', baseUrl: cw.url, credentials: cw.credentials });
    const orgId = orgOf('251');
    await ticketAutomation(token, orgId);
    const alert = await raise(partner.id, orgId, 'Backup failed');
    await runDueJobs();
    const opened = await psaTicketOf(token, alert.id);
    expect(opened).toMatchObject({ status: 'open', url: expect.stringContaining(`service_recid=${opened.externalId}`) });
    const remote = cw.state.tickets.find((t) => String(t.id) === opened.externalId)!;
    expect(remote.company).toMatchObject({ id: 251 });

    const resolved = await api.post(`/alerts/${alert.id}/resolve`, { token, body: { note: 'Replaced the tape' } });
    expect(resolved.status, resolved.text).toBe(200);
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ resolution: 'noted' });
    expect(cw.state.notes.filter((n) => n.ticketId === remote.id).map((n) => n.text)).toEqual([expect.stringMatching(/resolved by a technician[\s\S]*Replaced the tape/)]);
    expect(remote.closedFlag).toBeUndefined();
  });

  it('records a refusal on the alert without retrying it', async () => {
    const { partner, token, connectionId, orgOf } = await externalPartner({ provider: 'connectwise', name: 'CW', baseUrl: cw.url, credentials: cw.credentials });
    const orgId = orgOf('250');
    await ticketAutomation(token, orgId);
    expect((await api.patch(`/psa/connections/${connectionId}`, { token, body: { credentials: { ...cw.credentials, privateKey: 'revoked' } } })).status).toBe(200);
    const alert = await raise(partner.id, orgId, 'CPU high on SQL01');
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ status: 'failed', externalId: null, lastError: expect.stringMatching(/refused the credentials \(401\)/) });
    expect(await makeJobsDue(['open_psa_ticket'])).toBe(0);

    // Credentials mended, a technician asks again by hand: queued again, then opened.
    expect((await api.patch(`/psa/connections/${connectionId}`, { token, body: { credentials: cw.credentials } })).status).toBe(200);
    const retry = await api.post(`/alerts/${alert.id}/psa-ticket`, { token });
    expect(retry.status, retry.text).toBe(202);
    expect(retry.body).toMatchObject({ status: 'pending', lastError: null });
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ status: 'open', externalId: expect.any(String) });
  });

  it('opens a ticket by hand for an alert no automation covers, once', async () => {
    const { partner, token, orgOf } = await externalPartner({ provider: 'zendesk', name: 'Zendesk', baseUrl: zd.url, credentials: zd.credentials });
    const alert = await raise(partner.id, orgOf('360002'), 'Firewall offline');
    const before = zd.state.tickets.length;
    const first = await api.post(`/alerts/${alert.id}/psa-ticket`, { token });
    expect(first.status, first.text).toBe(202);
    await runDueJobs();
    const again = await api.post(`/alerts/${alert.id}/psa-ticket`, { token });
    expect(again.body).toMatchObject({ status: 'open', externalId: expect.any(String) });
    expect(zd.state.tickets.length).toBe(before + 1);
    expect(zd.state.tickets.at(-1)).toMatchObject({ subject: '[high] Firewall offline', organization_id: 360002 });
    // A manual ticket is only noted when the alert clears by itself: a person opened it.
    await transitionAlert({ userId: null, ctx: SYSTEM_CONTEXT }, alert.id, 'resolve');
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toMatchObject({ resolution: 'noted' });
    const outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    expect((await api.post(`/alerts/${alert.id}/psa-ticket`, { token: outsider })).status).toBe(404);
  });

  it('leaves alerts of a partner in native mode to local tickets, and shows no PSA ticket', async () => {
    const partner = await makePartner();
    const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const org = (await api.post('/orgs/organizations', { token, body: { name: 'Native Co' } })).body;
    await ticketAutomation(token, org.id);
    const alert = await raise(partner.id, org.id, 'Native alert');
    await runDueJobs();
    expect(await psaTicketOf(token, alert.id)).toBeNull();
    const refused = await api.post(`/alerts/${alert.id}/psa-ticket`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SERVICE_MANAGEMENT_NOT_EXTERNAL');
    expect(await db.ticket.count({ where: { partnerId: partner.id, source: 'automation' } })).toBe(1);
  });
});
