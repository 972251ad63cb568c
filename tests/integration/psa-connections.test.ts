// PSA connections against the ConnectWise and HaloPSA sandboxes started here: CRUD with sealed
// credentials, the live test (good and bad credentials), the queued sync (incremental by each
// provider's modified-since, 429 + Retry-After honoured), tickets, the external service-
// management binding and its 409 on delete, the company import (annotations, linked companies
// left out, truncation, external links), and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { adapterFor } from '@/lib/psa/connection-credentials';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { readImportCompanies } from '@/lib/psa/read-import-companies';
import { startConnectWiseSandbox, type ConnectWiseSandbox } from '../../sandbox/connectwise/server';
import { startHaloSandbox, type HaloSandbox } from '../../sandbox/halopsa/server';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let cw: ConnectWiseSandbox;
let halo: HaloSandbox;
let partner: Partner;
let admin: string;
let outsider: string;

const cwBody = () => ({ provider: 'connectwise', name: 'CW production', baseUrl: cw.url, credentials: cw.credentials });
const haloBody = () => ({ provider: 'halopsa', name: 'Halo', baseUrl: halo.url, credentials: halo.credentials });
const create = async (body: unknown, token = admin) => {
  const res = await api.post('/psa/connections', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; credentialHint: string };
};
const syncNow = async (id: string, token = admin) => {
  const res = await api.post(`/psa/connections/${id}/sync`, { token });
  expect(res.status, res.text).toBe(202);
  await runDueJobs();
  return (await api.get(`/psa/connections/${id}/status`, { token })).body;
};

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  [cw, halo] = await Promise.all([startConnectWiseSandbox(), startHaloSandbox()]);
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
});

afterAll(async () => {
  await Promise.all([cw?.close(), halo?.close()]);
});

describe('connections', () => {
  it('creates, reads, updates and deletes without ever returning the credentials', async () => {
    const created = await create(cwBody());
    expect(created).toMatchObject({ provider: 'connectwise', name: 'CW production', baseUrl: cw.url, syncStatus: 'never', inUse: false, lastTestOk: null });
    expect(JSON.stringify(created)).not.toContain(cw.credentials.privateKey);
    const row = await db.psaConnection.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.credentialsSealed).not.toContain(cw.credentials.privateKey);
    expect(row.credentialsSealed).not.toContain(cw.credentials.publicKey);

    const list = await api.get('/psa/connections', { token: admin });
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(created.id);
    expect(JSON.stringify(list.body)).not.toContain(cw.credentials.privateKey);

    const renamed = await api.patch(`/psa/connections/${created.id}`, { token: admin, body: { name: 'CW renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('CW renamed');
    // Credentials of the other provider's shape are refused.
    const wrongShape = await api.patch(`/psa/connections/${created.id}`, { token: admin, body: { credentials: halo.credentials } });
    expect(wrongShape.status).toBe(400);

    const audit = await db.auditLog.findMany({ where: { targetId: created.id }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['psa_connection.update']));

    expect((await api.delete(`/psa/connections/${created.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/psa/connections/${created.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses base URLs the outbound address rules block, and bad input', async () => {
    const meta = await api.post('/psa/connections', { token: admin, body: { ...haloBody(), baseUrl: 'http://169.254.169.254/' } });
    expect(meta.status).toBe(400);
    expect(meta.body.error.details[0].path).toBe('body.baseUrl');
    expect((await api.post('/psa/connections', { token: admin, body: { ...haloBody(), provider: 'freshdesk' } })).status).toBe(400);
    expect((await api.post('/psa/connections', { token: admin, body: { ...cwBody(), credentials: { companyId: 'x' } } })).status).toBe(400);
  });

  it('tests credentials live: good, bad, and through a rate limit', async () => {
    const good = await create(cwBody());
    const ok = await api.post(`/psa/connections/${good.id}/test`, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, error: null });
    expect(cw.requests.at(-1)).toMatchObject({ path: '/v4_6_release/apis/3.0/system/info', status: 200, headers: { clientid: cw.credentials.clientId } });

    cw.throttle(2, 1);
    const before = cw.requests.length;
    const throttled = await api.post(`/psa/connections/${good.id}/test`, { token: admin });
    expect(throttled.body.ok).toBe(true);
    expect(cw.requests.slice(before).map((r) => r.status)).toEqual([429, 429, 200]);

    const bad = await create({ ...cwBody(), credentials: { ...cw.credentials, privateKey: 'wrong' } });
    const refused = await api.post(`/psa/connections/${bad.id}/test`, { token: admin });
    expect(refused.status).toBe(200);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toMatch(/refused the credentials \(401\)/);
    expect((await api.get(`/psa/connections/${bad.id}`, { token: admin })).body.lastTestOk).toBe(false);

    const haloBad = await create({ ...haloBody(), credentials: { ...halo.credentials, clientSecret: 'nope' } });
    expect((await api.post(`/psa/connections/${haloBad.id}/test`, { token: admin })).body).toMatchObject({ ok: false, error: expect.stringMatching(/Invalid client credentials/) });
    const haloGood = await create(haloBody());
    expect((await api.post(`/psa/connections/${haloGood.id}/test`, { token: admin })).body.ok).toBe(true);
  });

  it('gives up with rate_limited when the PSA asks for a longer wait than the budget', async () => {
    const conn = await create(cwBody());
    cw.throttle(1, 3600);
    const res = await api.post(`/psa/connections/${conn.id}/test`, { token: admin });
    expect(res.body).toMatchObject({ ok: false, error: expect.stringMatching(/rate limit/) });
    cw.throttle(0);
  });
});

describe('sync', () => {
  it('syncs ConnectWise companies, contacts and tickets, then only what changed', async () => {
    const conn = await create(cwBody());
    const first = await syncNow(conn.id);
    expect(first).toMatchObject({ syncStatus: 'succeeded', lastSyncError: null, stored: { companies: cw.state.companies.length, contacts: 2, tickets: 2 } });
    expect(Date.parse(first.cursor.companies)).toBe(Math.max(...cw.state.companies.map((c) => Date.parse(c._info.lastUpdated))));
    const firstCompanyCall = cw.requests.filter((r) => r.path.endsWith('/company/companies')).at(-1)!;
    expect(firstCompanyCall.query.conditions).toBeUndefined();

    cw.touchCompany(251, { name: 'Fabrikam Legal LLP' });
    cw.throttle(1, 1);
    const second = await syncNow(conn.id);
    expect(second.syncStatus).toBe('succeeded');
    const call = cw.requests.filter((r) => r.path.endsWith('/company/companies')).at(-1)!;
    expect(call.query.conditions).toMatch(/^lastUpdated>=\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\]$/);
    // The cursor is inclusive (>=): the touched company plus the one at the old cursor, not all three.
    expect(call.query.conditions).toBe(`lastUpdated>=[${first.cursor.companies.replace(/\.\d{3}Z$/, 'Z')}]`);
    expect(second.lastSyncCounts.companies).toBe(2);
    const company = await db.psaCompany.findFirstOrThrow({ where: { connectionId: conn.id, externalId: '251' } });
    expect(company.name).toBe('Fabrikam Legal LLP');
  });

  it('syncs HaloPSA through its OAuth token and records a failure on bad credentials', async () => {
    const conn = await create(haloBody());
    const status = await syncNow(conn.id);
    expect(status).toMatchObject({ syncStatus: 'succeeded', stored: { companies: 2, contacts: 1, tickets: 2 } });
    const ticketCall = halo.requests.filter((r) => r.path === '/api/Tickets').at(-1)!;
    expect(ticketCall.query).toMatchObject({ pageinate: 'true', page_no: '1' });
    halo.state.tickets.push({ id: 7003, summary: 'Backup failed', status_name: 'New', client_id: 12, client_name: 'Adatum Clinic', dateoccurred: new Date().toISOString(), lastupdatedate: new Date().toISOString() });
    const again = await syncNow(conn.id);
    const incremental = halo.requests.filter((r) => r.path === '/api/Tickets').at(-1)!;
    expect(incremental.query).toMatchObject({ datesearch: 'lastupdatedate' });
    expect(again.lastSyncCounts.tickets).toBeGreaterThanOrEqual(1);
    expect(again.stored.tickets).toBe(3);

    const bad = await create({ ...haloBody(), credentials: { ...halo.credentials, clientSecret: 'nope' } });
    const failed = await syncNow(bad.id);
    expect(failed.syncStatus).toBe('failed');
    expect(failed.lastSyncError).toMatch(/credentials/);
  });

  it('the periodic sweep queues every connection, and each records its own outcome', async () => {
    const good = await create(haloBody());
    const bad = await create({ ...haloBody(), credentials: { ...halo.credentials, clientSecret: 'nope' } });
    await enqueueJob(db, 'sync_psa_all', {});
    await runDueJobs();
    const status = async (id: string) => (await api.get(`/psa/connections/${id}/status`, { token: admin })).body.syncStatus;
    expect(await status(good.id)).toBe('succeeded');
    expect(await status(bad.id)).toBe('failed');
  });

  it('creates tickets through both adapters', async () => {
    const cwConn = await db.psaConnection.findFirstOrThrow({ where: { partnerId: partner.id, provider: 'connectwise', lastTestOk: true } });
    const t1 = await adapterFor(cwConn).createTicket({ companyExternalId: '250', summary: 'Disk almost full on FS01', description: 'From an alert' });
    expect(t1).toMatchObject({ summary: 'Disk almost full on FS01', companyExternalId: '250', status: 'New' });
    const haloConn = await db.psaConnection.findFirstOrThrow({ where: { partnerId: partner.id, provider: 'halopsa', lastTestOk: true } });
    const t2 = await adapterFor(haloConn).createTicket({ companyExternalId: '13', summary: 'CPU high on SQL01' });
    expect(t2).toMatchObject({ summary: 'CPU high on SQL01', companyExternalId: '13', companyName: 'Litware Accounting' });
  });
});

describe('service management binding and tickets', () => {
  it('binds external mode to a live connection of the partner only, and refuses deleting it', async () => {
    const p = await makePartner();
    const token = await tokenFor(await makePartnerUser(p), { mfa: true });
    const conn = await create(haloBody(), token);
    const foreign = await create(haloBody());
    const patch = (body: unknown) => api.patch('/orgs/partners/me', { token, body });
    expect((await patch({ serviceManagementMode: 'external', serviceManagementPsaConnectionId: foreign.id })).status).toBe(400);
    expect((await patch({ serviceManagementMode: 'external', serviceManagementPsaConnectionId: '7b0e1f9a-1111-4c3d-9a6b-2f1c3d4e5f60' })).status).toBe(400);
    const bound = await patch({ serviceManagementMode: 'external', serviceManagementPsaConnectionId: conn.id });
    expect(bound.status).toBe(200);
    expect((await api.get(`/psa/connections/${conn.id}`, { token })).body.inUse).toBe(true);

    expect((await api.get('/psa/tickets', { token })).body.data).toEqual([]);
    await syncNow(conn.id, token);
    const tickets = await api.get('/psa/tickets', { token });
    expect(tickets.status).toBe(200);
    expect(tickets.body.data.length).toBeGreaterThan(0);
    expect(tickets.body.data[0].connectionId).toBe(conn.id);
    const filtered = await api.get(`/psa/connections/${conn.id}/tickets`, { token, query: { search: 'vpn' } });
    expect(filtered.body.data.map((t: { summary: string }) => t.summary)).toEqual(['VPN drops every hour']);

    const refused = await api.delete(`/psa/connections/${conn.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PSA_CONNECTION_IN_USE');
    expect(await db.psaConnection.count({ where: { id: conn.id } })).toBe(1);
    await patch({ serviceManagementMode: 'native' });
    expect((await api.delete(`/psa/connections/${conn.id}`, { token })).status).toBe(204);
  });
});

describe('company import', () => {
  it('previews companies as import rows, commits them with external links, then leaves them out', async () => {
    const p = await makePartner();
    const token = await tokenFor(await makePartnerUser(p), { mfa: true });
    const existing = await makeOrg(p.id, 'Northwind Traders');
    const conn = await create(cwBody(), token);
    const preview = await api.post(`/psa/connections/${conn.id}/import/preview`, { token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ truncated: false, truncatedReason: null, linkedSkipped: 0 });
    const byName = Object.fromEntries(preview.body.rows.map((r: { organization: string }) => [r.organization, r]));
    expect(byName['Contoso Dental']).toMatchObject({ annotation: 'create', externalSystem: `psa:${conn.id}`, externalId: '250' });
    expect(byName['Northwind Traders']).toMatchObject({ annotation: 'name-match', organizationId: existing.id });

    const commit = await api.post(`/psa/connections/${conn.id}/import`, {
      token,
      body: { acknowledgements: [{ externalId: '252', expectedAnnotation: 'name-match', expectedOrganizationId: existing.id }] },
    });
    expect(commit.status, commit.text).toBe(200);
    expect(commit.body.errors).toEqual([]);
    expect(commit.body.imported.length).toBeGreaterThanOrEqual(2);
    const links = await db.organizationExternalLink.findMany({ where: { partnerId: p.id, externalSystem: `psa:${conn.id}` } });
    expect(links.map((l) => l.externalId).sort()).toEqual(cw.state.companies.map((c) => String(c.id)).sort());
    expect(links.find((l) => l.externalId === '252')?.orgId).toBe(existing.id);

    const again = await api.post(`/psa/connections/${conn.id}/import/preview`, { token });
    expect(again.body.rows).toEqual([]);
    expect(again.body.linkedSkipped).toBe(cw.state.companies.length);
  });

  it('bounds the preview by the company cap and says so', async () => {
    const big = await startConnectWiseSandbox();
    try {
      big.addCompanies(520);
      const p = await makePartner();
      const token = await tokenFor(await makePartnerUser(p), { mfa: true });
      const conn = await create({ provider: 'connectwise', name: 'Big', baseUrl: big.url, credentials: big.credentials }, token);
      const preview = await api.post(`/psa/connections/${conn.id}/import/preview`, { token });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ truncated: true, truncatedReason: 'company-cap' });
      expect(preview.body.rows).toHaveLength(500);
    } finally {
      await big.close();
    }
  });

  it('stops at the page guard and at the time budget, and says which', async () => {
    const conn = await create(cwBody());
    const row = await db.psaConnection.findUniqueOrThrow({ where: { id: conn.id } });
    const bounds = { companyCap: 500, timeBudgetMs: 60_000, pageGuard: 2, pageSize: 1 };
    const guarded = await readImportCompanies(row, bounds);
    expect(guarded).toMatchObject({ truncatedReason: 'page-guard' });
    expect(guarded.rows).toHaveLength(2);
    // A rate-limited first page (Retry-After: 1 s) spends the whole budget.
    cw.throttle(1, 1);
    const slow = await readImportCompanies(row, { ...bounds, timeBudgetMs: 500, pageGuard: 25 });
    expect(slow).toMatchObject({ truncatedReason: 'time-budget' });
    expect(slow.rows).toHaveLength(1);
  });

  it('needs MFA, orgs:write and sites:write; a missing connection is 404', async () => {
    const conn = await create(cwBody());
    const bare = await tokenFor(await makePartnerUser(partner));
    expect((await api.post(`/psa/connections/${conn.id}/import/preview`, { token: bare })).body.error.code).toBe('MFA_REQUIRED');
    const tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
    expect((await api.post(`/psa/connections/${conn.id}/import`, { token: tech, body: {} })).status).toBe(403);
    expect((await api.post('/psa/connections/7b0e1f9a-1111-4c3d-9a6b-2f1c3d4e5f60/import/preview', { token: admin })).status).toBe(404);
    expect((await api.post(`/psa/connections/${conn.id}/import`, { token: outsider, body: {} })).status).toBe(404);
  });

  it('answers 502 when the PSA refuses the stored credentials, writing nothing', async () => {
    const p = await makePartner();
    const token = await tokenFor(await makePartnerUser(p), { mfa: true });
    const conn = await create({ ...cwBody(), credentials: { ...cw.credentials, privateKey: 'wrong' } }, token);
    const res = await api.post(`/psa/connections/${conn.id}/import`, { token, body: {} });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('PSA_UNAUTHORIZED');
    expect(await db.organization.count({ where: { partnerId: p.id } })).toBe(0);
  });
});

describe('tenancy', () => {
  it('answers 404 to another partner for every connection route and changes nothing', async () => {
    const conn = await create(haloBody());
    const before = await db.psaConnection.findUniqueOrThrow({ where: { id: conn.id } });
    for (const [method, path] of [
      ['get', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/test'],
      ['post', '/sync'],
      ['get', '/status'],
      ['get', '/tickets'],
    ] as const) {
      const url = `/psa/connections/${conn.id}${path}`;
      const res = method === 'patch' ? await api.patch(url, { token: outsider, body: { name: 'stolen' } }) : await api[method](url, { token: outsider });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await api.get('/psa/connections', { token: outsider })).body.data.map((c: { id: string }) => c.id)).not.toContain(conn.id);
    expect(await db.psaConnection.findUniqueOrThrow({ where: { id: conn.id } })).toEqual(before);
  });
});
