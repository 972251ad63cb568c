// The alert state machine (doc 2 "States and transitions"), the list/summary/bulk routes and
// their tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { eventsOf, seedAlert } from '../helpers/alerts';
import { db } from '@/lib/db';
import { ALERT_ACTIONS, ALERT_STATUSES, type AlertAction, type AlertStatus } from '@/lib/alerts/schemas';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let other: Partner;
let admin: string;
let adminId: string;
let tech: string;
let techId: string;
let readOnly: string;
let outsider: string;
let org: { id: string; partnerId: string };
let org2: { id: string; partnerId: string };
let orgUser2: string;

beforeAll(async () => {
  partner = await makePartner();
  other = await makePartner();
  const a = await makePartnerUser(partner);
  adminId = a.id;
  admin = await tokenFor(a);
  const t = await makePartnerUser(partner, { role: 'Technician' });
  techId = t.id;
  tech = await tokenFor(t);
  readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }));
  outsider = await tokenFor(await makePartnerUser(other));
  org = await makeOrg(partner.id);
  org2 = await makeOrg(partner.id);
  orgUser2 = await tokenFor(await makeOrgUser(partner, org2));
});

// The spec table: which (from, action) pairs succeed and where they land.
const EXPECTED: Record<AlertAction, Partial<Record<AlertStatus, AlertStatus>>> = {
  acknowledge: { active: 'acknowledged' },
  resolve: { active: 'resolved', acknowledged: 'resolved', suppressed: 'resolved' },
  suppress: { active: 'suppressed', acknowledged: 'suppressed', suppressed: 'suppressed' },
  dismiss: { active: 'dismissed', acknowledged: 'dismissed', suppressed: 'dismissed', resolved: 'dismissed' },
};

describe('state machine', () => {
  for (const action of ALERT_ACTIONS) {
    for (const from of ALERT_STATUSES) {
      const to = EXPECTED[action][from];
      it(`${action} from ${from} → ${to ?? '409'}`, async () => {
        const alert = await seedAlert(org, { status: from });
        const res = await api.post(`/alerts/${alert.id}/${action}`, { token: tech });
        const after = await db.alert.findUniqueOrThrow({ where: { id: alert.id } });
        if (to) {
          expect(res.status, res.text).toBe(200);
          expect(res.body.status).toBe(to);
          expect(after.status).toBe(to);
        } else {
          expect(res.status).toBe(409);
          expect(res.body.error.code).toBe('CONFLICT');
          expect(res.body.error.details.status).toBe(from);
          expect(after.status).toBe(from);
          expect(after.updatedAt.getTime()).toBe(alert.updatedAt.getTime());
        }
      });
    }
  }

  it('records who moved it, frees the open key on terminal moves, and emits the matching events and audit entries', async () => {
    const a = await seedAlert(org);
    const ack = await api.post(`/alerts/${a.id}/acknowledge`, { token: tech });
    expect(ack.body).toMatchObject({ status: 'acknowledged', acknowledgedBy: techId });
    expect(ack.body.acknowledgedAt).toBeTruthy();
    const res = await api.post(`/alerts/${a.id}/resolve`, { token: admin, body: { note: 'rebooted' } });
    expect(res.body).toMatchObject({ status: 'resolved', resolvedBy: adminId, resolvedBySystem: false, resolutionNote: 'rebooted' });
    const row = await db.alert.findUniqueOrThrow({ where: { id: a.id } });
    expect(row.openKey).toBeNull();
    expect(await eventsOf('alert.acknowledged', a.id)).toBe(1);
    expect(await eventsOf('alert.resolved', a.id)).toBe(1);
    const audits = await db.auditLog.findMany({ where: { action: { in: ['alert.acknowledge', 'alert.resolve'] }, partnerId: partner.id } });
    expect(audits.length).toBeGreaterThanOrEqual(2);
    const sup = await seedAlert(org);
    const s = await api.post(`/alerts/${sup.id}/suppress`, { token: tech, body: { suppressUntil: '2030-01-01T00:00:00Z' } });
    expect(s.body).toMatchObject({ status: 'suppressed', suppressedBy: techId, suppressedUntil: '2030-01-01T00:00:00.000Z' });
  });

  it('concurrent acknowledges: one 200, one 409', async () => {
    const a = await seedAlert(org);
    const [x, y] = await Promise.all([api.post(`/alerts/${a.id}/acknowledge`, { token: admin }), api.post(`/alerts/${a.id}/acknowledge`, { token: tech })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await eventsOf('alert.acknowledged', a.id)).toBe(1);
  });

  it('concurrent dismiss race: the loser’s 409 and the record name the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await seedAlert(org, { status: 'resolved' });
      const [x, y] = await Promise.all([api.post(`/alerts/${a.id}/dismiss`, { token: admin }), api.post(`/alerts/${a.id}/dismiss`, { token: tech })]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const winner = x.status === 200 ? x : y;
      const loser = x.status === 200 ? y : x;
      const row = await db.alert.findUniqueOrThrow({ where: { id: a.id } });
      expect(row.dismissedBy).toBe(winner.body.dismissedBy);
      expect([adminId, techId]).toContain(row.dismissedBy);
      expect(loser.body.error.details).toMatchObject({ status: 'dismissed', dismissedBy: row.dismissedBy, dismissedAt: row.dismissedAt!.toISOString() });
    }
  });

  it('validation: bad id 404, unknown body field 400, nothing changed', async () => {
    expect((await api.post('/alerts/not-a-uuid/acknowledge', { token: tech })).status).toBe(404); // malformed ids are simply not found
    const a = await seedAlert(org);
    const res = await api.post(`/alerts/${a.id}/resolve`, { token: tech, body: { note: 'x', bogus: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect((await db.alert.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('active');
  });

  it('read-only users cannot move alerts (403); other partners and other organizations get 404, row unchanged', async () => {
    const a = await seedAlert(org);
    expect((await api.post(`/alerts/${a.id}/acknowledge`, { token: readOnly })).status).toBe(403);
    expect((await api.post(`/alerts/${a.id}/acknowledge`, { token: outsider })).status).toBe(404);
    expect((await api.post(`/alerts/${a.id}/dismiss`, { token: orgUser2 })).status).toBe(404);
    expect((await api.get(`/alerts/${a.id}`, { token: outsider })).status).toBe(404);
    expect((await db.alert.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('active');
    expect((await api.get(`/alerts/${a.id}`, { token: readOnly })).status).toBe(200);
  });
});

describe('GET /alerts, /alerts/summary', () => {
  it('lists newest first, hides dismissed unless asked, filters and paginates', async () => {
    const p = await makePartner();
    const token = await tokenFor(await makePartnerUser(p));
    const o1 = await makeOrg(p.id);
    const o2 = await makeOrg(p.id);
    const t0 = Date.now();
    const a1 = await seedAlert(o1, { severity: 'critical', triggeredAt: new Date(t0 - 3000) });
    const a2 = await seedAlert(o1, { status: 'dismissed', triggeredAt: new Date(t0 - 2000) });
    const a3 = await seedAlert(o2, { status: 'resolved', severity: 'low', triggeredAt: new Date(t0 - 1000) });
    const all = await api.get('/alerts', { token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((a: { id: string }) => a.id)).toEqual([a3.id, a1.id]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 2 });
    const dismissed = await api.get('/alerts', { token, query: { status: 'dismissed' } });
    expect(dismissed.body.data.map((a: { id: string }) => a.id)).toEqual([a2.id]);
    expect(dismissed.body.data[0]).toHaveProperty('dismissedAt');
    expect(dismissed.body.data[0]).toHaveProperty('dismissedBy', null);
    expect((await api.get('/alerts', { token, query: { status: 'active,resolved' } })).body.pagination.total).toBe(2);
    expect((await api.get('/alerts', { token, query: { severity: 'critical' } })).body.data.map((a: { id: string }) => a.id)).toEqual([a1.id]);
    expect((await api.get('/alerts', { token, query: { orgId: o2.id } })).body.data.map((a: { id: string }) => a.id)).toEqual([a3.id]);
    expect((await api.get('/alerts', { token, query: { from: new Date(t0 - 1500).toISOString() } })).body.data.map((a: { id: string }) => a.id)).toEqual([a3.id]);
    expect((await api.get('/alerts', { token, query: { limit: 1, page: 2 } })).body.data.map((a: { id: string }) => a.id)).toEqual([a1.id]);
    expect((await api.get('/alerts', { token, query: { status: 'bogus' } })).status).toBe(400);
    expect((await api.get('/alerts', { token, query: { limit: 101 } })).status).toBe(400);
    // Another partner sees none of them.
    expect((await api.get('/alerts', { token: outsider, query: { orgId: o1.id } })).body.data).toEqual([]);

    const summary = await api.get('/alerts/summary', { token });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ total: 2, open: 1, byStatus: { active: 1, dismissed: 1, resolved: 1, acknowledged: 0, suppressed: 0 }, bySeverity: { critical: 1, high: 0, low: 0 } });
    expect((await api.get('/alerts/summary', { token: outsider })).body.total).toBe(0);
  });
});

describe('POST /alerts/bulk', () => {
  it('applies the action per id with partial success and per-id results', async () => {
    const ok = await seedAlert(org);
    const done = await seedAlert(org, { status: 'resolved' });
    const foreign = await seedAlert(await makeOrg(other.id));
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await api.post('/alerts/bulk', { token: tech, body: { action: 'acknowledge', alertIds: [ok.id, done.id, foreign.id, missing] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'acknowledge', succeeded: 1, failed: 3 });
    const by = Object.fromEntries(res.body.results.map((r: { id: string }) => [r.id, r]));
    expect(by[ok.id]).toMatchObject({ ok: true, status: 200, alert: { status: 'acknowledged' } });
    expect(by[done.id]).toMatchObject({ ok: false, status: 409, error: { code: 'CONFLICT' } });
    expect(by[foreign.id]).toMatchObject({ ok: false, status: 404 });
    expect(by[missing]).toMatchObject({ ok: false, status: 404 });
    expect((await db.alert.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('active');
    expect(await db.auditLog.count({ where: { action: 'alert.acknowledge', targetId: ok.id } })).toBe(1);
  });

  it('refuses more than 100 ids, an unknown action and an empty list (400, nothing changed)', async () => {
    const a = await seedAlert(org);
    const ids = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await api.post('/alerts/bulk', { token: tech, body: { action: 'resolve', alertIds: ids } })).status).toBe(400);
    expect((await api.post('/alerts/bulk', { token: tech, body: { action: 'explode', alertIds: [a.id] } })).status).toBe(400);
    expect((await api.post('/alerts/bulk', { token: tech, body: { action: 'resolve', alertIds: [] } })).status).toBe(400);
    expect((await db.alert.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('active');
    const hundred = await api.post('/alerts/bulk', { token: tech, body: { action: 'resolve', alertIds: [a.id, ...ids.slice(0, 99)] } });
    expect(hundred.status).toBe(200);
    expect(hundred.body.succeeded).toBe(1);
  });
});
