// Distributor routes against the real sandbox distributor: integration and credentials, sync
// jobs, companies with readiness, mapping, subscriptions, live product calls; access exactly as
// doc 2 says (partner/system + billing:manage, organization tokens refused, MFA on mutations).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { runDueJobs, pendingJobCount } from '../helpers/jobs';
import { useDistributorSandbox } from '../helpers/distributor';
import { db } from '@/lib/db';
import { crontab } from '@/worker/task-list';

const sandbox = useDistributorSandbox();

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string; // MFA
let adminANoMfa: string;
let adminB: string;
let readOnlyA: string;
let selectedA: string; // partner user reaching only orgA2
let sys: string;
let orgA1: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let orgUserA1: string;
let integrationId: string;

const creds = () => ({ clientId: sandbox().clientId, clientSecret: sandbox().clientSecret });

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  orgB = await makeOrg(partnerB.id);
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminANoMfa = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  readOnlyA = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }), { mfa: true });
  selectedA = await tokenFor(await makePartnerUser(partnerA, { orgAccess: 'selected', orgIds: [orgA2.id] }), { mfa: true });
  sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
  orgUserA1 = await tokenFor(await makeOrgUser(partnerA, orgA1), { mfa: true });
});

describe('integration', () => {
  it('is null before one is saved, and an active one needs credentials', async () => {
    expect((await api.get('/distributor/integration', { token: adminA })).body).toEqual({ data: null });
    const res = await api.post('/distributor/integration', { token: adminA, body: { name: 'Marketplace' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CREDENTIALS_REQUIRED');
    const half = await api.post('/distributor/integration', { token: adminA, body: { clientId: 'x' } });
    expect(half.status).toBe(400);
    const unknown = await api.post('/distributor/integration', { token: adminA, body: { ...creds(), apiUrl: 'http://evil' } });
    expect(unknown.status).toBe(400);
    expect(await db.distributorIntegration.count()).toBe(0);
  });

  it('stores credentials encrypted and queues an initial sync', async () => {
    const res = await api.post('/distributor/integration', { token: adminA, body: { name: 'Marketplace', ...creds() } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.syncQueued).toBe(true);
    expect(res.body.jobId).toEqual(expect.any(String));
    expect(res.body.data).toMatchObject({ partnerId: partnerA.id, name: 'Marketplace', status: 'active', hasCredentials: true, credentialsReadable: true, clientIdHint: '…ient', syncStatus: 'queued', syncJobId: res.body.jobId });
    expect(res.text).not.toContain(sandbox().clientSecret);
    integrationId = res.body.data.id;
    const row = await db.distributorIntegration.findUniqueOrThrow({ where: { id: integrationId } });
    expect(row.credentialsSealed).toMatch(/^c1\./);
    expect(JSON.stringify(row)).not.toContain(sandbox().clientSecret);
    expect(await pendingJobCount('distributor_sync')).toBe(1);
    const audit = await db.auditLog.findFirst({ where: { action: 'distributor_integration.create', targetId: integrationId } });
    expect(audit?.partnerId).toBe(partnerA.id);
    expect(JSON.stringify(audit?.details)).not.toContain(sandbox().clientSecret);
  });

  it('syncs companies, products and subscriptions in the background', async () => {
    await runDueJobs();
    const res = await api.get('/distributor/integration', { token: adminA });
    expect(res.body.data).toMatchObject({ syncStatus: 'succeeded', lastSyncError: null, lastSyncCounts: { companies: 4, subscriptions: 5, products: 4 } });
    expect(res.body.data.lastSyncAt).toEqual(expect.any(String));
  });

  it('an update without new credentials keeps them and queues nothing', async () => {
    const res = await api.post('/distributor/integration', { token: adminA, body: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ syncQueued: false, jobId: null, data: { name: 'Renamed', hasCredentials: true } });
    expect(await pendingJobCount('distributor_sync')).toBe(0);
  });

  it('tests stored and given credentials', async () => {
    expect((await api.post('/distributor/integration/test', { token: adminA, body: {} })).body).toEqual({ success: true, data: { companies: 4 } });
    const bad = await api.post('/distributor/integration/test', { token: adminA, body: { clientId: 'someone', clientSecret: 'wrong' } });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, error: expect.any(String) });
    expect((await api.post('/distributor/integration/test', { token: adminB, body: {} })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: 'distributor_integration.test' } })).toBe(3 - 1);
  });

  it('system callers must name the partner', async () => {
    const missing = await api.get('/distributor/integration', { token: sys });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('PARTNER_ID_REQUIRED');
    const res = await api.get('/distributor/integration', { token: sys, query: { partnerId: partnerA.id } });
    expect(res.body.data.id).toBe(integrationId);
    expect((await api.get('/distributor/integration', { token: sys, query: { partnerId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    // A partner caller naming another partner learns nothing.
    expect((await api.get('/distributor/integration', { token: adminB, query: { partnerId: partnerA.id } })).status).toBe(404);
  });
});

describe('sync route', () => {
  it('queues a sync and returns { queued, jobId, integrationId }', async () => {
    const res = await api.post('/distributor/sync', { token: adminA, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queued: true, jobId: expect.any(String), integrationId });
    // A second request while one waits replaces it instead of doubling.
    await api.post('/distributor/sync', { token: adminA, body: {} });
    expect(await pendingJobCount('distributor_sync')).toBe(1);
    await runDueJobs();
    expect(await db.auditLog.count({ where: { action: 'distributor.sync', partnerId: partnerA.id } })).toBe(2);
  });

  it('404 without an integration; a nightly crontab entry exists', async () => {
    expect((await api.post('/distributor/sync', { token: adminB, body: {} })).status).toBe(404);
    expect(crontab).toMatch(/distributor_sync_all/);
  });

  it('a sync with refused credentials is recorded as failed', async () => {
    const other = await makePartner();
    const token = await tokenFor(await makePartnerUser(other), { mfa: true });
    const saved = await api.post('/distributor/integration', { token, body: { clientId: 'c', clientSecret: 'wrong' } });
    expect(saved.body.syncQueued).toBe(true);
    await runDueJobs();
    const res = await api.get('/distributor/integration', { token });
    expect(res.body.data).toMatchObject({ syncStatus: 'failed', lastSyncError: expect.stringMatching(/credentials/) });
    expect((await api.get('/distributor/companies', { token })).body.data).toEqual([]);
  });
});

describe('companies', () => {
  it('lists readiness flags and never contact personal data', async () => {
    const res = await api.get('/distributor/companies', { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.integrationId).toBe(integrationId);
    const byId = Object.fromEntries(res.body.data.map((c: { distributorCompanyId: string }) => [c.distributorCompanyId, c]));
    expect(byId['cmp-1001']).toMatchObject({ name: 'Contoso Ltd', statusActive: true, primaryAdminReady: true, primaryBillingReady: true, primaryTechnicalReady: true, orderReady: true, orgId: null, ignored: false });
    expect(byId['cmp-1002']).toMatchObject({ statusActive: true, primaryTechnicalReady: false, orderReady: false });
    expect(byId['cmp-1003']).toMatchObject({ status: 'Inactive', statusActive: false, primaryAdminReady: true, orderReady: false });
    expect(byId['cmp-1004']).toMatchObject({ orderReady: true });
    expect(res.text).not.toMatch(/example\.test|Alice|Tina|\+1 555|contacts/);
  });

  it('maps, unmaps and ignores, audited', async () => {
    const map = await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: orgA1.id } });
    expect(map.status, map.text).toBe(200);
    expect(map.body.data).toMatchObject({ distributorCompanyId: 'cmp-1001', orgId: orgA1.id, ignored: false, mappedAt: expect.any(String) });
    const unmap = await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: null } });
    expect(unmap.body.data).toMatchObject({ orgId: null, mappedAt: null });
    const ignore = await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1003', ignored: true } });
    expect(ignore.body.data).toMatchObject({ ignored: true, orgId: null });
    await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: orgA1.id } });
    await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1004', orgId: orgA2.id } });
    const actions = (await db.auditLog.findMany({ where: { targetType: 'distributor_company' }, select: { action: true } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['distributor_company.map', 'distributor_company.unmap', 'distributor_company.ignore']));
  });

  it('a sync keeps mappings and ignore flags', async () => {
    await api.post('/distributor/sync', { token: adminA, body: {} });
    await runDueJobs();
    const rows = await db.distributorCompany.findMany({ where: { integrationId }, orderBy: { distributorCompanyId: 'asc' } });
    expect(rows.map((r) => [r.distributorCompanyId, r.orgId, r.ignored])).toEqual([
      ['cmp-1001', orgA1.id, false],
      ['cmp-1002', null, false],
      ['cmp-1003', null, true],
      ['cmp-1004', orgA2.id, false],
    ]);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const before = await db.distributorCompany.findMany({ orderBy: { id: 'asc' } });
    for (const body of [
      { integrationId, distributorCompanyId: 'cmp-1002' },
      { integrationId, distributorCompanyId: 'cmp-1002', orgId: 'not-a-uuid' },
      { integrationId, distributorCompanyId: 'cmp-1002', ignored: 'yes' },
      { integrationId, distributorCompanyId: '', ignored: true },
      { integrationId, distributorCompanyId: 'cmp-1002', ignored: true, extra: 1 },
      { integrationId: 'nope', distributorCompanyId: 'cmp-1002', ignored: true },
    ]) {
      const res = await api.post('/distributor/companies/map', { token: adminA, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await db.distributorCompany.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('404 for unknown companies, organizations of another partner, and another partner’s integration', async () => {
    const before = await db.distributorCompany.findMany({ orderBy: { id: 'asc' } });
    expect((await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-9999', ignored: true } })).status).toBe(404);
    expect((await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1002', orgId: orgB.id } })).status).toBe(404);
    expect((await api.post('/distributor/companies/map', { token: adminB, body: { integrationId, distributorCompanyId: 'cmp-1002', orgId: orgB.id } })).status).toBe(404);
    expect((await api.post('/distributor/companies/map', { token: adminB, body: { integrationId, distributorCompanyId: 'cmp-1002', ignored: true } })).status).toBe(404);
    expect(await db.distributorCompany.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect((await api.get('/distributor/companies', { token: adminB })).body).toEqual({ data: [], integrationId: null });
  });

  it('a caller reaching only some organizations sees and maps only within them', async () => {
    const res = await api.get('/distributor/companies', { token: selectedA });
    expect(res.body.data.map((c: { distributorCompanyId: string }) => c.distributorCompanyId).sort()).toEqual(['cmp-1002', 'cmp-1003', 'cmp-1004']);
    expect((await api.post('/distributor/companies/map', { token: selectedA, body: { integrationId, distributorCompanyId: 'cmp-1002', orgId: orgA1.id } })).status).toBe(404);
    expect((await api.post('/distributor/companies/map', { token: selectedA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: null } })).status).toBe(404);
    expect((await db.distributorCompany.findFirstOrThrow({ where: { distributorCompanyId: 'cmp-1001', integrationId } })).orgId).toBe(orgA1.id);
  });

  it('system callers map through the integration id', async () => {
    const res = await api.post('/distributor/companies/map', { token: sys, body: { integrationId, distributorCompanyId: 'cmp-1002', ignored: false } });
    expect(res.status).toBe(200);
  });
});

describe('subscriptions', () => {
  it('lists quantities as strings, unknown quantities as unknown, commitment evidence', async () => {
    const res = await api.get('/distributor/subscriptions', { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.integrationId).toBe(integrationId);
    const byId = Object.fromEntries(res.body.data.map((s: { distributorSubscriptionId: string }) => [s.distributorSubscriptionId, s]));
    expect(Object.keys(byId).sort()).toEqual(['sub-2001', 'sub-2002', 'sub-2003', 'sub-2004', 'sub-2005']);
    expect(byId['sub-2001']).toMatchObject({
      distributorCompanyId: 'cmp-1001', orgId: orgA1.id, companyName: 'Contoso Ltd', distributorProductId: 'prd-m365-bp', productName: 'Microsoft 365 Business Premium',
      quantity: '25', quantityKnown: true, billingQuantity: null, contractLineId: null, syncEnabled: false, lastObservedQuantity: null, lastObservedAt: null,
      activeCommitmentId: 'cmt-m365-monthly', activeCommitmentAmbiguous: false,
    });
    expect(byId['sub-2003']).toMatchObject({ quantity: null, quantityKnown: false, activeCommitmentId: null, activeCommitmentAmbiguous: true });
    expect(byId['sub-2004']).toMatchObject({ activeCommitmentId: 'cmt-m365-annual', activeCommitmentAmbiguous: false });
    expect(byId['sub-2005']).toMatchObject({ quantity: '0', quantityKnown: true, status: 'Cancelled' });
    expect(byId['sub-2002']).toMatchObject({ activeCommitmentId: null, activeCommitmentAmbiguous: false });
  });

  it('filters by organization, link state and limit', async () => {
    const org = await api.get('/distributor/subscriptions', { token: adminA, query: { orgId: orgA1.id } });
    expect(org.body.data.map((s: { distributorSubscriptionId: string }) => s.distributorSubscriptionId)).toEqual(['sub-2001', 'sub-2002']);
    expect((await api.get('/distributor/subscriptions', { token: adminA, query: { unmappedOnly: 'true', limit: 2 } })).body.data).toHaveLength(2);
    const byIntegration = await api.get('/distributor/subscriptions', { token: sys, query: { integrationId } });
    expect(byIntegration.body.data).toHaveLength(5);
    for (const limit of [0, 501, 'x']) expect((await api.get('/distributor/subscriptions', { token: adminA, query: { limit } })).status).toBe(400);
    expect((await api.get('/distributor/subscriptions', { token: adminA, query: { unmappedOnly: 'maybe' } })).status).toBe(400);
  });

  it('another partner gets 404 for the integration and organization, nothing of partner A', async () => {
    expect((await api.get('/distributor/subscriptions', { token: adminB, query: { integrationId } })).status).toBe(404);
    expect((await api.get('/distributor/subscriptions', { token: adminA, query: { orgId: orgB.id } })).status).toBe(404);
    expect((await api.get('/distributor/subscriptions', { token: adminB })).body).toEqual({ data: [], integrationId: null });
    expect((await api.get('/distributor/subscriptions', { token: selectedA, query: { orgId: orgA1.id } })).status).toBe(404);
    const visible = await api.get('/distributor/subscriptions', { token: selectedA });
    expect(visible.body.data.map((s: { distributorCompanyId: string }) => s.distributorCompanyId)).not.toContain('cmp-1001');
  });

  it('sync refreshes quantities and commitment evidence; vanished subscriptions are kept, marked absent', async () => {
    const s = sandbox();
    s.state.subscriptions.find((x) => x.id === 'sub-2001')!.quantity = 30;
    s.state.subscriptions.find((x) => x.id === 'sub-2003')!.quantity = 4;
    s.state.subscriptions = s.state.subscriptions.filter((x) => x.id !== 'sub-2005');
    await api.post('/distributor/sync', { token: adminA, body: {} });
    await runDueJobs();
    const rows = await db.distributorSubscription.findMany({ where: { integrationId } });
    const get = (id: string) => rows.find((r) => r.distributorSubscriptionId === id)!;
    expect(get('sub-2001').quantity?.toString()).toBe('30');
    expect(get('sub-2003').quantity?.toString()).toBe('4');
    expect(get('sub-2005').present).toBe(false);
    s.reset();
  });
});

describe('products (live calls)', () => {
  it('returns provisioning fields and commitment rules', async () => {
    const fields = await api.get('/distributor/products/prd-m365-bp/provision-details', { token: adminA });
    expect(fields.status).toBe(200);
    expect(fields.body.data).toEqual([
      { key: 'tenantDomain', label: 'Tenant domain', description: expect.any(String), valueType: 'Input', possibleValues: [] },
      { key: 'autoRenew', label: 'Auto-renew', description: expect.any(String), valueType: 'Single-Value', possibleValues: ['Yes', 'No'] },
    ]);
    const deps = await api.get('/distributor/products/prd-m365-bp/dependencies', { token: adminA });
    expect(deps.body.data.commitments[0]).toEqual({ id: 'cmt-m365-annual', term: 'Annual', allowForQuantityIncrease: true, allowForQuantityDecrease: false, allowForEarlyCancellation: false, cancellationFeeApplied: true });
    expect((await api.get('/distributor/products/prd-m365-bp/dependencies', { token: sys, query: { partnerId: partnerA.id } })).status).toBe(200);
  });

  it('404 for products never synchronised and for partners without an integration; 502 when the distributor fails', async () => {
    const calls = sandbox().requests().length;
    expect((await api.get('/distributor/products/prd-unknown/provision-details', { token: adminA })).status).toBe(404);
    expect((await api.get('/distributor/products/prd-m365-bp/dependencies', { token: adminB })).status).toBe(404);
    expect(sandbox().requests().length).toBe(calls);
    sandbox().addFault({ method: 'GET', path: '/products/prd-m365-bp/provision-details', mode: 'reject', status: 500 });
    const failed = await api.get('/distributor/products/prd-m365-bp/provision-details', { token: adminA });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('DISTRIBUTOR_UNAVAILABLE');
    sandbox().addFault({ method: 'GET', path: '/products/prd-m365-bp/dependencies', mode: 'timeout' });
    expect((await api.get('/distributor/products/prd-m365-bp/dependencies', { token: adminA })).status).toBe(502);
  });
});

describe('access', () => {
  const reads = ['/distributor/integration', '/distributor/companies', '/distributor/subscriptions', '/distributor/products/prd-m365-bp/provision-details', '/distributor/products/prd-m365-bp/dependencies'];
  const mutations: [string, () => Record<string, unknown>][] = [
    ['/distributor/integration', () => ({ name: 'x' })],
    ['/distributor/integration/test', () => ({})],
    ['/distributor/sync', () => ({})],
    ['/distributor/companies/map', () => ({ integrationId, distributorCompanyId: 'cmp-1002', ignored: true })],
  ];

  it('refuses organization-scoped tokens even for their own organization', async () => {
    for (const path of reads) expect((await api.get(path, { token: orgUserA1, query: { orgId: orgA1.id } })).status, path).toBe(403);
    for (const [path, body] of mutations) expect((await api.post(path, { token: orgUserA1, body: body() })).status, path).toBe(403);
  });

  it('needs billing:manage', async () => {
    for (const path of reads) expect((await api.get(path, { token: readOnlyA })).status, path).toBe(403);
    for (const [path, body] of mutations) expect((await api.post(path, { token: readOnlyA, body: body() })).status, path).toBe(403);
  });

  it('gates every mutation on MFA and changes nothing without it', async () => {
    const before = await db.distributorCompany.findMany({ orderBy: { id: 'asc' } });
    const integrationBefore = await db.distributorIntegration.findUniqueOrThrow({ where: { id: integrationId } });
    for (const [path, body] of mutations) {
      const res = await api.post(path, { token: adminANoMfa, body: body() });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('MFA_REQUIRED');
    }
    expect(await db.distributorCompany.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect(await db.distributorIntegration.findUniqueOrThrow({ where: { id: integrationId } })).toEqual(integrationBefore);
    // Reads need no MFA.
    expect((await api.get('/distributor/companies', { token: adminANoMfa })).status).toBe(200);
  });

  it('deactivating stops syncs and live calls', async () => {
    const res = await api.post('/distributor/integration', { token: adminA, body: { status: 'inactive' } });
    expect(res.body.data.status).toBe('inactive');
    const sync = await api.post('/distributor/sync', { token: adminA, body: {} });
    expect([sync.status, sync.body.error.code]).toEqual([409, 'INTEGRATION_INACTIVE']);
    expect((await api.get('/distributor/products/prd-m365-bp/dependencies', { token: adminA })).status).toBe(409);
    const again = await api.post('/distributor/integration', { token: adminA, body: { status: 'active' } });
    expect(again.body.syncQueued).toBe(true);
  });
});
