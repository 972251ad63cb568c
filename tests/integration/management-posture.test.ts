import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let token: string;
let alpha: { id: string };
let bravo: { id: string };
const agents: Record<string, EnrolledAgent> = {};

function report(agent: EnrolledAgent, products: { product: string; status: 'active' | 'installed'; version?: string }[], scannedAt?: string) {
  return api.put(`/agents/${agent.agentId}/inventory`, {
    token: agent.authToken,
    body: { software: [], managementPosture: { ...(scannedAt ? { scannedAt } : {}), products: products.map((p) => ({ ...p, evidence: [{ kind: 'service', value: p.product }] })) } },
  });
}

beforeAll(async () => {
  partner = await makePartner();
  token = await tokenFor(await makePartnerUser(partner), { mfa: true });
  alpha = await makeOrg(partner.id, 'Alpha');
  bravo = await makeOrg(partner.id, 'Bravo');
  const [ka, kb] = [await createKey(token, { orgId: alpha.id }), await createKey(token, { orgId: bravo.id })];
  for (const name of ['a1', 'a2', 'a3', 'a4']) agents[name] = await enroll(ka.key);
  for (const name of ['b1', 'b2']) agents[name] = await enroll(kb.key);
  expect((await report(agents.a1, [{ product: 'teamviewer', status: 'active', version: '15.1' }, { product: 'connectwise-automate', status: 'installed' }])).status).toBe(200);
  await report(agents.a2, [{ product: 'teamviewer', status: 'installed' }]);
  await report(agents.a3, []);
  // a4 never reports posture; b1 reports an old scan; b2 reports AnyDesk.
  await report(agents.b1, [], new Date(Date.now() - 10 * 86_400_000).toISOString());
  await report(agents.b2, [{ product: 'anydesk', status: 'active' }]);
});

describe('GET /devices/management-posture/summary', () => {
  it('counts products per organization and status, never-scanned and stale devices', async () => {
    const res = await api.get('/devices/management-posture/summary', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        orgs: [
          { orgId: alpha.id, products: [{ product: 'connectwise-automate', status: 'installed', deviceCount: 1 }, { product: 'teamviewer', status: 'active', deviceCount: 1 }, { product: 'teamviewer', status: 'installed', deviceCount: 1 }] },
          { orgId: bravo.id, products: [{ product: 'anydesk', status: 'active', deviceCount: 1 }] },
        ],
        totals: { neverScanned: 1, stale: 1 },
      },
    });
    expect((await api.get('/devices/management-posture/summary', { token, query: { stalenessDays: 30 } })).body.data.totals).toEqual({ neverScanned: 1, stale: 0 });
    const one = await api.get('/devices/management-posture/summary', { token, query: { orgId: bravo.id } });
    expect(one.body.data).toEqual({ orgs: [{ orgId: bravo.id, products: [{ product: 'anydesk', status: 'active', deviceCount: 1 }] }], totals: { neverScanned: 0, stale: 1 } });
  });

  it('a new scan replaces the previous one; decommissioned devices drop out', async () => {
    const agent = await enroll((await createKey(token, { orgId: bravo.id })).key);
    await report(agent, [{ product: 'splashtop', status: 'active' }]);
    await report(agent, [{ product: 'rustdesk', status: 'installed' }, { product: 'rustdesk', status: 'active' }]);
    const products = await db.deviceManagementProduct.findMany({ where: { deviceId: agent.deviceId } });
    expect(products.map((p) => [p.product, p.status])).toEqual([['rustdesk', 'active']]);
    await db.device.update({ where: { id: agent.deviceId }, data: { status: 'decommissioned' } });
    const summary = await api.get('/devices/management-posture/summary', { token, query: { orgId: bravo.id } });
    expect(summary.body.data.orgs[0].products.map((p: { product: string }) => p.product)).toEqual(['anydesk']);
  });

  it('validates stalenessDays (1–365) and answers 404 for another partner\'s organization', async () => {
    for (const stalenessDays of [0, 366, 'x']) {
      const res = await api.get('/devices/management-posture/summary', { token, query: { stalenessDays } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const other = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.get('/devices/management-posture/summary', { token: otherToken, query: { orgId: alpha.id } })).status).toBe(404);
    const theirs = await api.get('/devices/management-posture/summary', { token: otherToken });
    expect(theirs.body.data).toEqual({ orgs: [], totals: { neverScanned: 0, stale: 0 } });
    const orgUser = await tokenFor(await makeOrgUser(partner, alpha, { role: 'Organization Admin' }), { mfa: true });
    expect((await api.get('/devices/management-posture/summary', { token: orgUser })).status).toBe(403);
  });
});

describe('GET /devices/management-posture/devices', () => {
  it('lists the devices carrying a product, with every product found, paged by cursor', async () => {
    const res = await api.get('/devices/management-posture/devices', { token, query: { product: 'teamviewer' } });
    expect(res.status).toBe(200);
    const ids = res.body.data.devices.map((d: { deviceId: string }) => d.deviceId).sort();
    expect(ids).toEqual([agents.a1.deviceId, agents.a2.deviceId].sort());
    const a1 = res.body.data.devices.find((d: { deviceId: string }) => d.deviceId === agents.a1.deviceId);
    expect(a1).toMatchObject({ orgId: alpha.id, hostname: expect.any(String), status: 'online', postureScannedAt: expect.any(String) });
    expect(a1.products).toEqual([
      { product: 'connectwise-automate', name: 'ConnectWise Automate (LabTech)', status: 'installed', version: null },
      { product: 'teamviewer', name: 'TeamViewer', status: 'active', version: '15.1' },
    ]);

    const first = await api.get('/devices/management-posture/devices', { token, query: { limit: 1 } });
    expect(first.body.data).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const all = [...first.body.data.devices];
    let cursor = first.body.data.nextCursor;
    while (cursor) {
      const page = await api.get('/devices/management-posture/devices', { token, query: { limit: 1, cursor } });
      all.push(...page.body.data.devices);
      cursor = page.body.data.nextCursor;
    }
    expect(all.map((d) => d.deviceId).sort()).toEqual([agents.a1.deviceId, agents.a2.deviceId, agents.b2.deviceId].sort());
  });

  it('lists the never-scanned and stale devices behind the totals', async () => {
    const never = await api.get('/devices/management-posture/devices', { token, query: { posture: 'never-scanned' } });
    expect(never.body.data.devices.map((d: { deviceId: string }) => d.deviceId)).toEqual([agents.a4.deviceId]);
    expect(never.body.data.devices[0].postureScannedAt).toBeNull();
    const stale = await api.get('/devices/management-posture/devices', { token, query: { posture: 'stale', orgId: bravo.id } });
    expect(stale.body.data.devices.map((d: { deviceId: string }) => d.deviceId)).toEqual([agents.b1.deviceId]);
  });

  it('validates limit, product and cursor; other partners see nothing', async () => {
    expect((await api.get('/devices/management-posture/devices', { token, query: { limit: 501 } })).status).toBe(400);
    expect((await api.get('/devices/management-posture/devices', { token, query: { product: 'Team Viewer!' } })).status).toBe(400);
    expect((await api.get('/devices/management-posture/devices', { token, query: { cursor: 'nope' } })).status).toBe(400);
    const other = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(other), { mfa: true });
    expect((await api.get('/devices/management-posture/devices', { token: otherToken, query: { product: 'teamviewer' } })).body.data.devices).toEqual([]);
  });

  it('an agent that omits managementPosture leaves the stored posture as it was; a bad report is a 400', async () => {
    await api.put(`/agents/${agents.a1.agentId}/inventory`, { token: agents.a1.authToken, body: { software: [] } });
    expect(await db.deviceManagementProduct.count({ where: { deviceId: agents.a1.deviceId } })).toBe(2);
    const bad = await api.put(`/agents/${agents.a1.agentId}/inventory`, { token: agents.a1.authToken, body: { managementPosture: { products: [{ product: 'x', status: 'running' }] } } });
    expect(bad.status).toBe(400);
    expect(await db.deviceManagementProduct.count({ where: { deviceId: agents.a1.deviceId } })).toBe(2);
  });
});
