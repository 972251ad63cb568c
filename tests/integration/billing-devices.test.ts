import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { api } from '../helpers/http';
import { runDueJobs } from '../helpers/jobs';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { newContract, seedDevice, seedStaticGroup } from '../helpers/billing';

type Org = { id: string; partnerId: string };
let partner: Awaited<ReturnType<typeof makePartner>>;
let org: Org;
let admin: string;
let tech: string;
let customer: string;
let adminB: string;
let s1: { id: string };
let group: { id: string };
let contract: { id: string; lines: { id: string; type: string; deviceSetType: string | null }[] };
const dev: Record<string, string> = {};

beforeAll(async () => {
  partner = await makePartner();
  org = await makeOrg(partner.id, 'Contoso');
  admin = await tokenFor(await makePartnerUser(partner));
  tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }));
  customer = await tokenFor(await makeOrgUser(partner, org));
  adminB = await tokenFor(await makePartnerUser(await makePartner()));
  s1 = await makeSite(org, 'HQ');
  for (const h of ['s1-ws-03', 's1-ws-01', 's1-ws-02']) dev[h] = (await seedDevice(org, { hostname: h, siteId: s1.id })).id;
  dev['srv-02'] = (await seedDevice(org, { hostname: 'srv-02', osVersion: 'Windows Server 2022' })).id;
  dev['srv-01'] = (await seedDevice(org, { hostname: 'srv-01', osVersion: 'Windows Server 2019', status: 'offline' })).id;
  dev['lin-01'] = (await seedDevice(org, { hostname: 'lin-01', osType: 'linux', osVersion: 'Debian 12' })).id;
  dev['mac-01'] = (await seedDevice(org, { hostname: 'mac-01', osType: 'macos', osVersion: '15.1' })).id;
  dev['kiosk-01'] = (await seedDevice(org, { hostname: 'kiosk-01', tags: ['role:kiosk'] })).id;
  dev['pending-01'] = (await seedDevice(org, { hostname: 'pending-01', status: 'pending' })).id;
  dev['old-01'] = (await seedDevice(org, { hostname: 'old-01', status: 'decommissioned' })).id;
  group = await seedStaticGroup(org, [dev['mac-01']], 'Design team');
  contract = await newContract(admin, {
    orgId: org.id,
    startDate: '2026-01-15',
    lines: [
      { type: 'manual', description: 'Helpdesk', unitPrice: '500', sortOrder: 0 },
      { type: 'per_device', description: 'HQ devices', unitPrice: '20', deviceSetType: 'site', siteId: s1.id, includedQuantity: 2, overagePrice: '25', sortOrder: 1 },
      { type: 'per_device', description: 'Servers', unitPrice: '50', deviceSetType: 'role', roles: ['server'], includedQuantity: 1, overageMode: 'flag', sortOrder: 2 },
      { type: 'per_device', description: 'Design', unitPrice: '10', deviceSetType: 'group', groupId: group.id, sortOrder: 3 },
    ],
  });
  expect((await api.post(`/contracts/${contract.id}/activate`, { token: admin })).status).toBe(200);
});

describe('device billing evidence', () => {
  let invoiceId: string;
  let periodId: string;

  it('generates a period: invoice lines in order, exact amounts, outcome', async () => {
    const res = await api.post(`/contracts/${contract.id}/generate-invoice`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { period, invoice } = res.body.data;
    invoiceId = invoice.id;
    periodId = period.periodId;
    expect(invoice).toMatchObject({ status: 'draft', contractId: contract.id, periodStart: '2026-01-15', periodEnd: '2026-02-14', periodId, total: '625.00' });
    expect(invoice.lines.map((l: { description: string; quantity: string; overageQuantity: number | null; subtotal: string }) => [l.description, l.quantity, l.overageQuantity, l.subtotal])).toEqual([
      ['Helpdesk', '1.00', null, '500.00'],
      ['HQ devices', '2.00', 1, '65.00'],
      ['Servers', '1.00', 0, '50.00'],
      ['Design', '0.00', 1, '10.00'],
    ]);
    const outcome = await api.get(`/contracts/${contract.id}/periods/${periodId}/outcome`, { token: tech });
    expect(outcome.body.data).toEqual({
      periodId,
      contractId: contract.id,
      periodStart: '2026-01-15',
      periodEnd: '2026-02-14',
      invoiceId,
      currency: 'EUR',
      snapshotDeviceTotal: 8,
      uncoveredTotal: 1,
      uncoveredByRole: { kiosk: 1 },
      flaggedTotal: 2,
      billedOverageTotal: 2,
      billedOverageAmount: '35.00',
      generatedAt: expect.any(String),
    });
    expect((await api.get(`/contracts/${contract.id}/periods`, { token: tech })).body.data.map((p: { periodId: string }) => p.periodId)).toEqual([periodId]);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await api.get(`/contracts/${contract.id}/periods/${bad}/outcome`, { token: admin });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('PERIOD_NOT_FOUND');
    }
    expect((await db.contract.findUniqueOrThrow({ where: { id: contract.id } })).nextPeriodStart.toISOString().slice(0, 10)).toBe('2026-02-15');
  });

  it('lists per-device evidence with a cursor, and recorded: false where none was kept', async () => {
    const invoice = (await api.get(`/invoices/${invoiceId}`, { token: admin })).body.data;
    const [manual, site, servers, design] = invoice.lines;
    const all = await api.get(`/invoices/${invoiceId}/lines/${site.id}/devices`, { token: tech });
    expect(all.body).toEqual({
      recorded: true,
      data: [
        { deviceId: dev['s1-ws-01'], hostname: 's1-ws-01', role: 'workstation', countedAs: 'included' },
        { deviceId: dev['s1-ws-02'], hostname: 's1-ws-02', role: 'workstation', countedAs: 'included' },
        { deviceId: dev['s1-ws-03'], hostname: 's1-ws-03', role: 'workstation', countedAs: 'overage' },
      ],
      pagination: { nextCursor: null, limit: 100 },
    });
    const p1 = await api.get(`/invoices/${invoiceId}/lines/${servers.id}/devices`, { token: tech, query: { limit: 2 } });
    expect(p1.body.data.map((d: { hostname: string; countedAs: string }) => `${d.hostname}:${d.countedAs}`)).toEqual(['lin-01:included', 'srv-01:flagged']);
    const p2 = await api.get(`/invoices/${invoiceId}/lines/${servers.id}/devices`, { token: tech, query: { limit: 2, cursor: p1.body.pagination.nextCursor } });
    expect(p2.body.data.map((d: { hostname: string; role: string; countedAs: string }) => `${d.hostname}:${d.role}:${d.countedAs}`)).toEqual(['srv-02:server:flagged']);
    expect(p2.body.pagination.nextCursor).toBeNull();
    expect((await api.get(`/invoices/${invoiceId}/lines/${design.id}/devices`, { token: tech })).body.data).toEqual([{ deviceId: dev['mac-01'], hostname: 'mac-01', role: 'workstation', countedAs: 'overage' }]);
    expect((await api.get(`/invoices/${invoiceId}/lines/${manual.id}/devices`, { token: tech })).body).toEqual({ recorded: false, data: [], pagination: { nextCursor: null, limit: 100 } });
    // A line of an invoice generated before evidence was recorded.
    await db.invoiceLine.update({ where: { id: design.id }, data: { evidenceRecorded: false } });
    expect((await api.get(`/invoices/${invoiceId}/lines/${design.id}/devices`, { token: tech })).body.recorded).toBe(false);
    for (const [query, status] of [[{ limit: 501 }, 400], [{ limit: 0 }, 400], [{ cursor: 'forged' }, 400], [{ limit: 500 }, 200]] as const) {
      expect((await api.get(`/invoices/${invoiceId}/lines/${site.id}/devices`, { token: tech, query })).status, JSON.stringify(query)).toBe(status);
    }
    const missing = await api.get(`/invoices/${invoiceId}/lines/00000000-0000-4000-8000-000000000000/devices`, { token: tech });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'INVOICE_LINE_NOT_FOUND']);
    expect((await api.get(`/invoices/${invoiceId}/lines/${site.id}/devices`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/contracts/${contract.id}/periods/${periodId}/outcome`, { token: adminB })).status).toBe(404);
  });

  it('tells which line bills a device and how it matched', async () => {
    const billing = async (h: string, token = tech) => (await api.get(`/devices/${dev[h]}/billing`, { token })).body.data;
    expect(await billing('s1-ws-03')).toMatchObject({ billable: true, matchKind: 'site', contract: { id: contract.id, status: 'active' }, line: { id: contract.lines[1].id, deviceSetType: 'site' } });
    expect(await billing('srv-01')).toMatchObject({ billable: true, matchKind: 'role', role: 'server' });
    expect(await billing('mac-01')).toMatchObject({ billable: true, matchKind: 'group', line: { id: contract.lines[3].id } });
    expect(await billing('kiosk-01')).toMatchObject({ billable: false, reason: 'no_matching_line', role: 'kiosk', contract: null, line: null, matchKind: null });
    expect(await billing('pending-01')).toMatchObject({ billable: false, reason: 'device_not_active' });
    expect(await billing('old-01')).toMatchObject({ billable: false, reason: 'device_not_active' });
    const wide = await newContract(admin, { orgId: org.id, startDate: '2026-06-01', lines: [{ type: 'per_device', description: 'Everything else', unitPrice: '5', deviceSetType: 'organization_wide' }] });
    await api.post(`/contracts/${wide.id}/activate`, { token: admin });
    expect(await billing('kiosk-01')).toMatchObject({ billable: true, matchKind: 'organization_wide', contract: { id: wide.id } });
    await api.post(`/contracts/${wide.id}/cancel`, { token: admin, body: {} });
    const lonely = await makeOrg(partner.id);
    const lonelyDevice = await seedDevice(lonely);
    expect((await api.get(`/devices/${lonelyDevice.id}/billing`, { token: tech })).body.data).toMatchObject({ billable: false, reason: 'no_active_contract' });
    // Scope and permissions: partner or system scope with devices:read and contracts:read.
    expect((await api.get(`/devices/${dev['mac-01']}/billing`, { token: customer })).status).toBe(403);
    expect((await api.get(`/devices/${dev['mac-01']}/billing`, { token: adminB })).status).toBe(404);
    const noContracts = await db.role.create({ data: { partnerId: partner.id, name: 'Devices only', scope: 'partner', permissions: ['devices:read'] } });
    const limited = await makePartnerUser({ id: partner.id, roles: { x: noContracts.id } }, { role: 'x' });
    expect((await api.get(`/devices/${dev['mac-01']}/billing`, { token: await tokenFor(limited) })).status).toBe(403);
  });

  it('refuses generation when a line points at a removed group or site, writing nothing', async () => {
    const invoicesBefore = await db.invoice.count({ where: { contractId: contract.id } });
    await db.deviceGroup.delete({ where: { id: group.id } });
    const blocked = await api.post(`/contracts/${contract.id}/generate-invoice`, { token: admin });
    expect([blocked.status, blocked.body.error.code]).toEqual([409, 'GROUP_DELETED']);
    // A group that cannot be evaluated is an error for devices that reach it, not "not covered".
    const mac = await api.get(`/devices/${dev['mac-01']}/billing`, { token: tech });
    expect([mac.status, mac.body.error.code]).toEqual([409, 'GROUP_DELETED']);
    // A device matched before the broken line still answers.
    expect((await api.get(`/devices/${dev['s1-ws-01']}/billing`, { token: tech })).body.data.matchKind).toBe('site');
    await api.delete(`/contracts/${contract.id}/lines/${contract.lines[3].id}`, { token: admin });
    await db.site.update({ where: { id: s1.id }, data: { deletedAt: new Date() } });
    const site = await api.post(`/contracts/${contract.id}/generate-invoice`, { token: admin });
    expect([site.status, site.body.error.code]).toEqual([409, 'SITE_DELETED']);
    expect(await db.invoice.count({ where: { contractId: contract.id } })).toBe(invoicesBefore);
    expect(await db.contractPeriod.count({ where: { contractId: contract.id } })).toBe(1);
    expect((await db.contract.findUniqueOrThrow({ where: { id: contract.id } })).nextPeriodStart.toISOString().slice(0, 10)).toBe('2026-02-15');
    // Re-scoping the line lets billing continue.
    await api.patch(`/contracts/${contract.id}/lines/${contract.lines[1].id}`, { token: admin, body: { siteId: (await makeSite(org)).id } });
    expect((await api.post(`/contracts/${contract.id}/generate-invoice`, { token: admin })).status).toBe(201);
  });

  it('invoices every begun period from the worker sweep, and expires ended contracts', async () => {
    const p = await makePartner();
    const o = await makeOrg(p.id);
    const token = await tokenFor(await makePartnerUser(p));
    await seedDevice(o);
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
    const c = await newContract(token, { orgId: o.id, startDate: start, lines: [{ type: 'per_device', description: 'All', unitPrice: '3', deviceSetType: 'organization_wide' }] });
    await api.post(`/contracts/${c.id}/activate`, { token });
    const ended = await newContract(token, { orgId: o.id, startDate: '2025-01-01', endDate: '2025-01-31' });
    await db.contract.update({ where: { id: ended.id }, data: { status: 'active', nextPeriodStart: new Date('2025-02-01T00:00:00Z') } });
    const quote = await api.post('/quotes', { token, body: { orgId: o.id, title: 'Old offer', currency: 'EUR', recipientEmail: 'x@o.test', validUntil: '2099-01-01', lines: [{ type: 'one_time', description: 'x', unitPrice: '1' }] } });
    await api.post(`/quotes/${quote.body.data.quote.id}/send`, { token });
    await db.quote.update({ where: { id: quote.body.data.quote.id }, data: { validUntil: new Date('2025-01-01T00:00:00Z') } });
    await enqueueJob(db, 'billing_sweep', {});
    await runDueJobs();
    expect((await db.quote.findUniqueOrThrow({ where: { id: quote.body.data.quote.id } })).status).toBe('expired');
    const invoices = await db.invoice.findMany({ where: { contractId: c.id }, orderBy: { periodStart: 'asc' } });
    expect(invoices).toHaveLength(3);
    expect(invoices.map((i) => i.periodStart!.toISOString().slice(0, 10))[0]).toBe(start);
    expect((await api.post(`/contracts/${c.id}/generate-invoice`, { token })).body.error.code).toBe('PERIOD_NOT_DUE');
    expect((await db.contract.findUniqueOrThrow({ where: { id: ended.id } })).status).toBe('expired');
    // Service management off: no new invoices.
    await db.partner.update({ where: { id: p.id }, data: { serviceManagementMode: 'off' } });
    await db.contract.update({ where: { id: c.id }, data: { nextPeriodStart: new Date(`${start}T00:00:00Z`) } });
    await db.contractPeriod.deleteMany({ where: { contractId: c.id } });
    expect((await api.post(`/contracts/${c.id}/generate-invoice`, { token })).body.error.code).toBe('service_management_off');
  });
});
