import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { newCatalogItem, newContract, seedStaticGroup } from '../helpers/billing';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let orgA: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let admin: string;
let tech: string;
let customer: string;
let adminB: string;
let orgB: { id: string; partnerId: string };
let item: { id: string; name: string };

beforeAll(async () => {
  partnerA = await makePartner();
  const partnerB = await makePartner();
  orgB = await makeOrg(partnerB.id);
  orgA = await makeOrg(partnerA.id, 'Contoso');
  orgA2 = await makeOrg(partnerA.id, 'Fabrikam');
  admin = await tokenFor(await makePartnerUser(partnerA));
  tech = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician' }));
  customer = await tokenFor(await makeOrgUser(partnerA, orgA));
  adminB = await tokenFor(await makePartnerUser(partnerB));
  item = await newCatalogItem(admin, { name: 'Managed workstation', sku: 'MW-1', type: 'per_device', prices: [{ currency: 'EUR', unitPrice: '25.00' }, { currency: 'USD', unitPrice: '27.50' }, { currency: 'JPY', unitPrice: '3500.50' }] });
});

describe('catalog', () => {
  it('creates, lists, updates and soft-deletes items; SKUs are unique per partner', async () => {
    const svc = await newCatalogItem(admin, { name: 'Backup monitoring', sku: 'BK-1', description: 'Nightly', prices: [{ currency: 'EUR', unitPrice: '5' }] });
    expect(svc).toMatchObject({ partnerId: partnerA.id, type: 'service', active: true, prices: [{ currency: 'EUR', unitPrice: '5.00' }] });
    expect((await api.post('/catalog', { token: admin, body: { name: 'Dup', sku: 'bk-1', type: 'service' } })).body.error.code).toBe('SKU_TAKEN');
    const listed = await api.get('/catalog', { token: tech, query: { search: 'backup' } });
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([svc.id]);
    const patched = await api.patch(`/catalog/${svc.id}`, { token: admin, body: { active: false, prices: [{ currency: 'USD', unitPrice: '6.10' }] } });
    expect(patched.body.data).toMatchObject({ active: false, prices: [{ currency: 'USD', unitPrice: '6.10' }] });
    expect((await api.delete(`/catalog/${svc.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/catalog/${svc.id}`, { token: admin })).status).toBe(404);
    // The SKU of a deleted item is free again.
    await newCatalogItem(admin, { name: 'Backup v2', sku: 'BK-1' });
  });

  it('validates money, currencies and duplicates (400, nothing written)', async () => {
    const before = await db.catalogItem.count();
    const bad = [
      { name: 'x', type: 'service', prices: [{ currency: 'EUR', unitPrice: '1.234' }] },
      { name: 'x', type: 'service', prices: [{ currency: 'EUR', unitPrice: '12345678901' }] },
      { name: 'x', type: 'service', prices: [{ currency: 'EUR', unitPrice: 10 }] },
      { name: 'x', type: 'service', prices: [{ currency: 'eur', unitPrice: '1' }] },
      { name: 'x', type: 'service', prices: [{ currency: 'ABC', unitPrice: '1' }] },
      { name: 'x', type: 'service', prices: [{ currency: 'EUR', unitPrice: '1' }, { currency: 'EUR', unitPrice: '2' }] },
      { name: 'x', type: 'gadget' },
      { name: 'x', type: 'service', extra: true },
    ];
    for (const body of bad) {
      const res = await api.post('/catalog', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await db.catalogItem.count()).toBe(before);
  });

  it('enriches a draft from the catalog history without writing', async () => {
    const before = await db.catalogItem.count();
    const bySku = await api.post('/catalog/enrich', { token: admin, body: { sku: 'mw-1' } });
    expect(bySku.body.data).toMatchObject({ source: 'catalog_history', match: 'sku', matchedItemId: item.id, draft: { name: 'Managed workstation', type: 'per_device' } });
    const similar = await api.post('/catalog/enrich', { token: admin, body: { name: 'Managed workstation plus' } });
    expect(similar.body.data).toMatchObject({ match: 'similar_name', draft: { name: 'Managed workstation plus', type: 'per_device' } });
    expect(similar.body.data.draft.prices).toContainEqual({ currency: 'EUR', unitPrice: '25.00' });
    const none = await api.post('/catalog/enrich', { token: admin, body: { name: 'Microsoft 365 Business licence' } });
    expect(none.body.data).toMatchObject({ source: 'none', match: null, draft: { type: 'software_licence', prices: [] } });
    expect((await api.post('/catalog/enrich', { token: admin, body: {} })).status).toBe(400);
    // Another partner's history is not consulted.
    expect((await api.post('/catalog/enrich', { token: adminB, body: { sku: 'MW-1' } })).body.data.source).toBe('none');
    expect(await db.catalogItem.count()).toBe(before);
  });

  it('hides another partner’s items (404, unchanged)', async () => {
    expect((await api.get(`/catalog/${item.id}`, { token: adminB })).status).toBe(404);
    expect((await api.patch(`/catalog/${item.id}`, { token: adminB, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api.delete(`/catalog/${item.id}`, { token: adminB })).status).toBe(404);
    expect((await db.catalogItem.findUniqueOrThrow({ where: { id: item.id } })).name).toBe('Managed workstation');
    expect((await api.get('/catalog', { token: customer })).status).toBe(403);
  });
});

describe('contracts and lines', () => {
  it('creates a draft with lines priced from the catalog, edits, activates and cancels it', async () => {
    const site = await makeSite(orgA);
    const c = await newContract(admin, {
      orgId: orgA.id,
      lines: [
        { type: 'manual', description: 'Helpdesk retainer', unitPrice: '1500', manualQuantity: '1', taxRate: '20', sortOrder: 2 },
        { type: 'per_device', catalogItemId: item.id, deviceSetType: 'site', siteId: site.id, includedQuantity: 5 },
      ],
    });
    expect(c).toMatchObject({ status: 'draft', currency: 'EUR', startDate: '2026-01-15', nextPeriodStart: '2026-01-15', paymentTermsDays: 30 });
    // Ordered by (sortOrder, createdAt, id): the per-device line (sortOrder 0) first.
    expect(c.lines.map((l: { type: string }) => l.type)).toEqual(['per_device', 'manual']);
    expect(c.lines[0]).toMatchObject({ unitPrice: '25.00', description: 'Managed workstation', manualQuantity: null, deviceSetType: 'site', siteId: site.id, includedQuantity: 5, overageMode: 'bill', overagePrice: null, taxRate: '0' });
    expect(c.lines[1]).toMatchObject({ unitPrice: '1500.00', manualQuantity: '1.00', taxRate: '20' });

    const line = await api.post(`/contracts/${c.id}/lines`, { token: admin, body: { type: 'manual', catalogItemId: item.id, manualQuantity: '3.5' } });
    expect(line.status).toBe(201);
    expect(line.body.data).toMatchObject({ unitPrice: '25.00', manualQuantity: '3.50', description: 'Managed workstation' });
    const patched = await api.patch(`/contracts/${c.id}/lines/${line.body.data.id}`, { token: admin, body: { manualQuantity: '4', unitPrice: '19.99', sortOrder: 2147483647 } });
    expect(patched.body.data).toMatchObject({ manualQuantity: '4.00', unitPrice: '19.99', sortOrder: 2147483647 });
    expect((await api.delete(`/contracts/${c.id}/lines/${line.body.data.id}`, { token: admin })).status).toBe(204);
    expect((await api.delete(`/contracts/${c.id}/lines/${line.body.data.id}`, { token: admin })).body.error.code).toBe('LINE_NOT_FOUND');

    const active = await api.post(`/contracts/${c.id}/activate`, { token: admin });
    expect(active.body.data.status).toBe('active');
    expect((await api.post(`/contracts/${c.id}/activate`, { token: admin })).body.error.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await api.delete(`/contracts/${c.id}`, { token: admin })).body.error.code).toBe('CONTRACT_NOT_DRAFT');
    const cancelled = await api.post(`/contracts/${c.id}/cancel`, { token: admin, body: { reason: 'Customer left' } });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'Customer left' });
    expect((await api.post(`/contracts/${c.id}/lines`, { token: admin, body: { type: 'manual', unitPrice: '1', description: 'x' } })).body.error.code).toBe('CONTRACT_NOT_EDITABLE');
    expect((await api.get('/contracts', { token: tech, query: { orgId: orgA.id, status: 'cancelled' } })).body.data.map((x: { id: string }) => x.id)).toContain(c.id);
  });

  it('answers every line error code', async () => {
    const c = await newContract(admin, { orgId: orgA.id, lines: [{ type: 'per_device', unitPrice: '10', description: 'Devices', deviceSetType: 'organization_wide' }] });
    const lineId = c.lines[0].id;
    const otherSite = await makeSite(orgA2);
    const otherGroup = await seedStaticGroup(orgA2, []);
    const noEur = await newCatalogItem(admin, { prices: [{ currency: 'USD', unitPrice: '1' }] });
    const code = async (p: Promise<{ status: number; body: { error: { code: string } } }>) => {
      const r = await p;
      return `${r.status} ${r.body.error?.code}`;
    };
    const add = (body: object) => api.post(`/contracts/${c.id}/lines`, { token: admin, body });
    expect(await code(add({ type: 'per_device', unitPrice: '1', description: 'x', deviceSetType: 'site', siteId: otherSite.id }))).toBe('400 SITE_NOT_IN_ORG');
    expect(await code(add({ type: 'per_device', unitPrice: '1', description: 'x', deviceSetType: 'group', groupId: otherGroup.id }))).toBe('400 GROUP_NOT_IN_ORG');
    expect(await code(add({ type: 'manual', catalogItemId: '00000000-0000-4000-8000-000000000000' }))).toBe('400 CATALOG_ITEM_NOT_FOUND');
    // With description and unitPrice given the item is not needed for either, but still checked.
    const foreignItem = await newCatalogItem(adminB, { prices: [{ currency: 'EUR', unitPrice: '1' }] });
    for (const catalogItemId of ['00000000-0000-4000-8000-000000000000', foreignItem.id]) {
      expect(await code(add({ type: 'manual', catalogItemId, description: 'x', unitPrice: '1' }))).toBe('400 CATALOG_ITEM_NOT_FOUND');
      expect(await code(api.post('/contracts', { token: admin, body: { name: 'Unknown item', currency: 'EUR', startDate: '2026-01-15', orgId: orgA.id, lines: [{ type: 'manual', catalogItemId, description: 'x', unitPrice: '1' }] } }))).toBe('400 CATALOG_ITEM_NOT_FOUND');
    }
    expect(await code(add({ type: 'manual', catalogItemId: noEur.id }))).toBe('409 NO_PRICE_FOR_CURRENCY');
    const yen = await newContract(admin, { orgId: orgA.id, currency: 'JPY' });
    expect(await code(api.post(`/contracts/${yen.id}/lines`, { token: admin, body: { type: 'manual', catalogItemId: item.id } }))).toBe('409 PRICE_NOT_REPRESENTABLE');
    // Validation: malformed money, sort order, catalog item id.
    for (const body of [
      { type: 'manual', unitPrice: '1.001', description: 'x' },
      { type: 'manual', unitPrice: '12345678901', description: 'x' },
      { type: 'manual', unitPrice: '1', description: 'x', manualQuantity: '-1' },
      { type: 'manual', unitPrice: '1', description: 'x', sortOrder: -1 },
      { type: 'manual', unitPrice: '1', description: 'x', sortOrder: 2147483648 },
      { type: 'manual', unitPrice: '1', description: 'x', sortOrder: 1.5 },
      { type: 'manual', catalogItemId: 'not-a-uuid' },
      { type: 'manual', unitPrice: '1' },
      { type: 'per_device', unitPrice: '1', description: 'x' },
      { type: 'per_device', unitPrice: '1', description: 'x', deviceSetType: 'site' },
      { type: 'manual', unitPrice: '1', description: 'x', deviceSetType: 'organization_wide' },
      { type: 'one_time', unitPrice: '1', description: 'x' },
      { type: 'manual', unitPrice: '1', description: 'x', bogus: 1 },
    ]) {
      expect(await code(add(body)), JSON.stringify(body)).toBe('400 VALIDATION_ERROR');
    }
    const patch = (body: object, id = lineId) => api.patch(`/contracts/${c.id}/lines/${id}`, { token: admin, body });
    expect(await code(patch({}))).toBe('400 INVALID_LINE_PATCH');
    expect(await code(patch({ type: 'manual' }))).toBe('400 INVALID_LINE_PATCH');
    expect(await code(patch({ deviceSetType: 'site' }))).toBe('400 INVALID_LINE_PATCH');
    expect(await code(patch({ manualQuantity: '2' }))).toBe('400 INVALID_LINE_PATCH');
    expect(await code(patch({ siteId: otherSite.id }))).toBe('400 INVALID_LINE_PATCH');
    expect(await code(patch({ unitPrice: '1.234' }))).toBe('400 VALIDATION_ERROR');
    expect(await code(patch({ nope: true }))).toBe('400 VALIDATION_ERROR');
    expect(await code(patch({ unitPrice: '2' }, '00000000-0000-4000-8000-000000000000'))).toBe('404 LINE_NOT_FOUND');
    expect(await code(patch({ unitPrice: '2' }, 'garbage'))).toBe('404 LINE_NOT_FOUND');
    // Device-set fields of its own kind are patchable.
    const ok = await patch({ includedQuantity: 3, overageMode: 'flag', overagePrice: '12.5' });
    expect(ok.body.data).toMatchObject({ includedQuantity: 3, overageMode: 'flag', overagePrice: '12.50', deviceSetType: 'organization_wide' });
    const after = await db.contractLine.findMany({ where: { contractId: c.id } });
    expect(after).toHaveLength(1);
  });

  it('changes a draft’s currency only by clearing or re-pricing lines', async () => {
    const c = await newContract(admin, { orgId: orgA.id, lines: [{ type: 'manual', catalogItemId: item.id }] });
    const r1 = await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'USD' } });
    expect(r1.status).toBe(400);
    expect(r1.body.error.code).toBe('LINE_ACTION_REQUIRED');
    const r2 = await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'USD', reprice: true } });
    expect(r2.body.data).toMatchObject({ currency: 'USD', lines: [{ unitPrice: '27.50' }] });
    const r3 = await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'GBP', reprice: true } });
    expect(r3.body.error.code).toBe('NO_PRICE_FOR_CURRENCY');
    const r4 = await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'JPY', reprice: true } });
    expect(r4.body.error.code).toBe('PRICE_NOT_REPRESENTABLE');
    expect((await db.contract.findUniqueOrThrow({ where: { id: c.id } })).currency).toBe('USD');
    await api.post(`/contracts/${c.id}/lines`, { token: admin, body: { type: 'manual', unitPrice: '3', description: 'Custom' } });
    expect((await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'EUR', reprice: true } })).body.error.code).toBe('LINE_NOT_REPRICEABLE');
    const cleared = await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'GBP', clearLines: true } });
    expect(cleared.body.data).toMatchObject({ currency: 'GBP', lines: [] });
    expect((await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'CHF' } })).body.data.currency).toBe('CHF');
    expect((await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'CHF', clearLines: true, reprice: true } })).status).toBe(400);
    await api.post(`/contracts/${c.id}/activate`, { token: admin });
    expect((await api.post(`/contracts/${c.id}/currency`, { token: admin, body: { currency: 'EUR' } })).body.error.code).toBe('CONTRACT_NOT_DRAFT');
  });

  it('bulk-cancels and bulk-deletes with per-item results', async () => {
    const draft = await newContract(admin, { orgId: orgA.id });
    const active = await newContract(admin, { orgId: orgA.id });
    await api.post(`/contracts/${active.id}/activate`, { token: admin });
    const foreign = await newContract(adminB, { orgId: orgB.id });
    const del = await api.post('/contracts/bulk-delete', { token: admin, body: { ids: [draft.id, active.id, foreign.id] } });
    expect(del.body).toMatchObject({ updated: 1, failed: 2 });
    expect(del.body.results).toEqual([
      { id: draft.id, result: 'updated' },
      { id: active.id, result: 'failed', error: { code: 'CONTRACT_NOT_DRAFT', message: expect.any(String) } },
      { id: foreign.id, result: 'failed', error: { code: 'NOT_FOUND', message: expect.any(String) } },
    ]);
    const cancel = await api.post('/contracts/bulk-cancel', { token: admin, body: { ids: [active.id, active.id, foreign.id], reason: 'Consolidated' } });
    expect(cancel.body).toMatchObject({ updated: 1, failed: 1 });
    const again = await api.post('/contracts/bulk-cancel', { token: admin, body: { ids: [active.id] } });
    expect(again.body).toMatchObject({ skipped: 1 });
    expect((await db.contract.findUniqueOrThrow({ where: { id: active.id } })).cancelReason).toBe('Consolidated');
    expect((await db.contract.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('draft');
    expect((await api.post('/contracts/bulk-cancel', { token: admin, body: { ids: [] } })).status).toBe(400);
  });

  it('keeps other partners out (404, unchanged) and refuses technicians’ writes', async () => {
    const c = await newContract(admin, { orgId: orgA.id, lines: [{ type: 'manual', unitPrice: '1', description: 'x' }] });
    for (const res of [
      await api.get(`/contracts/${c.id}`, { token: adminB }),
      await api.patch(`/contracts/${c.id}`, { token: adminB, body: { name: 'Mine' } }),
      await api.post(`/contracts/${c.id}/lines`, { token: adminB, body: { type: 'manual', unitPrice: '1', description: 'x' } }),
      await api.patch(`/contracts/${c.id}/lines/${c.lines[0].id}`, { token: adminB, body: { unitPrice: '9' } }),
      await api.delete(`/contracts/${c.id}/lines/${c.lines[0].id}`, { token: adminB }),
      await api.post(`/contracts/${c.id}/activate`, { token: adminB }),
      await api.delete(`/contracts/${c.id}`, { token: adminB }),
    ]) expect(res.status).toBe(404);
    expect((await api.post('/contracts', { token: adminB, body: { orgId: orgA.id, name: 'x', currency: 'EUR', startDate: '2026-01-01' } })).status).toBe(404);
    const row = await db.contract.findUniqueOrThrow({ where: { id: c.id }, include: { lines: true } });
    expect(row).toMatchObject({ name: c.name, status: 'draft' });
    expect(row.lines[0].unitPrice.toFixed(2)).toBe('1.00');
    expect((await api.get(`/contracts/${c.id}`, { token: tech })).status).toBe(200);
    expect((await api.patch(`/contracts/${c.id}`, { token: tech, body: { name: 'x' } })).status).toBe(403);
  });

  it('refuses new contracts while service management is off', async () => {
    const partner = await makePartner();
    const org = await makeOrg(partner.id);
    const token = await tokenFor(await makePartnerUser(partner));
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'off' } });
    const res = await api.post('/contracts', { token, body: { orgId: org.id, name: 'x', currency: 'EUR', startDate: '2026-01-01' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('service_management_off');
    expect((await api.post('/catalog', { token, body: { name: 'x', type: 'service' } })).body.error.code).toBe('service_management_off');
    expect((await api.post('/quotes', { token, body: { orgId: org.id, title: 'x', currency: 'EUR' } })).body.error.code).toBe('service_management_off');
    expect((await api.post('/invoices', { token, body: { orgId: org.id, currency: 'EUR' } })).body.error.code).toBe('service_management_off');
    // Existing documents stay readable.
    expect((await api.get('/contracts', { token })).status).toBe(200);
    expect(await db.contract.count({ where: { partnerId: partner.id } })).toBe(0);
  });
});
