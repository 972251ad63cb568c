import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let adminB: string;
let selectedA: string;
let orgUserA1: string;
let ticketsOnlyA: string;
let orgA1: { id: string; partnerId: string };
let orgA2: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
const marker = `zq${Date.now().toString(36)}`;

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id, `Acme ${marker} One`);
  orgA2 = await makeOrg(partnerA.id, `Acme ${marker} Two`);
  orgB = await makeOrg(partnerB.id, `Acme ${marker} Other`);
  await makeSite(orgA1);
  await makeSite(orgA2);
  adminA = await tokenFor(await makePartnerUser(partnerA, { name: `Alice ${marker}` }), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB, { name: `Bob ${marker}` }), { mfa: true });
  selectedA = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA1.id] }), { mfa: true });
  orgUserA1 = await tokenFor(await makeOrgUser(partnerA, orgA1, { role: 'Organization User' }));
  // A custom role with tickets only (no devices:read, users:read).
  const role = await db.role.create({ data: { partnerId: partnerA.id, name: `Desk ${marker}`, scope: 'partner', permissions: ['orgs:read', 'tickets:read'] } });
  ticketsOnlyA = await tokenFor(await makePartnerUser({ id: partnerA.id, roles: { Desk: role.id } }, { role: 'Desk' }), { mfa: true });

  // Devices: two online in A1 (enrolled + heartbeat), one pending in A2, one in B.
  for (const [token, orgId, host, beat] of [
    [adminA, orgA1.id, `${marker}-web-1`, true],
    [adminA, orgA1.id, `${marker}-web-2`, true],
    [adminA, orgA2.id, `${marker}-db-1`, false],
    [adminB, orgB.id, `${marker}-web-b`, true],
  ] as const) {
    const key = await createKey(token, { orgId });
    const agent = await enroll(key.key, { hostname: host });
    if (beat) expect((await heartbeat(agent)).status).toBe(200);
    else await db.device.update({ where: { id: agent.deviceId }, data: { status: 'offline' } });
  }
  for (const [orgId, status] of [
    [orgA1.id, 'new'],
    [orgA1.id, 'resolved'],
    [orgA2.id, 'open'],
  ] as const) {
    const res = await api.post('/tickets', { token: adminA, body: { orgId, subject: `Printer ${marker}`, description: 'x', requesterEmail: 'c@example.com' } });
    expect(res.status, res.text).toBe(201);
    if (status !== 'new') await db.ticket.update({ where: { id: res.body.id }, data: { status } });
  }
});

describe('GET /search', () => {
  it('finds devices, organizations and users of the caller only, grouped by type', async () => {
    const res = await api.get('/search', { token: adminA, query: { q: marker } });
    expect(res.status, res.text).toBe(200);
    const types = res.body.results.map((r: { type: string }) => r.type);
    expect(types.indexOf('devices')).toBeLessThan(types.indexOf('organizations'));
    const titles = res.body.results.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining([`${marker}-web-1`, `${marker}-db-1`, `Acme ${marker} One`, `Alice ${marker}`]));
    expect(titles.join(' ')).not.toContain('Other');
    expect(titles.join(' ')).not.toContain(`${marker}-web-b`);
    expect(titles.join(' ')).not.toContain('Bob');
    const device = res.body.results.find((r: { title: string }) => r.title === `${marker}-web-1`);
    expect(device).toMatchObject({ type: 'devices', orgId: orgA1.id, url: expect.stringMatching(/^\/devices\//) });
    expect(res.body.searched).toEqual(expect.arrayContaining(['devices', 'organizations', 'users']));
  });

  it('respects organization access and limits per type', async () => {
    const res = await api.get('/search', { token: selectedA, query: { q: marker, types: 'devices,organizations', limit: 1 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.results.every((r: { orgId: string }) => r.orgId === orgA1.id)).toBe(true);
    const orgUser = await api.get('/search', { token: orgUserA1, query: { q: 'Acme' } });
    expect(orgUser.body.results.filter((r: { type: string }) => r.type === 'organizations').map((r: { id: string }) => r.id)).toEqual([orgA1.id]);
  });

  it('searches only the types the caller may read', async () => {
    const res = await api.get('/search', { token: ticketsOnlyA, query: { q: marker } });
    expect(res.status).toBe(200);
    expect(res.body.searched).toEqual(['organizations']);
    expect(res.body.results.every((r: { type: string }) => r.type === 'organizations')).toBe(true);
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await api.get('/search', { token: adminA, query: { q: '%' } });
    expect(res.status).toBe(200);
    expect(res.body.results, JSON.stringify(res.body.results)).toEqual([]);
  });

  it('validates the query', async () => {
    for (const query of [{}, { q: '   ' }, { q: 'x'.repeat(101) }, { q: 'a', types: 'devices,tickets' }, { q: 'a', limit: 0 }, { q: 'a', limit: 26 }]) {
      const res = await api.get('/search', { token: adminA, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await api.get('/search', { query: { q: 'a' } })).status).toBe(401);
  });
});

describe('alerts and scripts', () => {
  it('are searched and counted within the caller scope', async () => {
    const script = await api.post('/scripts', { token: adminA, body: { name: `Cleanup ${marker}`, osTypes: ['linux'], language: 'bash', content: 'echo hi', availability: 'org', orgId: orgA1.id } });
    expect(script.status, script.text).toBe(201);
    const otherScript = await api.post('/scripts', { token: adminB, body: { name: `Cleanup ${marker} B`, osTypes: ['linux'], language: 'bash', content: 'echo hi', availability: 'org', orgId: orgB.id } });
    expect(otherScript.status, otherScript.text).toBe(201);
    const base = { source: 'rule', message: 'm', status: 'active' as const };
    await db.alert.createMany({
      data: [
        { ...base, partnerId: partnerA.id, orgId: orgA1.id, severity: 'critical', title: `Disk full ${marker}` },
        { ...base, partnerId: partnerA.id, orgId: orgA2.id, severity: 'high', title: `CPU hot ${marker}`, status: 'acknowledged' },
        { ...base, partnerId: partnerA.id, orgId: orgA1.id, severity: 'low', title: `Old ${marker}`, status: 'resolved' },
        { ...base, partnerId: partnerB.id, orgId: orgB.id, severity: 'critical', title: `Disk full ${marker} B` },
      ],
    });

    const res = await api.get('/search', { token: adminA, query: { q: marker, types: 'scripts,alerts' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.searched).toEqual(['alerts', 'scripts']);
    const titles = res.body.results.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining([`Cleanup ${marker}`, `Disk full ${marker}`, `CPU hot ${marker}`]));
    expect(titles.some((t: string) => t.endsWith(' B'))).toBe(false);
    const selected = await api.get('/search', { token: selectedA, query: { q: marker, types: 'alerts' } });
    expect(selected.body.results.every((r: { orgId: string }) => r.orgId === orgA1.id)).toBe(true);

    const dash = await api.get('/partner/dashboard', { token: adminA });
    expect(dash.body.alerts).toEqual({ open: 2, bySeverity: { critical: 1, high: 1, medium: 0, low: 0, info: 0 } });
    const dashSelected = await api.get('/partner/dashboard', { token: selectedA });
    expect(dashSelected.body.alerts.open).toBe(1);
  });
});

describe('GET /partner/dashboard', () => {
  it('counts devices, organizations and tickets of the caller', async () => {
    const res = await api.get('/partner/dashboard', { token: adminA });
    expect(res.status, res.text).toBe(200);
    expect(res.body.organizations).toEqual({ total: 2, sites: 2 });
    expect(res.body.devices).toMatchObject({ total: 3, online: 2, offline: 1 });
    expect(res.body.devices.byOsType).toEqual({ linux: 3 });
    expect(res.body.devices.byOrganization[0]).toMatchObject({ orgId: orgA1.id, name: `Acme ${marker} One`, total: 2, online: 2 });
    expect(res.body.tickets.byStatus).toMatchObject({ new: 1, open: 1, resolved: 1 });
    expect(res.body.tickets.open).toBe(2);
    expect(res.body.tickets.byPriority.p3).toBe(2);
  });

  it('narrows every count to the organizations a user may access', async () => {
    const res = await api.get('/partner/dashboard', { token: selectedA });
    expect(res.status).toBe(200);
    expect(res.body.organizations.total).toBe(1);
    expect(res.body.devices.total).toBe(2);
    expect(res.body.tickets.open).toBe(1);
    const b = await api.get('/partner/dashboard', { token: adminB });
    expect(b.body.devices).toMatchObject({ total: 1, online: 1 });
    expect(b.body.tickets.open).toBe(0);
  });

  it('returns null for sections the caller may not read', async () => {
    const res = await api.get('/partner/dashboard', { token: ticketsOnlyA });
    expect(res.status).toBe(200);
    expect(res.body.devices).toBeNull();
    expect(res.body.alerts).toBeNull();
    expect(res.body.tickets.open).toBe(2);
  });
});
