// Distributor orders end to end against the real sandbox: staging rules and every 422, preflight
// with the raw body, submit with its claim, a dropped response reconciled without a second write.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { useDistributorSandbox } from '../helpers/distributor';
import { makeCatalogItem, makeContractWithLines } from '../helpers/distributor-billing';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

const sandbox = useDistributorSandbox();

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let adminA: string;
let adminANoMfa: string;
let adminB: string;
let orgUser: string;
let orgA1: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let orgA3: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let integrationId: string;
let m365Item: string;
let backupItem: string;
let line2001: string;
let line2004: string;
const sub: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  partnerA = await makePartner();
  const partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  orgA3 = await makeOrg(partnerA.id);
  orgB = await makeOrg(partnerB.id);
  adminA = await tokenFor(await makePartnerUser(partnerA), { mfa: true });
  adminANoMfa = await tokenFor(await makePartnerUser(partnerA));
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  orgUser = await tokenFor(await makeOrgUser(partnerA, orgA1), { mfa: true });
  integrationId = (await api.post('/distributor/integration', { token: adminA, body: { clientId: sandbox().clientId, clientSecret: sandbox().clientSecret } })).body.data.id;
  await runDueJobs();
  await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1001', orgId: orgA1.id } });
  await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1004', orgId: orgA2.id } });
  // orgA3: only a company that is not order-ready.
  await api.post('/distributor/companies/map', { token: adminA, body: { integrationId, distributorCompanyId: 'cmp-1002', orgId: orgA3.id } });
  m365Item = (await makeCatalogItem(partnerA.id, 'CFQ7TTC0LCHC')).id;
  backupItem = (await makeCatalogItem(partnerA.id, 'ACB-1TB')).id;
  for (const s of await db.distributorSubscription.findMany({ where: { integrationId } })) sub[s.distributorSubscriptionId] = s.id;
  const c1 = await makeContractWithLines(orgA1, [{ quantity: '25' }, { quantity: '3' }]);
  line2001 = c1.lines[0].id;
  line2004 = (await makeContractWithLines(orgA2, [{ quantity: '10' }])).lines[0].id;
  await api.post('/distributor/subscriptions/link', { token: adminA, body: { integrationId, distributorSubscriptionId: 'sub-2001', contractLineId: line2001 } });
  await api.post('/distributor/subscriptions/link', { token: adminA, body: { integrationId, distributorSubscriptionId: 'sub-2002', contractLineId: c1.lines[1].id } });
  await api.post('/distributor/subscriptions/link', { token: adminA, body: { integrationId, distributorSubscriptionId: 'sub-2004', contractLineId: line2004 } });
});

async function directOrder(orgId: string) {
  const res = await api.post('/distributor/orders', { token: adminA, body: { orgId } });
  expect([200, 201], res.text).toContain(res.status);
  return res.body.data.id as string;
}
const stage = (orderId: string, body: Record<string, unknown>, token = adminA) => api.post(`/distributor/orders/${orderId}/lines`, { token, body });
const newBackup = { action: 'new_subscription', distributorProductId: 'prd-backup-1tb', catalogItemId: '', billingTerm: 'Monthly', quantity: '2' };

describe('direct orders', () => {
  it('creates one mutable direct order per organization', async () => {
    const first = await api.post('/distributor/orders', { token: adminA, body: { orgId: orgA1.id } });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'draft', orgId: orgA1.id, source: 'direct' });
    const again = await api.post('/distributor/orders', { token: adminA, body: { orgId: orgA1.id } });
    expect([again.status, again.body.data.id]).toEqual([200, first.body.data.id]);
  });

  it('needs exactly one order-ready company mapping; other partners’ organizations are 404', async () => {
    const none = await api.post('/distributor/orders', { token: adminA, body: { orgId: orgA3.id } });
    expect([none.status, none.body.error.code]).toEqual([409, 'ORDER_COMPANY_REQUIRED']);
    expect((await api.post('/distributor/orders', { token: adminA, body: { orgId: orgB.id } })).status).toBe(404);
    expect((await api.post('/distributor/orders', { token: adminB, body: { orgId: orgA1.id } })).status).toBe(404);
    expect((await api.post('/distributor/orders', { token: adminA, body: { orgId: 'x' } })).status).toBe(400);
    expect(await db.distributorOrder.count({ where: { orgId: { in: [orgA3.id, orgB.id] } } })).toBe(0);
  });
});

describe('staging rules', () => {
  it('new subscriptions need the exact active product/catalog pair and a strict body', async () => {
    const orderId = await directOrder(orgA1.id);
    const wrongPair = await stage(orderId, { ...newBackup, catalogItemId: m365Item });
    expect([wrongPair.status, wrongPair.body.error.code]).toEqual([422, 'PRODUCT_NOT_MAPPED']);
    for (const body of [
      { ...newBackup, catalogItemId: backupItem, billingTerm: 'Weekly' },
      { ...newBackup, catalogItemId: backupItem, quantity: '0' },
      { ...newBackup, catalogItemId: backupItem, quantity: 2 },
      { ...newBackup, catalogItemId: backupItem, contractLineId: line2001 },
      { action: 'upgrade', targetSubscriptionId: sub['sub-2001'] },
      { action: 'change_quantity', targetSubscriptionId: sub['sub-2001'], quantity: '-1' },
      { action: 'change_quantity', targetSubscriptionId: sub['sub-2001'], quantity: '30', contractLineId: line2001 },
      { action: 'cancel', targetSubscriptionId: sub['sub-2001'], cancelDate: 'tomorrow' },
    ]) {
      const res = await stage(orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.distributorOrderLine.count({ where: { orderId } })).toBe(0);
  });

  it('changes and cancellations: organization, link, commitment, date and one per subscription', async () => {
    const orderId = await directOrder(orgA1.id);
    const notInOrg = await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2004'], quantity: '12' });
    expect([notInOrg.status, notInOrg.body.error.code]).toEqual([422, 'SUBSCRIPTION_NOT_IN_ORG']);
    const noCommitment = await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2002'], quantity: '5' });
    expect([noCommitment.status, noCommitment.body.error.code]).toEqual([422, 'COMMITMENT_UNDETERMINED']);
    const future = await stage(orderId, { action: 'cancel', targetSubscriptionId: sub['sub-2001'], cancelDate: '2999-01-01' });
    expect([future.status, future.body.error.code]).toEqual([422, 'CANCEL_DATE_NOT_TODAY']);
    const ok = await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2001'], quantity: '30' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ action: 'change_quantity', submitState: 'pending', quantity: '30', contractLineId: line2001, targetSubscriptionId: sub['sub-2001'] });
    const dup = await stage(orderId, { action: 'cancel', targetSubscriptionId: sub['sub-2001'], cancelDate: today });
    expect(dup.status).toBe(409);
  });

  it('fails closed when the link or quantity changes while the line is authorised', async () => {
    const orderId = await directOrder(orgA2.id);
    // The billing quantity moves while the commitment rules are being fetched from the distributor.
    sandbox().onNextRequest({ method: 'GET', path: '/products/prd-m365-bp/dependencies' }, async () => {
      await db.contractLine.update({ where: { id: line2004 }, data: { manualQuantity: '11' } });
    });
    const res = await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2004'], quantity: '12' });
    expect([res.status, res.body.error.code]).toEqual([409, 'LINK_CHANGED']);
    expect(await db.distributorOrderLine.count({ where: { orderId } })).toBe(0);
    await db.contractLine.update({ where: { id: line2004 }, data: { manualQuantity: '10' } });
  });

  it('the active commitment must allow the action', async () => {
    const orderId = await directOrder(orgA2.id);
    const decrease = await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2004'], quantity: '5' });
    expect([decrease.status, decrease.body.error.code]).toEqual([422, 'COMMITMENT_FORBIDS_ACTION']);
    const cancel = await stage(orderId, { action: 'cancel', targetSubscriptionId: sub['sub-2004'] });
    expect([cancel.status, cancel.body.error.code]).toEqual([422, 'COMMITMENT_FORBIDS_ACTION']);
    expect((await stage(orderId, { action: 'change_quantity', targetSubscriptionId: sub['sub-2004'], quantity: '12' })).status).toBe(201);
  });

  it('patches only new-subscription lines; deletes with { removed: true }', async () => {
    const orderId = await directOrder(orgA1.id);
    const order = (await api.get(`/distributor/orders/${orderId}`, { token: adminA })).body.data;
    const change = order.lines.find((l: { action: string }) => l.action === 'change_quantity');
    const patch = await api.patch(`/distributor/orders/${orderId}/lines/${change.id}`, { token: adminA, body: { commitmentTermId: 'x' } });
    expect([patch.status, patch.body.error.code]).toEqual([409, 'LINE_NOT_EDITABLE']);
    expect((await api.patch(`/distributor/orders/${orderId}/lines/${change.id}`, { token: adminA, body: {} })).status).toBe(400);
    const extra = await stage(orderId, { ...newBackup, catalogItemId: backupItem });
    const removed = await api.delete(`/distributor/orders/${orderId}/lines/${extra.body.data.id}`, { token: adminA });
    expect([removed.status, removed.body]).toEqual([200, { removed: true }]);
    expect((await api.delete(`/distributor/orders/${orderId}/lines/${extra.body.data.id}`, { token: adminA })).status).toBe(404);
  });
});

describe('preflight, submit, reconcile', () => {
  it('preflight answers 422 with the distributor’s raw body, then ok once the line is completed', async () => {
    const orderId = await directOrder(orgA1.id);
    const line = await stage(orderId, { action: 'new_subscription', distributorProductId: 'prd-m365-bp', catalogItemId: m365Item, billingTerm: 'Monthly', quantity: '5' });
    expect(line.status, line.text).toBe(201);
    const writes = sandbox().writes().length;
    const bad = await api.post(`/distributor/orders/${orderId}/preflight`, { token: adminA });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ type: 'ValidationError', status: 422 });
    expect(bad.body).not.toHaveProperty('error');
    expect(JSON.stringify(bad.body.details)).toMatch(/commitmentTermId.*tenantDomain|tenantDomain.*commitmentTermId/s);
    const patched = await api.patch(`/distributor/orders/${orderId}/lines/${line.body.data.id}`, {
      token: adminA,
      body: { commitmentTermId: 'cmt-m365-monthly', provisioningDetails: [{ key: 'tenantDomain', values: ['contoso.onmicrosoft.com'] }] },
    });
    expect(patched.body.data).toMatchObject({ commitmentTermId: 'cmt-m365-monthly', catalogItemId: m365Item });
    expect((await api.post(`/distributor/orders/${orderId}/preflight`, { token: adminA })).body).toEqual({ ok: true });
    expect((await api.get(`/distributor/orders/${orderId}`, { token: adminA })).body.data.order.status).toBe('ready');
    expect(sandbox().writes().length).toBe(writes);
  });

  it('submits: lines succeed, the linked manual line takes the new quantity', async () => {
    const orderId = await directOrder(orgA1.id);
    const res = await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA });
    expect(res.status, res.text).toBe(200);
    expect(res.body.orderId).toBe(orderId);
    expect(res.body.status).toBe('completed');
    expect(res.body.lines).toHaveLength(2);
    expect(res.body.lines.every((l: { submitState: string }) => l.submitState === 'succeeded')).toBe(true);
    expect((await db.contractLine.findUniqueOrThrow({ where: { id: line2001 } })).manualQuantity?.toString()).toBe('30');
    expect(sandbox().state.subscriptions.find((s) => s.id === 'sub-2001')?.quantity).toBe(30);
    expect(sandbox().writes()).toHaveLength(2);
    // A completed order is not mutable: a new direct order is created next time.
    const again = await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA });
    expect(again.status).toBe(409);
    expect(await directOrder(orgA1.id)).not.toBe(orderId);
  });

  it('a concurrent submit loses with 409', async () => {
    const orderId = await directOrder(orgA2.id);
    const [a, b] = await Promise.all([
      api.post(`/distributor/orders/${orderId}/submit`, { token: adminA }),
      api.post(`/distributor/orders/${orderId}/submit`, { token: adminA }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await db.contractLine.findUniqueOrThrow({ where: { id: line2004 } })).manualQuantity?.toString()).toBe('12');
    expect(sandbox().writes().filter((w) => w.path === '/subscriptions/sub-2004')).toHaveLength(1);
  });

  it('a dropped response needs reconcile; reconcile resolves it without a second order', async () => {
    const orderId = await directOrder(orgA1.id);
    expect((await stage(orderId, { ...newBackup, catalogItemId: backupItem })).status).toBe(201);
    const before = sandbox().writes().length;
    sandbox().addFault({ method: 'POST', path: '/orders', mode: 'drop' });
    const res = await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('partially_failed');
    expect(res.body.lines[0]).toMatchObject({ submitState: 'needs_reconcile', error: expect.any(String) });
    expect(sandbox().writes().length).toBe(before + 1);

    const rec = await api.post(`/distributor/orders/${orderId}/reconcile`, { token: adminA });
    expect(rec.body).toEqual({ resolved: 1, stillUnknown: 0 });
    const detail = (await api.get(`/distributor/orders/${orderId}`, { token: adminA })).body.data;
    expect(detail.order.status).toBe('completed');
    expect(detail.lines[0]).toMatchObject({ submitState: 'succeeded', distributorOrderId: expect.stringMatching(/^ord-/) });
    // Exactly one write at the sandbox: the dropped one.
    expect(sandbox().writes().length).toBe(before + 1);
    expect(sandbox().state.orders.filter((o) => o.reference === detail.lines[0].id)).toHaveLength(1);
    expect((await api.post(`/distributor/orders/${orderId}/reconcile`, { token: adminA })).body).toEqual({ resolved: 0, stillUnknown: 0 });
  });

  it('an order left submitting by a process that died mid-submit is moved to reconcile by the sweep; a recent one is left alone', async () => {
    const stuck = await directOrder(orgA2.id);
    expect((await stage(stuck, { ...newBackup, catalogItemId: backupItem })).status).toBe(201);
    // The state a submit leaves when its process dies right after claiming: order submitting, lines in flight.
    await db.distributorOrder.update({ where: { id: stuck }, data: { status: 'submitting', submittedAt: new Date(Date.now() - 3600_000) } });
    await db.distributorOrderLine.updateMany({ where: { orderId: stuck }, data: { submitState: 'in_flight', attemptedAt: new Date(Date.now() - 3600_000) } });
    const fresh = await directOrder(orgA1.id);
    expect((await stage(fresh, { ...newBackup, catalogItemId: backupItem })).status).toBe(201);
    await db.distributorOrder.update({ where: { id: fresh }, data: { status: 'submitting', submittedAt: new Date() } });
    const writes = sandbox().writes().length;

    await enqueueJob(db, 'recover_distributor_submits', {});
    await runDueJobs();
    const detail = (await api.get(`/distributor/orders/${stuck}`, { token: adminA })).body.data;
    expect(detail.order.status).toBe('partially_failed');
    expect(detail.lines.map((l: { submitState: string }) => l.submitState)).toEqual(['needs_reconcile']);
    expect(detail.lines[0].error).toMatch(/interrupted/);
    expect((await db.distributorOrder.findUniqueOrThrow({ where: { id: fresh } })).status).toBe('submitting');
    expect(await db.auditLog.count({ where: { action: 'distributor_order.submit_recovered', targetId: stuck, actorType: 'system' } })).toBe(1);
    expect(sandbox().writes().length).toBe(writes); // the sweep itself writes nothing at the distributor
    // Out of the way of the next tests' direct orders.
    await db.distributorOrder.updateMany({ where: { id: { in: [fresh, stuck] } }, data: { status: 'cancelled' } });
  });

  it('reconcile leaves lines unknown while lookups fail; a rejection fails the line', async () => {
    const orderId = await directOrder(orgA1.id);
    await stage(orderId, { ...newBackup, catalogItemId: backupItem, quantity: '1' });
    sandbox().addFault({ method: 'POST', path: '/orders', mode: 'timeout' });
    expect((await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA })).body.lines[0].submitState).toBe('needs_reconcile');
    sandbox().addFault({ method: 'GET', path: '/orders', mode: 'reject', status: 503 });
    expect((await api.post(`/distributor/orders/${orderId}/reconcile`, { token: adminA })).body).toEqual({ resolved: 0, stillUnknown: 1 });
    // The hung request never reached the sandbox's books: the lookup settles it as failed.
    expect((await api.post(`/distributor/orders/${orderId}/reconcile`, { token: adminA })).body).toEqual({ resolved: 1, stillUnknown: 0 });
    expect((await api.get(`/distributor/orders/${orderId}`, { token: adminA })).body.data.order.status).toBe('failed');

    const rejected = await directOrder(orgA1.id);
    await stage(rejected, { ...newBackup, catalogItemId: backupItem });
    sandbox().addFault({ method: 'POST', path: '/orders', mode: 'reject', status: 422, body: { message: 'quota exceeded' } });
    const res = await api.post(`/distributor/orders/${rejected}/submit`, { token: adminA });
    expect(res.body).toMatchObject({ status: 'failed', lines: [{ submitState: 'failed', error: expect.any(String) }] });
  });

  it('a cancellation records 0 on the linked line', async () => {
    const orderId = await directOrder(orgA1.id);
    expect((await stage(orderId, { action: 'cancel', targetSubscriptionId: sub['sub-2001'], cancelDate: today })).status).toBe(201);
    expect((await api.post(`/distributor/orders/${orderId}/preflight`, { token: adminA })).body).toEqual({ ok: true });
    const res = await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA });
    expect(res.body.status).toBe('completed');
    expect((await db.contractLine.findUniqueOrThrow({ where: { id: line2001 } })).manualQuantity?.toString()).toBe('0');
    expect(sandbox().state.subscriptions.find((s) => s.id === 'sub-2001')?.status).toBe('Cancelled');
  });
});

describe('quote acceptance', () => {
  async function sentQuote(lines: { catalogItemId: string | null; quantity: string }[]) {
    return db.quote.create({
      data: {
        partnerId: partnerA.id,
        orgId: orgA2.id,
        title: 'Cloud licences',
        currency: 'USD',
        status: 'sent',
        lines: { create: lines.map((l, i) => ({ type: 'manual' as const, description: `Line ${i}`, unitPrice: '20.00', quantity: l.quantity, catalogItemId: l.catalogItemId, sortOrder: i })) },
      },
    });
  }

  it('stages an order of the mapped lines, marks the quote converted and sends nothing', async () => {
    const other = await makeCatalogItem(partnerA.id, 'LOCAL-ONLY');
    const quote = await sentQuote([{ catalogItemId: m365Item, quantity: '7' }, { catalogItemId: other.id, quantity: '1' }, { catalogItemId: backupItem, quantity: '4' }]);
    const requests = sandbox().requests().length;
    const res = await api.post(`/quotes/${quote.id}/accept`, { token: adminA });
    expect(res.status, res.text).toBe(200);
    const detail = (await api.get(`/quotes/${quote.id}`, { token: adminA })).body.data;
    expect(detail.quote.status).toBe('converted');
    expect(detail.distributorOrderId).toEqual(expect.any(String));
    expect(detail.distributorOrderLineCount).toBe(2);
    expect(sandbox().requests().length).toBe(requests);

    const orderId = detail.distributorOrderId;
    const order = (await api.get(`/distributor/orders/${orderId}`, { token: adminA })).body.data;
    expect(order.order).toMatchObject({ source: 'quote', quoteId: quote.id, status: 'awaiting_details', orgId: orgA2.id });
    expect(order.lines.map((l: { distributorProductId: string; quantity: string }) => [l.distributorProductId, l.quantity])).toEqual([['prd-m365-bp', '7'], ['prd-backup-1tb', '4']]);

    // Quote-staged lines: no public add or delete; PATCH completes them, keeping the linkage.
    expect((await stage(orderId, { ...newBackup, catalogItemId: backupItem })).body.error.code).toBe('QUOTE_ORDER_LOCKED');
    expect((await api.delete(`/distributor/orders/${orderId}/lines/${order.lines[0].id}`, { token: adminA })).status).toBe(409);
    const patched = await api.patch(`/distributor/orders/${orderId}/lines/${order.lines[0].id}`, {
      token: adminA,
      body: { commitmentTermId: 'cmt-m365-annual', provisioningDetails: [{ key: 'tenantDomain', values: ['tailspin.onmicrosoft.com'] }] },
    });
    expect(patched.body.data).toMatchObject({ quoteLineId: order.lines[0].quoteLineId, catalogItemId: m365Item, commitmentTermId: 'cmt-m365-annual' });
    expect((await api.post(`/distributor/orders/${orderId}/preflight`, { token: adminA })).body).toEqual({ ok: true });
    const submitted = await api.post(`/distributor/orders/${orderId}/submit`, { token: adminA });
    expect(submitted.body.status).toBe('completed');
    expect(sandbox().state.orders.filter((o) => o.companyId === 'cmp-1004').length).toBeGreaterThanOrEqual(2);
  });

  it('a quote without mapped lines is accepted as before', async () => {
    const quote = await sentQuote([{ catalogItemId: null, quantity: '1' }]);
    await api.post(`/quotes/${quote.id}/accept`, { token: adminA });
    const detail = (await api.get(`/quotes/${quote.id}`, { token: adminA })).body.data;
    expect([detail.quote.status, detail.distributorOrderId, detail.distributorOrderLineCount]).toEqual(['accepted', null, 0]);
  });
});

describe('listing and access', () => {
  it('lists an organization’s history newest first and the open queue', async () => {
    const history = await api.get('/distributor/orders', { token: adminA, query: { orgId: orgA1.id } });
    const created = history.body.data.map((o: { createdAt: string }) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(history.body.data.length).toBeGreaterThan(3);
    const queue = await api.get('/distributor/orders', { token: adminA });
    expect(queue.body.data.every((o: { status: string }) => ['draft', 'awaiting_details', 'ready', 'submitting', 'partially_failed'].includes(o.status))).toBe(true);
    expect((await api.get('/distributor/orders', { token: adminB })).body.data).toEqual([]);
  });

  it('another partner gets 404 and nothing changes; organization tokens 403; MFA on every mutation', async () => {
    const orderId = await directOrder(orgA1.id);
    const line = await stage(orderId, { ...newBackup, catalogItemId: backupItem });
    const before = await db.distributorOrderLine.findMany({ where: { orderId }, orderBy: { id: 'asc' } });
    const paths: [string, string, unknown][] = [
      ['post', `/distributor/orders/${orderId}/lines`, { ...newBackup, catalogItemId: backupItem }],
      ['patch', `/distributor/orders/${orderId}/lines/${line.body.data.id}`, { commitmentTermId: null }],
      ['delete', `/distributor/orders/${orderId}/lines/${line.body.data.id}`, undefined],
      ['post', `/distributor/orders/${orderId}/preflight`, undefined],
      ['post', `/distributor/orders/${orderId}/submit`, undefined],
      ['post', `/distributor/orders/${orderId}/reconcile`, undefined],
    ];
    expect((await api.get(`/distributor/orders/${orderId}`, { token: adminB })).status).toBe(404);
    for (const [method, path, body] of paths) {
      const call = api[method as 'post'];
      expect((await call(path, { token: adminB, body })).status, path).toBe(404);
      expect((await call(path, { token: orgUser, body })).status, path).toBe(403);
      const noMfa = await call(path, { token: adminANoMfa, body });
      expect([noMfa.status, noMfa.body.error.code], path).toEqual([403, 'MFA_REQUIRED']);
    }
    expect((await api.post('/distributor/orders', { token: adminANoMfa, body: { orgId: orgA1.id } })).status).toBe(403);
    expect((await api.get('/distributor/orders', { token: orgUser, query: { orgId: orgA1.id } })).status).toBe(403);
    expect(await db.distributorOrderLine.findMany({ where: { orderId }, orderBy: { id: 'asc' } })).toEqual(before);
  });
});
