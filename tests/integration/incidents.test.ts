// The incident feed against the two EDR sandboxes (sandbox/edr-a, sandbox/edr-b) started here:
// integrations synced by the real worker task, findings merged with tracked incidents in severity
// then detection order, paging, the devices:read gate on finding rows, promotion from an alert and
// from a finding (which then leaves the finding rows), manual incidents, and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll } from '../helpers/agents';
import { makeRole } from '../helpers/access';
import { seedAlert } from '../helpers/alerts';
import { runDueJobs } from '../helpers/jobs';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { startEdrASandbox } from '../../sandbox/edr-a/server';
import { startEdrBSandbox } from '../../sandbox/edr-b/server';
import type { EdrSandbox } from '../../sandbox/edr-a/server';

let edrA: EdrSandbox;
let edrB: EdrSandbox;
let admin: string;
let alertsOnly: string;
let outsider: string;
let org: { id: string; partnerId: string };
let web01: string;

type Row = { kind: string; source: string; sourceId: string; title: string; severity: string; edrStatus: string | null; status: string; deviceId: string | null; detectedAt: string; trackedIncidentId: string | null; linkOut: string | null };
const feed = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await api.get('/incidents/feed', { token, query: { orgId: org.id, ...query } });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Row[]; pagination: { page: number; limit: number; total: number } };
};

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  [edrA, edrB] = await Promise.all([startEdrASandbox(), startEdrBSandbox()]);
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const role = await makeRole(partner, ['alerts:read']);
  alertsOnly = await tokenFor(await makePartnerUser({ ...partner, roles: { ...partner.roles, A: role.id } }, { role: 'A' }));
  org = await makeOrg(partner.id);
  web01 = (await enroll((await createKey(admin, { orgId: org.id })).key, { hostname: 'web-01' })).deviceId;
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
});

afterAll(async () => {
  await Promise.all([edrA?.close(), edrB?.close()]);
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
});

describe('incident feed', () => {
  it('syncs both EDR shapes and merges them with tracked incidents by severity, then newest first', async () => {
    for (const [provider, sandbox] of [['edr_a', edrA], ['edr_b', edrB]] as const) {
      const res = await api.post('/incidents/integrations', { token: admin, body: { orgId: org.id, provider, name: provider, baseUrl: sandbox.url, apiToken: sandbox.token } });
      expect(res.status, res.text).toBe(201);
      expect(JSON.stringify(res.body)).not.toContain(sandbox.token);
    }
    expect((await db.edrIntegration.findFirstOrThrow({ where: { orgId: org.id, provider: 'edr_a' } })).apiTokenSealed).not.toContain(edrA.token);
    await runDueJobs();
    expect(edrA.requests.some((r) => r.auth === `Bearer ${edrA.token}` && r.path.startsWith('/api/alerts'))).toBe(true);
    expect(edrB.requests.some((r) => r.auth === `ApiToken ${edrB.token}` && r.path.startsWith('/web/api/v2.1/threats'))).toBe(true);
    const integrations = await api.get('/incidents/integrations', { token: admin, query: { orgId: org.id } });
    expect(integrations.body.data.map((i: { findingCount: number; lastError: string | null }) => [i.findingCount, i.lastError])).toEqual([[3, null], [3, null]]);

    const manual = await api.post('/incidents', { token: admin, body: { orgId: org.id, title: 'Phishing wave', severity: 'p2', detectedAt: new Date(Date.now() - 1000).toISOString() } });
    expect(manual.status, manual.text).toBe(201);

    const page = await feed(admin);
    expect(page.pagination).toEqual({ page: 1, limit: 25, total: 7 });
    const order = page.data.map((r) => [r.severity, r.detectedAt]);
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1].localeCompare(a[1]) : a[0].localeCompare(b[0])));
    expect(order).toEqual(sorted);
    expect(page.data[0]).toMatchObject({ kind: 'finding', source: 'edr_b', title: 'ransom.bin', severity: 'p1', edrStatus: 'unresolved', status: 'untracked', deviceId: web01, trackedIncidentId: null, linkOut: null });
    const a1 = page.data.find((r) => r.title === 'Credential theft tool detected')!;
    // edr_a reports the FQDN; the device is matched by its first label.
    expect(a1).toMatchObject({ kind: 'finding', source: 'edr_a', severity: 'p1', edrStatus: 'New', deviceId: web01 });
    expect(a1.linkOut).toBe(`${edrA.url}/console/alerts/da638001`);
    expect(page.data.find((r) => r.title === 'Phishing wave')).toMatchObject({ kind: 'tracked', source: 'native', sourceId: manual.body.id, status: 'open', edrStatus: null, trackedIncidentId: null, linkOut: null });
    expect(page.data.find((r) => r.title === 'Unwanted software found')!.deviceId).toBeNull();

    // Filters and paging.
    expect((await feed(admin, { kind: 'tracked' })).data.every((r) => r.kind === 'tracked' && r.source === 'native')).toBe(true);
    expect((await feed(admin, { source: 'edr_a' })).data.map((r) => r.source)).toEqual(['edr_a', 'edr_a', 'edr_a']);
    expect((await feed(admin, { source: 'native' })).pagination.total).toBe(1);
    const p2 = await feed(admin, { page: 2, limit: 3 });
    expect(p2.data.map((r) => r.sourceId)).toEqual(page.data.slice(3, 6).map((r) => r.sourceId));
    for (const limit of [0, 101]) expect((await api.get('/incidents/feed', { token: admin, query: { limit } })).status).toBe(400);
    expect((await api.get('/incidents/feed', { token: admin, query: { kind: 'raw' } })).status).toBe(400);
  });

  it('a caller with alerts:read only sees tracked incidents only', async () => {
    const page = await feed(alertsOnly);
    expect(page.pagination.total).toBe(1);
    expect(page.data.every((r) => r.kind === 'tracked')).toBe(true);
    expect((await feed(alertsOnly, { kind: 'finding' })).data).toEqual([]);
    const finding = (await feed(admin, { kind: 'finding' })).data[0];
    expect((await api.post('/incidents/promote', { token: alertsOnly, body: { sourceKind: 'finding', sourceId: finding.sourceId } })).status).toBe(403);
  });

  it('promotes a finding: it leaves the finding rows and becomes a tracked row carrying its EDR status', async () => {
    const finding = (await feed(admin, { kind: 'finding', source: 'edr_b' })).data[0];
    const res = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'finding', sourceId: finding.sourceId } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ sourceKind: 'finding', sourceId: finding.sourceId, severity: finding.severity, title: finding.title, deviceId: finding.deviceId, edrStatus: 'unresolved', status: 'open' });
    const again = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'finding', sourceId: finding.sourceId } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_PROMOTED');
    const page = await feed(admin);
    expect(page.pagination.total).toBe(7);
    expect(page.data.filter((r) => r.sourceId === finding.sourceId)).toEqual([]);
    const tracked = page.data.find((r) => r.sourceId === res.body.id)!;
    expect(tracked).toMatchObject({ kind: 'tracked', source: 'native', trackedIncidentId: res.body.id, edrStatus: 'unresolved' });

    // The provider moves the threat on; the next sync carries the status to the incident.
    const raw = (await db.edrFinding.findUniqueOrThrow({ where: { id: finding.sourceId } })).raw as { threatInfo: Record<string, unknown> };
    edrB.setAlerts([{ ...raw, threatInfo: { ...raw.threatInfo, incidentStatus: 'resolved' } }]);
    const integrationId = (await db.edrIntegration.findFirstOrThrow({ where: { orgId: org.id, provider: 'edr_b' } })).id;
    expect((await api.post(`/incidents/integrations/${integrationId}/sync`, { token: admin })).status).toBe(202);
    await runDueJobs();
    expect((await api.get(`/incidents/${res.body.id}`, { token: admin })).body.edrStatus).toBe('resolved');
    // Untracked findings the provider no longer reports are gone; the promoted one stays.
    expect((await feed(admin, { source: 'edr_b' })).pagination.total).toBe(0);
    expect(await db.edrFinding.count({ where: { integrationId } })).toBe(1);
  });

  it('promotes an alert once, maps its severity, and updates the incident', async () => {
    const alert = await seedAlert(org, { severity: 'critical', title: 'Disk failing', deviceId: web01 });
    const res = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'alert', sourceId: alert.id } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ sourceKind: 'alert', severity: 'p1', title: 'Disk failing', deviceId: web01 });
    expect((await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'alert', sourceId: alert.id } })).status).toBe(409);
    expect((await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: alert.id } })).status).toBe(404);
    const patched = await api.patch(`/incidents/${res.body.id}`, { token: admin, body: { status: 'resolved' } });
    expect(patched.body.status).toBe('resolved');
    expect(patched.body.resolvedAt).not.toBeNull();
    const reopened = await api.patch(`/incidents/${res.body.id}`, { token: admin, body: { status: 'investigating' } });
    expect(reopened.body.resolvedAt).toBeNull();
  });

  it('promotes a threat to an incident, links another to it, and audits both on the threat', async () => {
    // Two detections of one outbreak, as a scan's result leaves them, and one in another organization.
    const [first, second] = await Promise.all(
      ['/home/ana/invoice.com', '/tmp/invoice.com'].map((filePath) => db.securityThreat.create({ data: { deviceId: web01, name: 'Eicar-Test-Signature', filePath, sha256: 'a'.repeat(64), severity: 'high' } })),
    );
    const org2 = await makeOrg(org.partnerId);
    const db02 = (await enroll((await createKey(admin, { orgId: org2.id })).key, { hostname: 'db-02' })).deviceId;
    const elsewhere = await db.securityThreat.create({ data: { deviceId: db02, name: 'Eicar-Test-Signature', filePath: '/srv/x.com', severity: 'critical' } });

    const res = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: first.id } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ sourceKind: 'threat', sourceId: first.id, severity: 'p2', title: 'Eicar-Test-Signature on web-01', deviceId: web01, orgId: org.id, status: 'open' });
    expect(res.body.description).toContain('/home/ana/invoice.com');
    const again = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: first.id } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_PROMOTED', details: { incidentId: res.body.id } });
    // The tracked incident is in the feed, for a caller with alerts:read alone too.
    expect((await feed(alertsOnly)).data.find((r) => r.sourceId === res.body.id)).toMatchObject({ kind: 'tracked', source: 'native', severity: 'p2', deviceId: web01 });

    // The second detection joins that incident instead of opening another.
    const linked = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: second.id, incidentId: res.body.id } });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.body.id).toBe(res.body.id);
    const threats = (await api.get(`/security/threats/${web01}`, { token: admin })).body.data as { id: string; incidentId: string | null }[];
    expect(threats.filter((t) => t.incidentId === res.body.id).map((t) => t.id).sort()).toEqual([first.id, second.id].sort());
    const audits = await db.auditLog.findMany({ where: { targetType: 'security_threat', targetId: { in: [first.id, second.id] } }, orderBy: { createdAt: 'asc' } });
    expect(audits.map((a) => [a.action, a.targetId, (a.details as { incidentId: string }).incidentId])).toEqual([
      ['security.threat.promote', first.id, res.body.id],
      ['security.threat.link_incident', second.id, res.body.id],
    ]);

    // A threat of another organization cannot join it; only threats link; alerts:read alone cannot promote.
    const cross = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: elsewhere.id, incidentId: res.body.id } });
    expect(cross.status).toBe(400);
    expect((await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'alert', sourceId: elsewhere.id, incidentId: res.body.id } })).status).toBe(400);
    expect((await api.post('/incidents/promote', { token: alertsOnly, body: { sourceKind: 'threat', sourceId: elsewhere.id } })).status).toBe(403);
    expect((await api.post('/incidents/promote', { token: outsider, body: { sourceKind: 'threat', sourceId: elsewhere.id } })).status).toBe(404);
    const own = await api.post('/incidents/promote', { token: admin, body: { sourceKind: 'threat', sourceId: elsewhere.id } });
    expect(own.body).toMatchObject({ severity: 'p1', orgId: org2.id, title: 'Eicar-Test-Signature on db-02' });
  });

  it('refuses unsafe integration URLs', async () => {
    delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
    resetEnvCache();
    try {
      const res = await api.post('/incidents/integrations', { token: admin, body: { orgId: org.id, provider: 'edr_a', name: 'x', baseUrl: 'http://169.254.169.254/latest', apiToken: 'abcdefgh' } });
      expect(res.status).toBe(400);
    } finally {
      process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
      resetEnvCache();
    }
  });

  it('another partner sees nothing and gets 404', async () => {
    const incident = (await feed(admin, { kind: 'tracked' })).data[0];
    expect((await api.get('/incidents/feed', { token: outsider })).body.pagination.total).toBe(0);
    expect((await api.get('/incidents/feed', { token: outsider, query: { orgId: org.id } })).body.pagination.total).toBe(0);
    expect((await api.get(`/incidents/${incident.sourceId}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/incidents/${incident.sourceId}`, { token: outsider, body: { status: 'closed' } })).status).toBe(404);
    expect((await api.post('/incidents', { token: outsider, body: { orgId: org.id, title: 'x', severity: 'p1' } })).status).toBe(404);
    const integration = await db.edrIntegration.findFirstOrThrow({ where: { orgId: org.id, provider: 'edr_a' } });
    expect((await api.post(`/incidents/integrations/${integration.id}/sync`, { token: outsider })).status).toBe(404);
    expect((await api.delete(`/incidents/integrations/${integration.id}`, { token: outsider })).status).toBe(404);
    const finding = (await feed(admin, { kind: 'finding' })).data[0];
    expect((await api.post('/incidents/promote', { token: outsider, body: { sourceKind: 'finding', sourceId: finding.sourceId } })).status).toBe(404);
    expect((await db.incident.findUniqueOrThrow({ where: { id: incident.sourceId } })).status).not.toBe('closed');
  });
});
