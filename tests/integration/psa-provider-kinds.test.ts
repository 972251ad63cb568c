// Every PSA provider kind against its sandbox (real sockets, the provider's wire shape): the live
// credentials test (good and bad), a full sync then an incremental one that asks the provider
// only for what changed (through a 429 with Retry-After), the company import, and tickets
// created, noted and closed through the adapter. ConnectWise and HaloPSA have their own deeper
// cases in psa-connections.test.ts; this file runs the common contract over all five kinds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { adapterFor } from '@/lib/psa/connection-credentials';
import type { SandboxBase, SandboxRequest } from '../../sandbox/psa-common/http';
import { startConnectWiseSandbox, type ConnectWiseSandbox } from '../../sandbox/connectwise/server';
import { startHaloSandbox, type HaloSandbox } from '../../sandbox/halopsa/server';
import { startAutotaskSandbox, type AutotaskSandbox } from '../../sandbox/autotask/server';
import { startZendeskSandbox, type ZendeskSandbox } from '../../sandbox/zendesk/server';
import { startSyncroSandbox, type SyncroSandbox } from '../../sandbox/syncro/server';

interface Kind<S extends SandboxBase & { credentials: Record<string, string> }> {
  provider: string;
  start: () => Promise<S>;
  badCredentials: (s: S) => Record<string, string>;
  seeded: (s: S) => { companies: number; contacts: number; tickets: number };
  /** Changes one company in the PSA and returns its external id and new name. */
  touchCompany: (s: S) => { externalId: string; name: string };
  /** The request that listed companies on the most recent sync. */
  companyCall: (requests: SandboxRequest[]) => SandboxRequest | undefined;
  /** Whether that request asked only for changes (a modified-since filter or cursor). */
  asksForChanges: (call: SandboxRequest, s: S) => boolean;
  ticketCompany: (s: S) => string;
  /** The note and closing the adapter's updateTicket sent, as the sandbox recorded them. */
  noted: (s: S, ticketId: string) => { note: boolean; closed: boolean };
}

const last = (path: RegExp) => (requests: SandboxRequest[]) => requests.filter((r) => path.test(r.path)).at(-1);

type AnySandbox = SandboxBase & { credentials: Record<string, string> };

// Each entry is typed by its own sandbox; the table holds them side by side.
const KINDS: Kind<AnySandbox>[] = [
  {
    provider: 'connectwise',
    start: startConnectWiseSandbox,
    badCredentials: (s: ConnectWiseSandbox) => ({ ...s.credentials, privateKey: 'wrong' }),
    seeded: (s: ConnectWiseSandbox) => ({ companies: s.state.companies.length, contacts: s.state.contacts.length, tickets: s.state.tickets.length }),
    touchCompany: (s: ConnectWiseSandbox) => (s.touchCompany(251, { name: 'Fabrikam Legal LLP' }), { externalId: '251', name: 'Fabrikam Legal LLP' }),
    companyCall: last(/\/company\/companies$/),
    asksForChanges: (c: SandboxRequest) => /^lastUpdated>=\[/.test(c.query.conditions ?? ''),
    ticketCompany: () => '250',
    noted: (s: ConnectWiseSandbox, id: string) => ({ note: s.state.notes.some((n) => String(n.ticketId) === id), closed: s.state.tickets.find((t) => String(t.id) === id)?.closedFlag === true }),
  },
  {
    provider: 'halopsa',
    start: startHaloSandbox,
    badCredentials: (s: HaloSandbox) => ({ ...s.credentials, clientSecret: 'nope' }),
    seeded: (s: HaloSandbox) => ({ companies: s.state.clients.length, contacts: s.state.users.length, tickets: s.state.tickets.length }),
    touchCompany: (s: HaloSandbox) => (Object.assign(s.state.clients[1], { name: 'Litware Accounting Ltd' }), { externalId: '13', name: 'Litware Accounting Ltd' }),
    companyCall: last(/^\/api\/Client$/),
    // HaloPSA's client list has no modified-since filter: it is read whole every time.
    asksForChanges: () => true,
    ticketCompany: () => '12',
    noted: (s: HaloSandbox, id: string) => ({ note: s.state.actions.some((a) => String(a.ticket_id) === id), closed: s.state.tickets.find((t) => String(t.id) === id)?.status_id === 9 }),
  },
  {
    provider: 'autotask',
    start: startAutotaskSandbox,
    badCredentials: (s: AutotaskSandbox) => ({ ...s.credentials, secret: 'wrong' }),
    // Company 0 is the tenant itself and is left out.
    seeded: (s: AutotaskSandbox) => ({ companies: s.state.Companies.length - 1, contacts: s.state.Contacts.length, tickets: s.state.Tickets.length }),
    touchCompany: (s: AutotaskSandbox) => (s.touch('Companies', 29683502, { companyName: 'Wingtip Partners LLC' }), { externalId: '29683502', name: 'Wingtip Partners LLC' }),
    companyCall: last(/\/Companies\/query$/),
    asksForChanges: (c: SandboxRequest) => (JSON.parse(c.body) as { filter: { field: string; op: string }[] }).filter.some((f) => f.field === 'lastActivityDate' && f.op === 'gte'),
    ticketCompany: () => '29683501',
    noted: (s: AutotaskSandbox, id: string) => ({ note: s.state.notes.some((n) => String(n.ticketID) === id && n.publish === 2), closed: s.state.Tickets.find((t) => String(t.id) === id)?.status === 5 }),
  },
  {
    provider: 'zendesk',
    start: startZendeskSandbox,
    badCredentials: (s: ZendeskSandbox) => ({ ...s.credentials, apiToken: 'wrong' }),
    // Agents are the help desk's staff, not contacts.
    seeded: (s: ZendeskSandbox) => ({ companies: s.state.organizations.length, contacts: s.state.users.filter((u) => u.role === 'end-user').length, tickets: s.state.tickets.length }),
    touchCompany: (s: ZendeskSandbox) => (s.touch('organizations', 360002, { name: 'Woodgrove Bank plc' }), { externalId: '360002', name: 'Woodgrove Bank plc' }),
    companyCall: last(/\/incremental\/organizations\.json$/),
    asksForChanges: (c: SandboxRequest) => Number(c.query.start_time) > 0,
    ticketCompany: () => '360001',
    noted: (s: ZendeskSandbox, id: string) => ({ note: s.state.comments.some((c) => String(c.ticketId) === id && !c.public && /resolved/.test(c.body)), closed: s.state.tickets.find((t) => String(t.id) === id)?.status === 'solved' }),
  },
  {
    provider: 'syncro',
    start: startSyncroSandbox,
    badCredentials: () => ({ apiKey: 'T-wrong' }),
    seeded: (s: SyncroSandbox) => ({ companies: s.state.customers.length, contacts: s.state.contacts.length, tickets: s.state.tickets.length }),
    touchCompany: (s: SyncroSandbox) => (s.touch('customers', 1551, { business_name: 'Coho Vineyard & Winery' }), { externalId: '1551', name: 'Coho Vineyard & Winery' }),
    companyCall: last(/\/api\/v1\/customers$/),
    // Syncro's customer list has no modified-since filter; the adapter keeps only the changed ones.
    asksForChanges: () => true,
    ticketCompany: () => '1550',
    noted: (s: SyncroSandbox, id: string) => ({ note: s.state.comments.some((c) => String(c.ticket_id) === id && c.hidden === true), closed: s.state.tickets.find((t) => String(t.id) === id)?.status === 'Resolved' }),
  },
] as never;

let token: string;
beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  token = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
});

describe.each(KINDS.map((k) => [k.provider, k] as const))('%s', (provider, kind) => {
  let sandbox: AnySandbox;
  let id: string;

  beforeAll(async () => {
    sandbox = await kind.start();
    const res = await api.post('/psa/connections', { token, body: { provider, name: `${provider} sandbox`, baseUrl: sandbox.url, credentials: sandbox.credentials } });
    expect(res.status, res.text).toBe(201);
    id = res.body.id;
    const row = await db.psaConnection.findUniqueOrThrow({ where: { id } });
    for (const secret of Object.values(sandbox.credentials)) if (secret.length > 8) expect(row.credentialsSealed).not.toContain(secret);
  });
  afterAll(() => sandbox?.close());

  it('tests the credentials live, and reports refused ones', async () => {
    expect((await api.post(`/psa/connections/${id}/test`, { token })).body).toMatchObject({ ok: true, error: null });
    const bad = await api.post('/psa/connections', { token, body: { provider, name: 'bad', baseUrl: sandbox.url, credentials: kind.badCredentials(sandbox) } });
    expect(bad.status, bad.text).toBe(201);
    const refused = await api.post(`/psa/connections/${bad.body.id}/test`, { token });
    expect(refused.body).toMatchObject({ ok: false, error: expect.stringMatching(/credentials|recognise/) });
  });

  it('syncs everything, then only what changed, through a rate limit', async () => {
    expect((await api.post(`/psa/connections/${id}/sync`, { token })).status).toBe(202);
    await runDueJobs();
    const first = (await api.get(`/psa/connections/${id}/status`, { token })).body;
    expect(first).toMatchObject({ syncStatus: 'succeeded', lastSyncError: null, stored: kind.seeded(sandbox as never) });
    expect(first.cursor.companies).not.toBeNull();

    const touched = kind.touchCompany(sandbox as never);
    sandbox.throttle(1, 1);
    const before = sandbox.requests.length;
    expect((await api.post(`/psa/connections/${id}/sync`, { token })).status).toBe(202);
    await runDueJobs();
    const second = (await api.get(`/psa/connections/${id}/status`, { token })).body;
    expect(second.syncStatus, second.lastSyncError).toBe('succeeded');
    expect(sandbox.requests.slice(before).map((r) => r.status)).toContain(429);
    expect(kind.asksForChanges(kind.companyCall(sandbox.requests)!, sandbox as never)).toBe(true);
    expect(second.lastSyncCounts.companies).toBeGreaterThanOrEqual(1);
    expect(second.lastSyncCounts.companies).toBeLessThan(first.stored.companies + 1);
    const company = await db.psaCompany.findFirstOrThrow({ where: { connectionId: id, externalId: touched.externalId } });
    expect(company.name).toBe(touched.name);
  });

  it('previews and commits the company import with external links', async () => {
    const p = await makePartner();
    const own = await tokenFor(await makePartnerUser(p), { mfa: true });
    const conn = await api.post('/psa/connections', { token: own, body: { provider, name: 'import', baseUrl: sandbox.url, credentials: sandbox.credentials } });
    const preview = await api.post(`/psa/connections/${conn.body.id}/import/preview`, { token: own });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ truncated: false, truncatedReason: null, linkedSkipped: 0 });
    expect(preview.body.rows).toHaveLength(kind.seeded(sandbox as never).companies);
    expect(preview.body.rows.every((r: { annotation: string }) => r.annotation === 'create')).toBe(true);
    const commit = await api.post(`/psa/connections/${conn.body.id}/import`, { token: own, body: {} });
    expect(commit.status, commit.text).toBe(200);
    expect(commit.body.errors).toEqual([]);
    const links = await db.organizationExternalLink.count({ where: { partnerId: p.id, externalSystem: `psa:${conn.body.id}` } });
    expect(links).toBe(preview.body.rows.length);
    expect((await api.post(`/psa/connections/${conn.body.id}/import/preview`, { token: own })).body).toMatchObject({ rows: [], linkedSkipped: links });
  });

  it('creates a ticket, adds an internal note and closes it', async () => {
    const adapter = adapterFor(await db.psaConnection.findUniqueOrThrow({ where: { id } }));
    const ticket = await adapter.createTicket({ companyExternalId: kind.ticketCompany(sandbox as never), summary: '[high] Disk almost full on FS01', description: 'C: has 2 % free' });
    expect(ticket).toMatchObject({ summary: '[high] Disk almost full on FS01', companyExternalId: kind.ticketCompany(sandbox as never) });
    expect(adapter.ticketUrl(ticket.externalId)).toMatch(/^http/);
    await adapter.updateTicket(ticket.externalId, { note: 'The alert resolved: condition cleared', close: true });
    expect(kind.noted(sandbox as never, ticket.externalId)).toEqual({ note: true, closed: true });
  });
});
