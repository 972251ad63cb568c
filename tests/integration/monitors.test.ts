// Network monitors against local servers: HTTP status/keyword/latency, TCP, DNS, TLS expiry;
// failing monitors raise alerts through the alert lifecycle and recover; target safety; tenancy.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { runDueJobs } from '../helpers/jobs';
import { eventsOf } from '../helpers/alerts';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let outsider: string;
let orgUser: string;
let org: { id: string; partnerId: string };
let http: Server;
let httpPort: number;
let httpMode: { status: number; body: string } = { status: 200, body: 'all systems nominal' };
const closers: (() => void)[] = [];

const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown; address: () => AddressInfo | string | null }) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner));
  outsider = await tokenFor(await makePartnerUser(await makePartner()));
  org = await makeOrg(partner.id);
  orgUser = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id)));
  http = createHttpServer((req, res) => {
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 300);
    res.writeHead(httpMode.status, { 'content-type': 'text/plain' }).end(httpMode.body);
  });
  httpPort = await listen(http);
  closers.push(() => http.close());
});
afterAll(() => {
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  delete process.env.IS_HOSTED;
  resetEnvCache();
  for (const c of closers) c();
});

async function createMonitor(body: Record<string, unknown>, token = admin) {
  const res = await api.post('/monitors', { token, body: { orgId: org.id, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

const check = async (id: string) => {
  const res = await api.post(`/monitors/${id}/check`, { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.body as { monitor: { status: string; consecutiveFailures: number }; result: { status: string; message: string; latencyMs: number | null; details: Record<string, unknown> } };
};

describe('HTTP monitors', () => {
  it('checks status and keyword; failures raise one alert after the threshold; recovery resolves it', async () => {
    httpMode = { status: 200, body: 'all systems nominal' };
    const m = await createMonitor({ name: 'Site', kind: 'http', failureThreshold: 2, severity: 'critical', config: { url: `http://127.0.0.1:${httpPort}/health`, keyword: 'nominal' } });
    expect(m).toMatchObject({ status: 'unknown', intervalSeconds: 300, enabled: true });
    const ok = await check(m.id);
    expect(ok.result).toMatchObject({ status: 'up', details: { statusCode: 200 } });
    expect(ok.monitor.status).toBe('up');

    httpMode = { status: 200, body: 'degraded' };
    const miss = await check(m.id);
    expect(miss.result).toMatchObject({ status: 'down', message: 'Keyword "nominal" not found' });
    expect(await db.alert.count({ where: { monitorId: m.id } })).toBe(0); // threshold 2
    httpMode = { status: 503, body: 'nominal' };
    const down = await check(m.id);
    expect(down.result.message).toBe('Unexpected status 503');
    const [alert] = await db.alert.findMany({ where: { monitorId: m.id } });
    expect(alert).toMatchObject({ status: 'active', severity: 'critical', source: 'monitor', orgId: org.id, title: 'Site is down' });
    expect(await eventsOf('alert.triggered', alert.id)).toBe(1);
    await check(m.id);
    expect(await db.alert.count({ where: { monitorId: m.id } })).toBe(1);

    httpMode = { status: 200, body: 'nominal' };
    await check(m.id);
    expect((await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).status).toBe('resolved');
    const results = await api.get(`/monitors/${m.id}/results`, { token: admin });
    expect(results.body.pagination.total).toBe(5);
    expect(results.body.data[0].status).toBe('up');
    expect((await api.get(`/monitors/${m.id}/results`, { token: admin, query: { status: 'down' } })).body.pagination.total).toBe(3);
  });

  it('latency ceiling and expected status codes; test is a dry run', async () => {
    const slow = await createMonitor({ name: 'Slow', kind: 'http', config: { url: `http://127.0.0.1:${httpPort}/slow`, maxLatencyMs: 50 } });
    const res = await api.post(`/monitors/${slow.id}/test`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('down');
    expect(res.body.message).toMatch(/^Slow: \d+ ms > 50 ms$/);
    expect(await db.monitorResult.count({ where: { monitorId: slow.id } })).toBe(0);
    httpMode = { status: 404, body: '' };
    const gone = await createMonitor({ name: 'Gone', kind: 'http', config: { url: `http://127.0.0.1:${httpPort}/x`, expectedStatusCodes: [404] } });
    expect((await check(gone.id)).result.status).toBe('up');
    const timeout = await createMonitor({ name: 'Timeout', kind: 'http', timeoutMs: 100, config: { url: `http://127.0.0.1:${httpPort}/slow` } });
    expect((await check(timeout.id)).result).toMatchObject({ status: 'down', message: 'Timed out after 100 ms' });
  });
});

describe('TCP, DNS and TLS monitors', () => {
  it('TCP: an open port is up, a closed one down', async () => {
    const server = createTcpServer((s) => s.end());
    const port = await listen(server);
    closers.push(() => server.close());
    const open = await createMonitor({ name: 'DB port', kind: 'tcp', config: { host: '127.0.0.1', port } });
    expect((await check(open.id)).result).toMatchObject({ status: 'up' });
    const spare = createTcpServer();
    const closedPort = await listen(spare);
    await new Promise((r) => spare.close(r));
    const closed = await createMonitor({ name: 'Closed', kind: 'tcp', config: { host: '127.0.0.1', port: closedPort } });
    expect((await check(closed.id)).result).toMatchObject({ status: 'down', message: `ECONNREFUSED: port ${closedPort} not reachable` });
  });

  it('DNS: resolves through the system resolver and compares the answer', async () => {
    const good = await createMonitor({ name: 'Resolves', kind: 'dns', config: { hostname: 'localhost', recordType: 'A', expected: '127.0.0.1' } });
    expect((await check(good.id)).result).toMatchObject({ status: 'up', details: { answers: expect.arrayContaining(['127.0.0.1']) } });
    const wrong = await createMonitor({ name: 'Moved', kind: 'dns', config: { hostname: 'localhost', recordType: 'A', expected: '10.9.9.9' } });
    expect((await check(wrong.id)).result.message).toMatch(/^Expected 10\.9\.9\.9, got /);
  });

  it('TLS: reads the certificate and reports expiry within minDaysValid and an untrusted chain', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tls-monitor-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'k.pem'), '-out', path.join(dir, 'c.pem'), '-days', '5', '-subj', '/CN=monitor.test'], { stdio: 'ignore' });
    } catch {
      return; // no openssl on this machine: nothing to serve
    }
    const server = createTlsServer({ key: readFileSync(path.join(dir, 'k.pem')), cert: readFileSync(path.join(dir, 'c.pem')) }, (s) => s.end());
    const port = await listen(server);
    closers.push(() => server.close());
    const soon = await createMonitor({ name: 'Cert', kind: 'tls', config: { host: '127.0.0.1', port, minDaysValid: 14 } });
    const r1 = (await check(soon.id)).result;
    expect(r1).toMatchObject({ status: 'down', details: { subject: 'monitor.test', daysLeft: 4 } });
    expect(r1.message).toBe('Certificate expires in 4 day(s) (minimum 14)');
    const trust = await createMonitor({ name: 'Cert trust', kind: 'tls', config: { host: '127.0.0.1', port, minDaysValid: 1 } });
    expect((await check(trust.id)).result.message).toMatch(/^Certificate not trusted/);
  });
});

describe('scheduling, dashboard and monitor alerts', () => {
  it('the worker runs due monitors once per interval; dashboard and alert routes reflect them', async () => {
    const p = await makePartner();
    const t = await tokenFor(await makePartnerUser(p));
    const o = await makeOrg(p.id);
    httpMode = { status: 500, body: 'down' };
    const res = await api.post('/monitors', { token: t, body: { orgId: o.id, name: 'API', kind: 'http', intervalSeconds: 60, config: { url: `http://127.0.0.1:${httpPort}/api` } } });
    const m = res.body;
    await enqueueJob(db, 'run_due_monitors', {});
    await runDueJobs();
    await enqueueJob(db, 'run_due_monitors', {});
    await runDueJobs();
    expect(await db.monitorResult.count({ where: { monitorId: m.id } })).toBe(1); // not due again yet
    const dash = await api.get('/monitors/dashboard', { token: t });
    expect(dash.body).toMatchObject({ total: 1, enabled: 1, byStatus: { up: 0, down: 1, unknown: 0 }, byKind: { http: 1 }, openAlerts: 1 });
    expect(dash.body.down[0].id).toBe(m.id);

    const all = await api.get('/monitors/alerts', { token: t });
    expect(all.body.data).toHaveLength(1);
    const alertId = all.body.data[0].id;
    expect((await api.get(`/monitors/${m.id}/alerts`, { token: t })).body.data.map((a: { id: string }) => a.id)).toEqual([alertId]);
    const ack = await api.patch(`/monitors/alerts/${alertId}`, { token: t, body: { status: 'acknowledged' } });
    expect(ack.body.status).toBe('acknowledged');
    expect((await api.patch(`/monitors/alerts/${alertId}`, { token: t, body: { status: 'acknowledged' } })).status).toBe(409);
    expect((await api.patch(`/monitors/alerts/${alertId}`, { token: t, body: { status: 'active' } })).status).toBe(400);
    expect((await api.delete(`/monitors/alerts/${alertId}`, { token: t })).status).toBe(204);
    expect((await api.delete(`/monitors/alerts/${alertId}`, { token: t })).status).toBe(409);
    expect((await api.get('/monitors/alerts', { token: t })).body.data).toEqual([]);
    expect((await api.get('/monitors/alerts', { token: t, query: { status: 'dismissed' } })).body.data).toHaveLength(1);
    // A rule alert is not a monitor alert.
    const other = await db.alert.create({ data: { partnerId: p.id, orgId: o.id, severity: 'low', title: 'x', message: 'x', source: 'rule' } });
    expect((await api.patch(`/monitors/alerts/${other.id}`, { token: t, body: { status: 'resolved' } })).status).toBe(404);
  });
});

describe('CRUD, validation, target safety and tenancy', () => {
  it('validates bodies and targets (hosted: URL-safety rules)', async () => {
    const before = await db.monitor.count();
    for (const body of [
      { name: 'x', kind: 'ping', config: { host: '127.0.0.1' } },
      { name: 'x', kind: 'tcp', config: { host: '127.0.0.1', port: 70000 } },
      { name: 'x', kind: 'http', config: { url: 'not a url' } },
      { name: 'x', kind: 'http', intervalSeconds: 5, config: { url: `http://127.0.0.1:${httpPort}/` } },
      { name: 'x', kind: 'tcp', config: { host: '10.0.0.5', port: 22 } },
      { name: 'x', kind: 'http', config: { url: 'http://169.254.169.254/latest/meta-data' } },
      { name: 'x', kind: 'tls', config: { host: 'localhost', port: 443 } },
    ]) {
      const res = await api.post('/monitors', { token: admin, body: { orgId: org.id, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post('/monitors', { token: admin, body: { name: 'x', kind: 'tcp', config: { host: '127.0.0.1', port: 1 } } })).status).toBe(400); // orgId
    expect(await db.monitor.count()).toBe(before);
  });

  it('self-hosted: private targets are allowed, cloud metadata never', async () => {
    process.env.IS_HOSTED = 'false';
    resetEnvCache();
    try {
      expect((await api.post('/monitors', { token: admin, body: { orgId: org.id, name: 'LAN', kind: 'tcp', config: { host: '10.0.0.5', port: 22 } } })).status).toBe(201);
      expect((await api.post('/monitors', { token: admin, body: { orgId: org.id, name: 'Meta', kind: 'http', config: { url: 'http://169.254.169.254/' } } })).status).toBe(400);
    } finally {
      delete process.env.IS_HOSTED;
      resetEnvCache();
    }
  });

  it('update, delete (open alert resolved), and cross-tenant 404 with the row unchanged', async () => {
    httpMode = { status: 500, body: '' };
    const m = await createMonitor({ name: 'Mine', kind: 'http', config: { url: `http://127.0.0.1:${httpPort}/` } });
    for (const res of [
      await api.get(`/monitors/${m.id}`, { token: outsider }),
      await api.patch(`/monitors/${m.id}`, { token: outsider, body: { name: 'x' } }),
      await api.post(`/monitors/${m.id}/check`, { token: outsider }),
      await api.post(`/monitors/${m.id}/test`, { token: outsider }),
      await api.get(`/monitors/${m.id}/results`, { token: outsider }),
      await api.get(`/monitors/${m.id}/alerts`, { token: outsider }),
      await api.delete(`/monitors/${m.id}`, { token: outsider }),
      await api.get(`/monitors/${m.id}`, { token: orgUser }),
    ]) expect(res.status).toBe(404);
    expect((await db.monitor.findUniqueOrThrow({ where: { id: m.id } })).name).toBe('Mine');
    const patched = await api.patch(`/monitors/${m.id}`, { token: admin, body: { name: 'Renamed', config: { url: `http://127.0.0.1:${httpPort}/v2` } } });
    expect(patched.body).toMatchObject({ name: 'Renamed', config: { url: `http://127.0.0.1:${httpPort}/v2`, method: 'GET' } });
    expect((await api.patch(`/monitors/${m.id}`, { token: admin, body: { config: { host: 'x', port: 1 } } })).status).toBe(400);
    await check(m.id);
    const [alert] = await db.alert.findMany({ where: { monitorId: m.id } });
    const alertOutsider = await api.patch(`/monitors/alerts/${alert.id}`, { token: outsider, body: { status: 'resolved' } });
    expect(alertOutsider.status).toBe(404);
    expect((await api.delete(`/monitors/${m.id}`, { token: admin })).status).toBe(204);
    expect(await db.alert.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({ status: 'resolved', monitorId: null });
    expect((await api.get('/monitors', { token: outsider })).body.data).toEqual([]);
  });
});
