// Analytics through the API on hand-inserted alerts, tickets and devices, with metric history
// written by the heartbeat's own accumulate statement at chosen moments: the query grammar per
// source (results checked by hand), tenancy, dashboards and widgets, SLA compliance, capacity,
// the executive summary and the OS distribution.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { accumulateMetricBucketsSql } from '@/lib/devices/accumulate-metric-buckets';
import { bucketStart } from '@/lib/analytics/time-buckets';
import { isStatementTimeout } from '@/lib/analytics/run-query';
import type { AlertSeverity, AlertStatus, OsType, DeviceStatus, TicketPriority } from '@/lib/generated/prisma/client';

type Partner = Awaited<ReturnType<typeof makePartner>>;
type Org = { id: string; partnerId: string; name: string };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const today = (() => {
  const n = new Date();
  return Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
})();
/** Fixture alerts and tickets start ten days ago, at midnight UTC. */
const base = today - 10 * DAY;
const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();
const week = { from: iso(base), to: iso(base + 7 * DAY) };

let partner: Partner;
let orgA: Org;
let orgB: Org;
let admin: string;
let tech: string;
let orgUser: string;
let outsider: string;
const dev: Record<string, string> = {};
let ticketNumber = 0;

async function device(org: Org, hostname: string, osType: OsType | null, osVersion: string | null, status: DeviceStatus) {
  const d = await db.device.create({ data: { partnerId: org.partnerId, orgId: org.id, hostname, osType, osVersion, status, lastSeenAt: new Date() } });
  return d.id;
}

async function alert(org: Org, severity: AlertSeverity, triggered: number, opts: { ack?: number; resolve?: number; status?: AlertStatus } = {}) {
  const status = opts.status ?? (opts.resolve !== undefined ? 'resolved' : opts.ack !== undefined ? 'acknowledged' : 'active');
  await db.alert.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      severity,
      status,
      title: `${severity} alert`,
      message: 'fixture',
      source: 'rule',
      triggeredAt: at(triggered),
      acknowledgedAt: opts.ack !== undefined ? at(triggered + opts.ack * MIN) : null,
      resolvedAt: opts.resolve !== undefined ? at(triggered + opts.resolve * MIN) : null,
      dismissedAt: status === 'dismissed' ? at(triggered + MIN) : null,
    },
  });
}

async function ticket(org: Org, priority: TicketPriority, created: number, opts: { respond?: number; resolve?: number; close?: number; deleted?: boolean } = {}) {
  await db.ticket.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      number: ++ticketNumber,
      subject: `${priority} ticket`,
      priority,
      source: 'console',
      status: opts.resolve !== undefined ? 'resolved' : opts.close !== undefined ? 'closed' : 'open',
      createdAt: at(created),
      firstResponseAt: opts.respond !== undefined ? at(created + opts.respond * MIN) : null,
      resolvedAt: opts.resolve !== undefined ? at(created + opts.resolve * MIN) : null,
      closedAt: opts.close !== undefined ? at(created + opts.close * MIN) : null,
      deletedAt: opts.deleted ? new Date() : null,
    },
  });
}

/**
 * One heartbeat's sample written by the heartbeat path's own statement, as if sent at `when`:
 * `now()` resolves to a function returning that moment (search_path puts it before pg_catalog).
 */
async function beatAt(deviceId: string, when: number, sample: { cpu?: number; mem?: number; disk?: number }) {
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`select set_config('analytics_test.now', '${new Date(when).toISOString()}', true)`);
    await tx.$executeRawUnsafe('set local search_path = analytics_test, pg_catalog, public');
    const v = (n: number | undefined) => (n === undefined ? 'null::real' : `${n}::real`);
    await tx.$executeRawUnsafe(accumulateMetricBucketsSql(`(values ('${deviceId}'::uuid, ${v(sample.cpu)}, ${v(sample.mem)}, ${v(sample.disk)})) as s(id, cpu, mem, disk)`));
  });
}

const query = (token: string, body: Record<string, unknown>) => api.post('/analytics/query', { token, body });

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
  orgA = await makeOrg(partner.id, 'Alpha Org');
  orgB = await makeOrg(partner.id, 'Bravo Org');
  orgUser = await tokenFor(await makeOrgUser(partner, orgA, { role: 'Organization User' }));
  const other = await makePartner();
  outsider = await tokenFor(await makePartnerUser(other), { mfa: true });
  const otherOrg = await makeOrg(other.id);

  dev.d1 = await device(orgA, 'alpha-db', 'linux', 'Debian GNU/Linux 12', 'online');
  dev.d2 = await device(orgA, 'alpha-web', 'linux', 'Ubuntu 24.04', 'offline');
  dev.d3 = await device(orgA, 'alpha-desk', 'windows', 'Windows 11', 'online');
  dev.d4 = await device(orgB, 'bravo-mac', 'macos', 'macOS 15', 'online');
  dev.gone = await device(orgA, 'alpha-old', 'linux', 'Debian GNU/Linux 11', 'decommissioned');
  dev.foreign = await device(otherOrg, 'foreign', 'linux', 'Debian GNU/Linux 12', 'online');

  await alert(orgA, 'critical', base + HOUR, { ack: 10, resolve: 60 });
  await alert(orgA, 'high', base + 2 * HOUR, { ack: 30 });
  await alert(orgA, 'high', base + DAY + HOUR, { resolve: 20 });
  await alert(orgA, 'low', base + DAY + 2 * HOUR, { status: 'dismissed' });
  await alert(orgB, 'critical', base + 2 * DAY + HOUR, { ack: 5, resolve: 240 });
  await alert(otherOrg, 'critical', base + HOUR, { ack: 1 });

  await ticket(orgA, 'p1', base + HOUR, { respond: 30, resolve: 300 });
  await ticket(orgA, 'p2', base + 2 * HOUR, { respond: 90, close: 1800 });
  await ticket(orgA, 'p1', base + 3 * HOUR, { respond: 1, deleted: true });

  await db.$executeRawUnsafe('create schema if not exists analytics_test');
  await db.$executeRawUnsafe(`create or replace function analytics_test.now() returns timestamptz language sql stable as $$ select current_setting('analytics_test.now')::timestamptz $$`);
  // Seven days of one early-morning heartbeat: alpha-db's disk grows 2 points a day, the rest is flat.
  for (let i = 0; i < 7; i++) {
    const when = today - (6 - i) * DAY + 30 * MIN;
    await beatAt(dev.d1, when, { cpu: 20, mem: 40, disk: 50 + 2 * i });
    await beatAt(dev.d3, when, { cpu: 10, mem: 60, disk: 30 });
  }
});

describe('POST /analytics/query', () => {
  it('counts alerts by severity per day, scoped to the caller', async () => {
    const res = await query(admin, { source: 'alerts', measure: 'count', dimensions: ['severity', 'time'], bucket: 'day', timeRange: week });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ unit: 'count', bucket: 'day', truncated: false, timeRange: week });
    expect(res.body.rows).toEqual([
      { keys: { severity: 'critical', time: iso(base) }, value: 1, count: 1 },
      { keys: { severity: 'high', time: iso(base) }, value: 1, count: 1 },
      { keys: { severity: 'high', time: iso(base + DAY) }, value: 1, count: 1 },
      { keys: { severity: 'low', time: iso(base + DAY) }, value: 1, count: 1 },
      { keys: { severity: 'critical', time: iso(base + 2 * DAY) }, value: 1, count: 1 },
    ]);
    const mine = await query(orgUser, { source: 'alerts', measure: 'count', dimensions: ['severity'], timeRange: week });
    expect(mine.body.rows).toEqual([
      { keys: { severity: 'high' }, value: 2, count: 2 },
      { keys: { severity: 'critical' }, value: 1, count: 1 },
      { keys: { severity: 'low' }, value: 1, count: 1 },
    ]);
    const theirs = await query(outsider, { source: 'alerts', measure: 'count', timeRange: week });
    expect(theirs.body.rows).toEqual([{ keys: {}, value: 1, count: 1 }]);
  });

  it('computes mean time to acknowledge and resolve per organization, with labels', async () => {
    const ack = await query(admin, { source: 'alerts', measure: 'mean_time_to_acknowledge', dimensions: ['org'], timeRange: week });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.body.unit).toBe('minutes');
    expect(ack.body.rows).toEqual([
      { keys: { org: orgA.id }, value: 20, count: 2 },
      { keys: { org: orgB.id }, value: 5, count: 1 },
    ]);
    expect(ack.body.labels).toEqual({ [orgA.id]: 'Alpha Org', [orgB.id]: 'Bravo Org' });
    const resolve = await query(admin, { source: 'alerts', measure: 'mean_time_to_resolve', filters: { orgIds: [orgA.id], severities: ['critical', 'high'] }, timeRange: week });
    expect(resolve.body.rows).toEqual([{ keys: {}, value: 40, count: 2 }]);
  });

  it('counts tickets by priority and averages first response, leaving deleted tickets out', async () => {
    const byPriority = await query(admin, { source: 'tickets', measure: 'count', dimensions: ['priority'], timeRange: week });
    expect(byPriority.status, byPriority.text).toBe(200);
    expect(byPriority.body.rows).toEqual([
      { keys: { priority: 'p1' }, value: 1, count: 1 },
      { keys: { priority: 'p2' }, value: 1, count: 1 },
    ]);
    const response = await query(admin, { source: 'tickets', measure: 'mean_time_to_first_response', timeRange: week });
    expect(response.body.rows).toEqual([{ keys: {}, value: 60, count: 2 }]);
  });

  it('counts devices by OS and the online share (decommissioned and other partners left out)', async () => {
    const byOs = await query(admin, { source: 'devices', measure: 'count', dimensions: ['os'] });
    expect(byOs.status, byOs.text).toBe(200);
    expect(byOs.body.timeRange).toBeNull();
    expect(byOs.body.rows).toEqual([
      { keys: { os: 'linux' }, value: 2, count: 2 },
      { keys: { os: 'macos' }, value: 1, count: 1 },
      { keys: { os: 'windows' }, value: 1, count: 1 },
    ]);
    const online = await query(admin, { source: 'devices', measure: 'online_percent' });
    expect(online.body.rows).toEqual([{ keys: {}, value: 75, count: 4 }]);
    const limited = await query(admin, { source: 'devices', measure: 'count', dimensions: ['os'], limit: 1 });
    expect(limited.body).toMatchObject({ truncated: true, rows: [{ keys: { os: 'linux' }, value: 2 }] });
    const orgOnly = await query(orgUser, { source: 'devices', measure: 'count', dimensions: ['org'] });
    expect(orgOnly.body.rows).toEqual([{ keys: { org: orgA.id }, value: 3, count: 3 }]);
  });

  it('averages metrics per device and per day through the metric history reader', async () => {
    const range = { from: iso(today - 6 * DAY), to: iso(today + DAY) };
    const perDevice = await query(admin, { source: 'metrics', measure: 'avg_disk', dimensions: ['device'], timeRange: range });
    expect(perDevice.status, perDevice.text).toBe(200);
    expect(perDevice.body.rows).toEqual([
      { keys: { device: dev.d1 }, value: 56, count: 1 },
      { keys: { device: dev.d3 }, value: 30, count: 1 },
    ]);
    expect(perDevice.body.labels).toEqual({ [dev.d1]: 'alpha-db', [dev.d3]: 'alpha-desk' });
    const perDay = await query(admin, { source: 'metrics', measure: 'avg_disk', dimensions: ['time'], bucket: 'day', timeRange: range });
    expect(perDay.body.rows.map((r: { value: number }) => r.value)).toEqual([40, 41, 42, 43, 44, 45, 46]);
    expect(perDay.body.rows[0]).toMatchObject({ keys: { time: iso(today - 6 * DAY) }, count: 2 });
    // Weeks are grouped from the daily points: each week averages the days it holds (two devices a day).
    const perWeek = await query(admin, { source: 'metrics', measure: 'avg_disk', dimensions: ['time'], bucket: 'week', timeRange: range });
    const expected = new Map<string, number[]>();
    for (let i = 0; i < 7; i++) {
      const week = bucketStart(new Date(today - (6 - i) * DAY), 'week').toISOString();
      expected.set(week, [...(expected.get(week) ?? []), 50 + 2 * i, 30]);
    }
    expect(perWeek.body.rows).toEqual([...expected].map(([week, values]) => ({ keys: { time: week }, value: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100, count: 2 })));
    const max = await query(admin, { source: 'metrics', measure: 'max_disk', dimensions: ['os'], timeRange: range });
    expect(max.body.rows).toEqual([
      { keys: { os: 'linux' }, value: 62, count: 1 },
      { keys: { os: 'windows' }, value: 30, count: 1 },
    ]);
    expect((await query(outsider, { source: 'metrics', measure: 'max_disk', timeRange: range })).body.rows).toEqual([{ keys: {}, value: null, count: 0 }]);
  });

  it('refuses bad and too costly queries with 400 and the field', async () => {
    const span = await query(admin, { source: 'alerts', measure: 'count', dimensions: ['time'], bucket: 'hour', timeRange: { last: '30d' } });
    expect(span.status).toBe(400);
    expect(span.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(span.body.error.details)).toContain('at most 7 days with hour buckets');
    const wrong = await query(admin, { source: 'devices', measure: 'mean_time_to_resolve' });
    expect(wrong.status).toBe(400);
    const injected = await query(admin, { source: 'alerts', measure: 'count', dimensions: ["org'; drop table alerts; --"], timeRange: week });
    expect(injected.status).toBe(400);
    const unbucketed = await query(admin, { source: 'metrics', measure: 'avg_cpu', timeRange: { from: iso(today - 800 * DAY), to: iso(today) } });
    expect(unbucketed.status).toBe(400);
    expect(unbucketed.body.error.code).toBe('VALIDATION_ERROR');
    expect(await db.alert.count({ where: { partnerId: partner.id } })).toBe(5);
  });

  it('needs the read permission of the source besides analytics:read', async () => {
    const role = await db.role.create({ data: { partnerId: partner.id, name: 'Analyst of devices', scope: 'partner', permissions: ['analytics:read', 'devices:read'] } });
    const analyst = await tokenFor(await makePartnerUser({ ...partner, roles: { Analyst: role.id } }, { role: 'Analyst' }), { mfa: true });
    const refused = await query(analyst, { source: 'alerts', measure: 'count', timeRange: week });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Querying alerts needs alerts:read');
    expect((await query(analyst, { source: 'tickets', measure: 'count', timeRange: week })).status).toBe(403);
    expect((await query(analyst, { source: 'devices', measure: 'count' })).body.rows).toEqual([{ keys: {}, value: 4, count: 4 }]);
  });

  it('recognizes PostgreSQL cancelling a statement at its timeout (answered 422, not 500)', async () => {
    const error = await db
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe('set local statement_timeout = 20');
        return tx.$queryRaw`select pg_sleep(1)`;
      })
      .catch((e: unknown) => e);
    expect(isStatementTimeout(error)).toBe(true);
    expect(isStatementTimeout(new Error('other'))).toBe(false);
  });

  it('refuses metric queries over the device-days budget with QUERY_TOO_COSTLY', async () => {
    const fleet = await makePartner();
    const fleetAdmin = await tokenFor(await makePartnerUser(fleet), { mfa: true });
    const org = await makeOrg(fleet.id);
    await db.device.createMany({ data: Array.from({ length: 40 }, (_, i) => ({ partnerId: fleet.id, orgId: org.id, hostname: `fleet-${i}`, osType: 'linux' as const, status: 'online' as const })) });
    const year = { from: iso(today - 700 * DAY), to: iso(today) };
    const res = await query(fleetAdmin, { source: 'metrics', measure: 'avg_cpu', timeRange: year });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'QUERY_TOO_COSTLY', details: { devices: 40, days: 700, budget: 20_000 } });
    const narrowed = await query(fleetAdmin, { source: 'metrics', measure: 'avg_cpu', timeRange: { last: '30d' } });
    expect(narrowed.status, narrowed.text).toBe(200);
  });
});

describe('dashboards and widgets', () => {
  it('a technician creates a dashboard, adds, edits and removes widgets; changes are audited', async () => {
    const created = await api.post('/analytics/dashboards', { token: tech, body: { name: 'NOC overview' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'NOC overview', visibility: 'shared', layout: { columns: 12 }, widgetCount: 0, widgets: [] });
    const id = created.body.id;
    const widgetQuery = { source: 'alerts', measure: 'count', dimensions: ['severity', 'time'], bucket: 'day', timeRange: { last: '30d' } };
    const widget = await api.post(`/analytics/dashboards/${id}/widgets`, { token: tech, body: { title: 'Alerts by severity', type: 'chart', query: widgetQuery, options: { chart: 'line' } } });
    expect(widget.status, widget.text).toBe(201);
    expect(widget.body).toMatchObject({ dashboardId: id, type: 'chart', options: { chart: 'line' }, position: { x: 0, y: 0, w: 6, h: 4 }, query: { ...widgetQuery, filters: {}, limit: 100 } });
    const second = await api.post(`/analytics/dashboards/${id}/widgets`, { token: tech, body: { title: 'Devices', type: 'number', query: { source: 'devices', measure: 'count' } } });
    expect(second.body.position).toEqual({ x: 0, y: 4, w: 6, h: 4 });
    const bad = await api.post(`/analytics/dashboards/${id}/widgets`, { token: tech, body: { title: 'Bad', type: 'chart', query: { source: 'alerts', measure: 'count', dimensions: ['time'], timeRange: { last: '7d' } } } });
    expect(bad.status).toBe(400);

    const got = await api.get(`/analytics/dashboards/${id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body.widgets.map((w: { title: string }) => w.title)).toEqual(['Alerts by severity', 'Devices']);
    expect(got.body.widgetCount).toBe(2);

    const moved = await api.patch(`/analytics/widgets/${second.body.id}`, { token: tech, body: { position: { x: 6, y: 0, w: 6, h: 4 }, title: 'Device count' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ title: 'Device count', position: { x: 6, y: 0, w: 6, h: 4 } });
    expect((await api.patch(`/analytics/widgets/${second.body.id}`, { token: tech, body: { position: { x: 20, y: 0, w: 6, h: 4 } } })).status).toBe(400);
    expect((await api.delete(`/analytics/widgets/${second.body.id}`, { token: tech })).status).toBeLessThan(300);
    const renamed = await api.patch(`/analytics/dashboards/${id}`, { token: admin, body: { name: 'NOC' } });
    expect(renamed.body).toMatchObject({ name: 'NOC', widgetCount: 1 });

    const list = await api.get('/analytics/dashboards', { token: tech, query: { search: 'noc' } });
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    const actions = (await db.auditLog.findMany({ where: { partnerId: partner.id, action: { startsWith: 'analytics_' } }, select: { action: true } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['analytics_dashboard.create', 'analytics_widget.create', 'analytics_widget.update', 'analytics_widget.delete', 'analytics_dashboard.update']));

    expect((await api.delete(`/analytics/dashboards/${id}`, { token: tech })).status).toBeLessThan(300);
    expect((await api.get(`/analytics/dashboards/${id}`, { token: tech })).status).toBe(404);
    expect(await db.analyticsWidget.count({ where: { dashboardId: id } })).toBe(0);
  });

  it('another partner gets 404 on a dashboard and its widgets; nothing changes', async () => {
    const d = await api.post('/analytics/dashboards', { token: admin, body: { name: 'Private to partner' } });
    const w = await api.post(`/analytics/dashboards/${d.body.id}/widgets`, { token: admin, body: { title: 'W', type: 'table', query: { source: 'devices', measure: 'count', dimensions: ['os'] } } });
    expect((await api.get(`/analytics/dashboards/${d.body.id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/analytics/dashboards/${d.body.id}`, { token: outsider, body: { name: 'Mine' } })).status).toBe(404);
    expect((await api.delete(`/analytics/dashboards/${d.body.id}`, { token: outsider })).status).toBe(404);
    expect((await api.post(`/analytics/dashboards/${d.body.id}/widgets`, { token: outsider, body: { title: 'X', type: 'number', query: { source: 'devices', measure: 'count' } } })).status).toBe(404);
    expect((await api.patch(`/analytics/widgets/${w.body.id}`, { token: outsider, body: { title: 'X' } })).status).toBe(404);
    expect((await api.delete(`/analytics/widgets/${w.body.id}`, { token: outsider })).status).toBe(404);
    expect((await api.get('/analytics/dashboards', { token: outsider })).body.data).toEqual([]);
    expect((await db.analyticsDashboard.findUnique({ where: { id: d.body.id } }))!.name).toBe('Private to partner');
    expect((await db.analyticsWidget.findUnique({ where: { id: w.body.id } }))!.title).toBe('W');
  });

  it('private dashboards are their owner’s alone; only the owner changes visibility; read-only roles cannot write', async () => {
    const mine = await api.post('/analytics/dashboards', { token: admin, body: { name: 'Admin only', visibility: 'private' } });
    expect(mine.status).toBe(201);
    expect((await api.get(`/analytics/dashboards/${mine.body.id}`, { token: tech })).status).toBe(404);
    expect((await api.get('/analytics/dashboards', { token: tech })).body.data.map((d: { id: string }) => d.id)).not.toContain(mine.body.id);
    const shared = await api.post('/analytics/dashboards', { token: admin, body: { name: 'Shared by admin' } });
    const hide = await api.patch(`/analytics/dashboards/${shared.body.id}`, { token: tech, body: { visibility: 'private' } });
    expect(hide.status).toBe(403);
    expect(hide.body.error.code).toBe('NOT_DASHBOARD_OWNER');
    expect((await api.post('/analytics/dashboards', { token: orgUser, body: { name: 'Nope' } })).status).toBe(403);
    // Organization users see their organization's dashboards, not the partner-wide ones.
    expect((await api.get(`/analytics/dashboards/${shared.body.id}`, { token: orgUser })).status).toBe(404);
    const customer = await api.post('/analytics/dashboards', { token: admin, body: { name: 'Alpha service review', orgId: orgA.id } });
    expect(customer.body.orgId).toBe(orgA.id);
    expect((await api.get(`/analytics/dashboards/${customer.body.id}`, { token: orgUser })).status).toBe(200);
    expect((await api.get('/analytics/dashboards', { token: orgUser })).body.data.map((d: { name: string }) => d.name)).toEqual(['Alpha service review']);
    expect((await api.post('/analytics/dashboards', { token: outsider, body: { name: 'Theirs', orgId: orgA.id } })).status).toBe(404);
  });
});

describe('SLA definitions and compliance', () => {
  it('judges alert acknowledge and resolve times per organization and day', async () => {
    const created = await api.post('/analytics/sla', { token: admin, body: { name: 'Alerts standard', targetKind: 'alert', responseMinutes: 15, resolveMinutes: 120 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ orgId: null, severities: [], priorities: [] });
    const res = await api.get(`/analytics/sla/${created.body.id}/compliance`, { token: admin, query: week });
    expect(res.status, res.text).toBe(200);
    expect(res.body.summary).toEqual({ total: 4, response: { met: 2, breached: 2, pending: 0, percent: 50 }, resolution: { met: 2, breached: 2, pending: 0, percent: 50 } });
    expect(res.body.byOrganization).toEqual([
      { orgId: orgA.id, orgName: 'Alpha Org', total: 3, response: { met: 1, breached: 2, pending: 0, percent: 33.3 }, resolution: { met: 2, breached: 1, pending: 0, percent: 66.7 } },
      { orgId: orgB.id, orgName: 'Bravo Org', total: 1, response: { met: 1, breached: 0, pending: 0, percent: 100 }, resolution: { met: 0, breached: 1, pending: 0, percent: 0 } },
    ]);
    expect(res.body.byDay.map((d: { day: string; total: number }) => [d.day, d.total])).toEqual([
      [iso(base).slice(0, 10), 2],
      [iso(base + DAY).slice(0, 10), 1],
      [iso(base + 2 * DAY).slice(0, 10), 1],
    ]);
    const mine = await api.get(`/analytics/sla/${created.body.id}/compliance`, { token: orgUser, query: week });
    expect(mine.body.summary.total).toBe(3);
    expect(mine.body.byOrganization.map((o: { orgId: string }) => o.orgId)).toEqual([orgA.id]);
  });

  it('counts an alert whose minutes have not run out as pending', async () => {
    const sla = await api.post('/analytics/sla', { token: admin, body: { name: 'Medium', targetKind: 'alert', responseMinutes: 60, resolveMinutes: 600, severities: ['medium'], orgId: orgB.id } });
    await alert(orgB, 'medium', Date.now() - 5 * MIN);
    await alert(orgA, 'medium', Date.now() - 5 * MIN);
    const res = await api.get(`/analytics/sla/${sla.body.id}/compliance`, { token: admin });
    expect(res.body.summary).toEqual({ total: 1, response: { met: 0, breached: 0, pending: 1, percent: null }, resolution: { met: 0, breached: 0, pending: 1, percent: null } });
  });

  it('judges ticket first response and resolution for the priorities named', async () => {
    const sla = await api.post('/analytics/sla', { token: tech, body: { name: 'Tickets P1/P2', targetKind: 'ticket', responseMinutes: 60, resolveMinutes: 480, priorities: ['p1', 'p2'] } });
    expect(sla.status, sla.text).toBe(201);
    const res = await api.get(`/analytics/sla/${sla.body.id}/compliance`, { token: admin, query: week });
    expect(res.body.summary).toEqual({ total: 2, response: { met: 1, breached: 1, pending: 0, percent: 50 }, resolution: { met: 1, breached: 1, pending: 0, percent: 50 } });
  });

  it('validates, scopes and audits definitions', async () => {
    expect((await api.post('/analytics/sla', { token: admin, body: { name: 'X', targetKind: 'alert', responseMinutes: 30, resolveMinutes: 10 } })).status).toBe(400);
    expect((await api.post('/analytics/sla', { token: admin, body: { name: 'X', targetKind: 'alert', responseMinutes: 5, resolveMinutes: 10, priorities: ['p1'] } })).status).toBe(400);
    expect((await api.post('/analytics/sla', { token: outsider, body: { name: 'X', targetKind: 'alert', responseMinutes: 5, resolveMinutes: 10, orgId: orgA.id } })).status).toBe(404);
    const sla = await api.post('/analytics/sla', { token: admin, body: { name: 'Scoped', targetKind: 'ticket', responseMinutes: 5, resolveMinutes: 10 } });
    expect((await api.get(`/analytics/sla/${sla.body.id}/compliance`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/analytics/sla/${sla.body.id}`, { token: outsider, body: { name: 'Theirs' } })).status).toBe(404);
    expect((await api.delete(`/analytics/sla/${sla.body.id}`, { token: outsider })).status).toBe(404);
    const edited = await api.patch(`/analytics/sla/${sla.body.id}`, { token: admin, body: { resolveMinutes: 20, name: 'Scoped 2' } });
    expect(edited.body).toMatchObject({ name: 'Scoped 2', resolveMinutes: 20 });
    expect((await api.patch(`/analytics/sla/${sla.body.id}`, { token: admin, body: { resolveMinutes: 1 } })).status).toBe(400);
    const list = await api.get('/analytics/sla', { token: orgUser, query: { targetKind: 'ticket' } });
    expect(list.body.data.map((s: { name: string }) => s.name)).toContain('Scoped 2');
    expect((await api.delete(`/analytics/sla/${sla.body.id}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/analytics/sla/${sla.body.id}`, { token: admin })).status).toBe(404);
    const actions = (await db.auditLog.findMany({ where: { targetId: sla.body.id }, select: { action: true } })).map((a) => a.action).sort();
    expect(actions).toEqual(['sla_definition.create', 'sla_definition.delete', 'sla_definition.update']);
  });
});

describe('capacity, executive summary, OS distribution', () => {
  it('forecasts days until the disk is full from the daily trend, soonest first', async () => {
    const res = await api.get('/analytics/capacity', { token: admin, query: { days: 7 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ days: 7, devicesConsidered: 4, truncated: false });
    const [first, second] = res.body.rows;
    expect(first).toMatchObject({ deviceId: dev.d1, hostname: 'alpha-db', orgName: 'Alpha Org', daysUntilFull: 19 });
    expect(first.disk).toEqual({ current: 62, slopePerDay: 2, daysUntilFull: 19, trend: [50, 52, 54, 56, 58, 60, 62] });
    expect(first.memory).toMatchObject({ current: 40, slopePerDay: 0, daysUntilFull: null });
    expect(second).toMatchObject({ deviceId: dev.d3, daysUntilFull: null, disk: { current: 30, daysUntilFull: null } });
    expect(res.body.rows.map((r: { deviceId: string }) => r.deviceId)).not.toContain(dev.gone);
    expect((await api.get('/analytics/capacity', { token: outsider })).body.rows.map((r: { deviceId: string }) => r.deviceId)).toEqual([dev.foreign]);
    expect((await api.get('/analytics/capacity', { token: admin, query: { days: 400 } })).status).toBe(400);
  });

  it('summarizes each organization: devices, online share, alerts, tickets, patches, availability', async () => {
    const res = await api.get('/analytics/executive-summary', { token: admin });
    expect(res.status, res.text).toBe(200);
    const [a, b] = res.body.organizations;
    expect(a).toMatchObject({
      orgId: orgA.id,
      orgName: 'Alpha Org',
      devices: 3,
      online: 2,
      onlinePercent: 66.7,
      ticketsOpened: 2,
      ticketsClosed: 2,
      patchCompliancePercent: 100,
    });
    expect(a.alertsBySeverity).toMatchObject({ critical: 1, high: 2, low: 1 });
    expect(a.availabilityPercent).toBeGreaterThan(0);
    expect(b).toMatchObject({ orgId: orgB.id, devices: 1, onlinePercent: 100, ticketsOpened: 0, availabilityPercent: 0 });
    expect(res.body.totals).toMatchObject({ devices: 4, online: 3, onlinePercent: 75, ticketsOpened: 2 });
    expect(res.body.availabilityDevicesRead).toBe(4);
    const mine = await api.get('/analytics/executive-summary', { token: orgUser });
    expect(mine.body.organizations.map((o: { orgId: string }) => o.orgId)).toEqual([orgA.id]);
    expect((await api.get('/analytics/executive-summary', { token: admin, query: { from: iso(today), to: iso(today - DAY) } })).status).toBe(400);
  });

  it('counts devices by OS type and version within scope', async () => {
    const res = await api.get('/analytics/os-distribution', { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.byType).toEqual([
      { osType: 'linux', count: 2 },
      { osType: 'macos', count: 1 },
      { osType: 'windows', count: 1 },
    ]);
    expect(res.body.byVersion).toContainEqual({ osType: 'linux', osVersion: 'Ubuntu 24.04', count: 1 });
    const mine = await api.get('/analytics/os-distribution', { token: orgUser });
    expect(mine.body.total).toBe(3);
    expect((await api.get('/analytics/os-distribution', { token: outsider })).body.total).toBe(1);
  });
});
