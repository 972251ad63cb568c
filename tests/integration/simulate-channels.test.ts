// `rmm-agent simulate --channels`: one process of the real bundled agent enrolls several virtual
// devices, each holding its own live channel, and answers system tools from a simulated machine
// through the real API; a queued command wakes its device, which claims it without a heartbeat.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { AGENT_BUNDLE, eventually } from '../helpers/real-agent';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createKey } from '../helpers/agents';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';

const DEVICES = 3;
let server: TestServer;
let simulator: ChildProcess;
let admin: string;
let stdout = '';
let stderr = '';
let deviceIds: string[] = [];

const base = (deviceId: string) => `/system-tools/devices/${deviceId}`;

beforeAll(async () => {
  server = await startTestServer({ hub: agentChannelHub() });
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  const key = await createKey(admin, { orgId: org.id });
  const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-sim-channels-')), 'state.json');
  simulator = spawn(
    process.execPath,
    [AGENT_BUNDLE, 'simulate', '--server', server.url, '--key', key.key, '--devices', String(DEVICES), '--channels', '--no-heartbeat', '--duration', '600', '--state-file', stateFile, '--json'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  simulator.stdout!.on('data', (d) => (stdout += d));
  simulator.stderr!.on('data', (d) => (stderr += d));
  await eventually(() => stderr.includes(`channels open ${DEVICES} of ${DEVICES}`), 'every simulated channel open', 60_000, () => stderr);
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { devices: { hostname: string }[] };
  const rows = await db.device.findMany({ where: { orgId: org.id, hostname: { in: state.devices.map((d) => d.hostname) } }, select: { id: true, hostname: true } });
  deviceIds = state.devices.map((d) => rows.find((r) => r.hostname === d.hostname)!.id);
}, 120_000);

afterAll(async () => {
  if (simulator && simulator.exitCode === null) simulator.kill('SIGKILL');
  await server?.stop();
  resetAgentChannelHub();
});

describe('rmm-agent simulate --channels', () => {
  it('holds one live channel per virtual device, each answering a process table of a real server’s size', async () => {
    expect(agentChannelHub().localDevices().sort()).toEqual([...deviceIds].sort());
    const tables = [];
    for (const id of deviceIds) {
      const res = await api.get(`${base(id)}/processes`, { token: admin });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(250);
      expect(res.text.length).toBeGreaterThan(45_000);
      tables.push(res.body.data as { pid: number; startedAt: string; commandLine: string }[]);
    }
    expect(tables[0].some((p) => p.commandLine.startsWith('/usr/lib/postgresql/15/bin/postgres'))).toBe(true);
    // Each device is its own machine (booted at its own time).
    expect(tables[0][0].startedAt).not.toBe(tables[1][0].startedAt);
  });

  it('serves the process list on the HTTP server’s fast path with the route’s own contract', async () => {
    const { serveFastPath } = await import('../../server-fast-paths');
    const fast = createServer((req, res) => {
      req.headers['x-rmm-peer-ip'] = req.socket.remoteAddress ?? '';
      if (!serveFastPath(req, res)) res.writeHead(418).end('next');
    });
    await new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve));
    const url = (p: string) => `http://127.0.0.1:${(fast.address() as { port: number }).port}/api/v1${p}`;
    const get = (p: string, token?: string) => fetch(url(p), { headers: token ? { authorization: `Bearer ${token}` } : {} });
    try {
      const ok = await get(`${base(deviceIds[0])}/processes`, admin);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await ok.json();
      expect(Object.keys(body).sort()).toEqual(['collectedAt', 'data', 'sampledMs']);
      expect(body.data.length).toBeGreaterThan(250);
      // Another tenant: 404 like a device that does not exist (as is a malformed id); no token 401.
      const stranger = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
      const foreign = await get(`${base(deviceIds[0])}/processes`, stranger);
      expect([foreign.status, (await foreign.json()).error.code]).toEqual([404, 'NOT_FOUND']);
      expect((await get(`${base(deviceIds[0])}/processes`)).status).toBe(401);
      expect((await get(`${base('not-a-uuid')}/processes`, admin)).status).toBe(404);
      // Anything else under the device is Next's.
      expect((await get(`${base(deviceIds[0])}/services`, admin)).status).toBe(418);
      expect((await fetch(url(`${base(deviceIds[0])}/processes`), { method: 'POST', headers: { authorization: `Bearer ${admin}` } })).status).toBe(418);
    } finally {
      fast.close();
    }
  });

  it('kills a process and stops a service on one device only', async () => {
    const [a, b] = deviceIds;
    const victim = (await api.get(`${base(a)}/processes`, { token: admin })).body.data.find((p: { name: string }) => p.name === 'php-fpm8.2');
    const killed = await api.post(`${base(a)}/processes/${victim.pid}/kill`, { token: admin, body: { signal: 'SIGTERM' } });
    expect(killed.status, killed.text).toBe(200);
    expect((await api.get(`${base(a)}/processes/${victim.pid}`, { token: admin })).status).toBe(404);
    expect((await api.get(`${base(b)}/processes/${victim.pid}`, { token: admin })).status).toBe(200);

    const stopped = await api.post(`${base(a)}/services/nginx/stop`, { token: admin, body: {} });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ name: 'nginx.service', activeState: 'inactive' });
    const listed = await api.get(`${base(b)}/services`, { token: admin });
    expect(listed.body.data.find((s: { name: string }) => s.name === 'nginx.service')).toMatchObject({ activeState: 'active' });
    expect((await api.get(`${base(a)}/services/nosuch`, { token: admin })).status).toBe(404);
  });

  it('claims a queued command at once through the wake, with no periodic heartbeat', async () => {
    const queued = await api.post(`/devices/${deviceIds[2]}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'sh', script: 'echo hi' } } });
    expect(queued.status, queued.text).toBe(201);
    const done = await eventually(
      async () => {
        const c = await db.deviceCommand.findUniqueOrThrow({ where: { id: queued.body.id } });
        return c.status === 'completed' ? c : null;
      },
      'the simulated device completing the command',
      20_000,
      () => stderr,
    );
    expect(done.stdout).toBe('simulated run_script\n');
  });

  it('reports its channels and what they answered when stopped', async () => {
    const exited = new Promise<number | null>((r) => simulator.on('exit', r));
    simulator.kill('SIGTERM');
    await exited;
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.channels.open).toBe(DEVICES);
    expect(report.channels.answered['processes.list']).toBeGreaterThanOrEqual(DEVICES);
    expect(report.channels.answered['services.action']).toBe(1);
    expect(report.heartbeats).toBe(1);
    expect(report.commandsAnswered).toBe(1);
  });
});
