// Products mapped to the catalog, subscription links to manual contract lines, quantity
// observations of the scheduled sync and drift — against the real sandbox distributor.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { useDistributorSandbox } from '../helpers/distributor';
import { makeCatalogItem, makeContractWithLines } from '../helpers/distributor-billing';
import { db } from '@/lib/db';

const sandbox = useDistributorSandbox();

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminANoMfa: string;
let adminB: string;
let orgUser: string;
let sys: string;
let orgA1: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let integrationId: string;
let lineA1: string; // manual, quantity 25
let lineA1b: string; // manual, quantity 3
let perDeviceLine: string;
let lineA2: string;
let lineB: string;

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  orgB = await makeOrg(partnerB.id);
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminANoMfa = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  orgUser = await tokenFor(await makeOrgUser(partnerA, orgA1), { mfa: true });
  sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
  const saved = await api.post('/distributor/integration', { token: adminA, body: { clientId: sandbox().clientId, clientSecret: sandbox().clientSecret } });
  integrationId = saved.body.data.id;
  await runDueJobs();
  await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: orgA1.id } });
  await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1004', orgId: orgA2.id } });
  const c1 = await makeContractWithLines(orgA1, [{ quantity: '25' }, { quantity: '3' }, { type: 'per_device' }]);
  [lineA1, lineA1b, perDeviceLine] = c1.lines.map((l) => l.id);
  lineA2 = (await makeContractWithLines(orgA2, [{ quantity: '10' }])).lines[0].id;
  lineB = (await makeContractWithLines(orgB, [{ quantity: '1' }])).lines[0].id;
});

const link = (body: Record<string, unknown>, token = adminA) => api.post('/distributor/subscriptions/link', { token, body: { integrationId, ...body } });
const unlink = (body: Record<string, unknown>, token = adminA) => api.delete('/distributor/subscriptions/link', { token, body: { integrationId, ...body } });

describe('products', () => {
  it('lists only active products mapped by SKU to active catalog items, local data only', async () => {
    expect((await api.get('/distributor/products', { token: adminA })).body).toEqual({ data: [], integrationId });
    const m365 = await makeCatalogItem(partnerA.id, 'CFQ7TTC0LCHC', { name: 'M365 BP' });
    await makeCatalogItem(partnerA.id, 'ACB-1TB', { active: false });
    await makeCatalogItem(partnerA.id, 'ACM-OLD'); // the distributor product is inactive
    await makeCatalogItem(partnerB.id, 'ACAV-01'); // another partner's catalog
    const calls = sandbox().requests().length;
    const res = await api.get('/distributor/products', { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        distributorProductId: 'prd-m365-bp', catalogItemId: m365.id, catalogName: 'M365 BP', catalogSku: 'CFQ7TTC0LCHC', catalogDescription: 'Catalog CFQ7TTC0LCHC',
        productName: 'Microsoft 365 Business Premium', vendorSkuId: 'CFQ7TTC0LCHC', billingFrequency: 'Monthly', commitmentTermMonths: 12,
      },
    ]);
    expect(sandbox().requests().length).toBe(calls);
    expect((await api.get('/distributor/products', { token: adminB })).body).toEqual({ data: [], integrationId: null });
    expect((await api.get('/distributor/products', { token: orgUser })).status).toBe(403);
  });
});

describe('subscription links', () => {
  it('links a subscription to a manual line and shows the billing quantity', async () => {
    const res = await link({ distributorSubscriptionId: 'sub-2001', contractLineId: lineA1, syncEnabled: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ distributorSubscriptionId: 'sub-2001', contractLineId: lineA1, syncEnabled: true, billingQuantity: '25', quantity: '25' });
    const list = await api.get('/distributor/subscriptions', { token: adminA, query: { orgId: orgA1.id } });
    expect(list.body.data.find((s: { distributorSubscriptionId: string }) => s.distributorSubscriptionId === 'sub-2001')).toMatchObject({ billingQuantity: '25', contractLineId: lineA1 });
    const unmapped = await api.get('/distributor/subscriptions', { token: adminA, query: { unmappedOnly: 'true' } });
    expect(unmapped.body.data.map((s: { distributorSubscriptionId: string }) => s.distributorSubscriptionId)).not.toContain('sub-2001');
    expect(await db.auditLog.count({ where: { action: 'distributor_subscription.link' } })).toBe(1);
  });

  it('refuses lines that are not manual, of another organization or partner, or already linked', async () => {
    const before = await db.distributorSubscription.findMany({ orderBy: { id: 'asc' } });
    const perDevice = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: perDeviceLine });
    expect([perDevice.status, perDevice.body.error.code]).toEqual([409, 'LINE_NOT_MANUAL']);
    const otherOrg = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA2 });
    expect([otherOrg.status, otherOrg.body.error.code]).toEqual([404, 'LINE_NOT_FOUND']);
    expect((await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineB })).status).toBe(404);
    const taken = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1 });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'CONTRACT_LINE_ALREADY_LINKED']);
    const unmappedCompany = await link({ distributorSubscriptionId: 'sub-2003', contractLineId: lineA1b });
    expect([unmappedCompany.status, unmappedCompany.body.error.code]).toEqual([409, 'COMPANY_NOT_MAPPED']);
    expect((await link({ distributorSubscriptionId: 'sub-9999', contractLineId: lineA1b })).status).toBe(404);
    for (const body of [{ distributorSubscriptionId: 'sub-2002' }, { distributorSubscriptionId: 'sub-2002', contractLineId: 'x' }, { distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b, extra: true }]) {
      expect((await link(body)).status).toBe(400);
    }
    // Another partner, an organization token, no MFA.
    expect((await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b }, adminB)).status).toBe(404);
    expect((await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b }, orgUser)).status).toBe(403);
    const noMfa = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b }, adminANoMfa);
    expect([noMfa.status, noMfa.body.error.code]).toEqual([403, 'MFA_REQUIRED']);
    expect((await unlink({ distributorSubscriptionId: 'sub-2001' }, adminANoMfa)).status).toBe(403);
    expect((await unlink({ distributorSubscriptionId: 'sub-2001' }, adminB)).status).toBe(404);
    expect(await db.distributorSubscription.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('re-points a link to another manual line, and system callers link through the integration id', async () => {
    const res = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b }, sys);
    expect(res.body.data).toMatchObject({ contractLineId: lineA1b, syncEnabled: false, billingQuantity: '3' });
    const moved = await link({ distributorSubscriptionId: 'sub-2002', contractLineId: lineA1b, syncEnabled: true });
    expect(moved.body.data.syncEnabled).toBe(true);
  });

  it('unlinks idempotently', async () => {
    await link({ distributorSubscriptionId: 'sub-2004', contractLineId: lineA2 });
    const first = await unlink({ distributorSubscriptionId: 'sub-2004' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ unlinked: true, data: { contractLineId: null, billingQuantity: null, syncEnabled: false } });
    const again = await unlink({ distributorSubscriptionId: 'sub-2004' });
    expect(again.body).toMatchObject({ unlinked: false, data: { contractLineId: null } });
    // The no-op is a mutation request too: audited by the route wrapper.
    expect(await db.auditLog.count({ where: { action: 'distributor_subscription.unlink' } })).toBe(2);
  });
});

describe('scheduled sync and drift', () => {
  it('records observations for sync-enabled links without touching billing quantity; drift lists differences', async () => {
    expect((await api.get('/distributor/drift', { token: adminA, query: { integrationId } })).body).toEqual({ data: [] });
    const s = sandbox();
    s.state.subscriptions.find((x) => x.id === 'sub-2001')!.quantity = 28;
    s.state.subscriptions.find((x) => x.id === 'sub-2002')!.quantity = 3;
    await link({ distributorSubscriptionId: 'sub-2004', contractLineId: lineA2, syncEnabled: false });
    s.state.subscriptions.find((x) => x.id === 'sub-2004')!.quantity = 99;
    await api.post('/distributor/sync', { token: adminA, body: {} });
    await runDueJobs();
    const subs = await api.get('/distributor/subscriptions', { token: adminA });
    const byId = Object.fromEntries(subs.body.data.map((x: { distributorSubscriptionId: string }) => [x.distributorSubscriptionId, x]));
    expect(byId['sub-2001']).toMatchObject({ quantity: '28', billingQuantity: '25', lastObservedQuantity: '28', lastObservedAt: expect.any(String) });
    expect(byId['sub-2004']).toMatchObject({ quantity: '99', billingQuantity: '10', lastObservedQuantity: null });
    expect((await db.contractLine.findUniqueOrThrow({ where: { id: lineA1 } })).manualQuantity?.toString()).toBe('25');

    const calls = sandbox().requests().length;
    const auditCount = await db.auditLog.count();
    const drift = await api.get('/distributor/drift', { token: adminA, query: { integrationId } });
    expect(drift.status).toBe(200);
    // sub-2002 agrees (3 = 3); sub-2004 differs but is not sync-enabled.
    expect(drift.body.data).toEqual([
      { contractLineId: lineA1, orgId: orgA1.id, distributorSubscriptionId: 'sub-2001', productName: 'Microsoft 365 Business Premium', billingQuantity: '25', distributorQuantity: '28' },
    ]);
    expect(sandbox().requests().length).toBe(calls);
    expect(await db.auditLog.count()).toBe(auditCount);
  });

  it('drift is scoped: another partner 404, organization tokens 403, bad ids 400', async () => {
    expect((await api.get('/distributor/drift', { token: adminB, query: { integrationId } })).status).toBe(404);
    expect((await api.get('/distributor/drift', { token: orgUser, query: { integrationId } })).status).toBe(403);
    expect((await api.get('/distributor/drift', { token: adminA })).status).toBe(400);
    expect((await api.get('/distributor/drift', { token: adminA, query: { integrationId: 'x' } })).status).toBe(400);
    expect((await api.get('/distributor/drift', { token: sys, query: { integrationId } })).body.data).toHaveLength(1);
  });
});
