// The live agent channel end to end: the real bundled agent keeps a WebSocket to a test server
// whose hub stands for a second web process (its own process id and LISTEN connection), while
// the API is served by this process's hub. Every system-tools call is therefore relayed across
// the two through the relay (PostgreSQL LISTEN/NOTIFY, then Redis pub/sub), as between two web
// processes on one database.
// A scripted WebSocket peer with a real agent credential plays the agent that does not answer,
// and the one whose platform cannot do the operation.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, eventually, type RealAgent } from '../helpers/real-agent';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { AgentChannelHub, agentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';
import { RELAYS, useRelay } from '../helpers/relays';
import { resetEnvCache } from '@/lib/env';

let agent: RealAgent;
let remoteHub: AgentChannelHub;
const children: ChildProcess[] = [];
const peers: WebSocket[] = [];
let localServer: TestServer;

const base = (deviceId: string) => `/system-tools/devices/${deviceId}`;

/** A scripted agent: connects with a real credential and answers requests with `answer` (or not at all). */
function scriptedPeer(url: string, token: string, answer: (frame: { id: string; op: string }) => object | null): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/agents/channel`, { headers: { authorization: `Bearer ${token}` } });
    peers.push(ws);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'welcome') resolve(ws);
      if (frame.type !== 'request') return;
      const reply = answer(frame);
      if (reply) ws.send(JSON.stringify({ type: 'response', id: frame.id, ...reply }));
    });
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode })));
    ws.on('error', reject);
  });
}

async function refusal(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/agents/channel`, { headers: { authorization: `Bearer ${token}` } });
    ws.on('open', () => reject(new Error('the channel was opened')));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => undefined);
  });
}

// Both relays between web processes carry the same tests.
describe.each(RELAYS)('over the %s relay', (relay) => {
  beforeAll(async () => {
    useRelay(relay);
    remoteHub = new AgentChannelHub({ leaseSeconds: 30, pingSeconds: 5 });
    expect(remoteHub.relay.kind).toBe(relay);
    agent = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-channel-')), 'data'), { hub: remoteHub });
    // This process's own hub serves a second HTTP server (for the scripted peers) and relays the API's calls.
    localServer = await startTestServer({ hub: agentChannelHub() });
    await agent.eventually(async () => (await db.agentChannelPresence.findUnique({ where: { deviceId: agent.deviceId } }))?.processId === remoteHub.processId, 'the agent channel open on the other process');
  }, 120_000);

  afterAll(async () => {
    for (const p of peers) p.terminate();
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await agent?.stop();
    await localServer?.stop();
    resetAgentChannelHub();
    useRelay(null);
    delete process.env.AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS;
    resetEnvCache();
  });

  describe('the live agent channel across two web processes', () => {
    it('lists the device’s processes from /proc, relayed from the process holding the channel', async () => {
      expect(agentChannelHub().localDevices()).not.toContain(agent.deviceId);
      expect(remoteHub.localDevices()).toContain(agent.deviceId);
      const res = await api.get(`${base(agent.deviceId)}/processes`, { token: agent.admin });
      expect(res.status, res.text).toBe(200);
      // The process list is larger than a NOTIFY payload: it came back through agent_channel_relay.
      expect(res.text.length).toBeGreaterThan(8000);
      const me = res.body.data.find((p: { pid: number }) => p.pid === process.pid);
      expect(me).toMatchObject({ pid: process.pid, ppid: process.ppid, name: expect.any(String), user: os.userInfo().username, uid: os.userInfo().uid });
      expect(me.memoryBytes).toBeGreaterThan(1024 * 1024);
      expect(me.commandLine).toContain('node');
      expect(new Date(me.startedAt).getTime()).toBeLessThanOrEqual(Date.now());
      expect(res.body.data.some((p: { commandLine: string }) => p.commandLine.includes('rmm-agent.cjs run'))).toBe(true);

      const one = await api.get(`${base(agent.deviceId)}/processes/${process.pid}`, { token: agent.admin });
      expect(one.status, one.text).toBe(200);
      expect(one.body.pid).toBe(process.pid);
      const missing = await api.get(`${base(agent.deviceId)}/processes/4194000`, { token: agent.admin });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('PROCESS_NOT_FOUND');
    });

    it('kills a process by signal with devices:execute and MFA, and audits it', async () => {
      const victim = spawn('sleep', ['300'], { stdio: 'ignore' });
      children.push(victim);
      const url = `${base(agent.deviceId)}/processes/${victim.pid}/kill`;

      const org = await db.organization.findUniqueOrThrow({ where: { id: agent.orgId } });
      const partner = { id: org.partnerId, roles: Object.fromEntries((await db.role.findMany({ where: { partnerId: org.partnerId } })).map((r) => [r.name, r.id])) };
      const noMfa = await tokenFor(await makePartnerUser(partner));
      const readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }), { mfa: true });
      const refused = await api.post(url, { token: noMfa, body: {} });
      expect(refused.status).toBe(403);
      expect((await api.post(url, { token: readOnly, body: {} })).status).toBe(403);
      expect((await api.get(`${base(agent.deviceId)}/processes/${victim.pid}`, { token: readOnly })).status).toBe(200);
      expect((await api.post(url, { token: agent.admin, body: { signal: 'SIGNOPE' } })).status).toBe(400);

      const res = await api.post(url, { token: agent.admin, body: { signal: 'SIGTERM' } });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ pid: victim.pid, signal: 'SIGTERM', delivered: true });
      await eventually(() => victim.signalCode === 'SIGTERM', 'the process ended by SIGTERM');
      const audit = await db.auditLog.findFirst({ where: { action: 'device.process.kill', targetId: agent.deviceId } });
      expect(audit?.details).toMatchObject({ pid: victim.pid, signal: 'SIGTERM' });
    });

    it('answers 404 for another tenant’s device on every system-tools route', async () => {
      const other = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
      const d = base(agent.deviceId);
      for (const [method, url] of [
        ['get', `${d}/processes`],
        ['get', `${d}/processes/1`],
        ['post', `${d}/processes/1/kill`],
        ['get', `${d}/services`],
        ['get', `${d}/services/cron`],
        ['post', `${d}/services/cron/start`],
        ['post', `${d}/services/cron/stop`],
        ['post', `${d}/services/cron/restart`],
      ] as const) {
        const res = method === 'get' ? await api.get(url, { token: other }) : await api.post(url, { token: other, body: {} });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    });

    it('lists services through systemd, or says clearly that systemd is not running', async () => {
      const res = await api.get(`${base(agent.deviceId)}/services`, { token: agent.admin });
      if (existsSync('/run/systemd/system')) {
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.length).toBeGreaterThan(0);
        expect(res.body.data[0]).toMatchObject({ name: expect.stringMatching(/\.service$/), activeState: expect.any(String) });
      } else {
        // This environment (a container) runs no systemd: the agent's answer names the reason.
        expect(res.status, res.text).toBe(422);
        expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: expect.stringContaining('systemd is not running') });
        const stop = await api.post(`${base(agent.deviceId)}/services/cron/stop`, { token: agent.admin, body: {} });
        expect(stop.status).toBe(422);
      }
      // A name systemctl could take for an option never reaches the agent (malformed path: 404).
      const bad = await api.get(`${base(agent.deviceId)}/services/-bad`, { token: agent.admin });
      expect(bad.status).toBe(404);
    });

    it('wakes the agent when a command is queued: it claims it long before its next heartbeat', async () => {
      // Heartbeats every 60 s from the next beat on; the command must not wait for one.
      process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS = '60';
      resetEnvCache();
      const since = new Date();
      await agent.eventually(async () => {
        const d = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
        return d.lastSeenAt && d.lastSeenAt > since;
      }, 'a heartbeat answered with the 60-second interval');
      const queued = await api.post(`/devices/${agent.deviceId}/commands`, { token: agent.admin, body: { type: 'run_script', payload: { interpreter: 'sh', script: 'echo woken' } } });
      expect(queued.status, queued.text).toBe(201);
      const done = await agent.eventually(
        async () => {
          const c = await db.deviceCommand.findUniqueOrThrow({ where: { id: queued.body.id } });
          return c.status === 'completed' ? c : null;
        },
        'the command run without waiting for the 60-second heartbeat',
        20_000,
      );
      expect(done.stdout).toContain('woken');
      process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS = '1';
      resetEnvCache();
    });

    it('answers 409 AGENT_OFFLINE, 504 AGENT_TIMEOUT and 422 UNSUPPORTED_ON_PLATFORM', async () => {
      const key = await createKey(agent.admin, { orgId: agent.orgId });
      const silent: EnrolledAgent = await enroll(key.key);
      expect((await api.get(`${base(silent.deviceId)}/processes`, { token: agent.admin })).body.error.code).toBe('AGENT_OFFLINE');
      expect((await api.get(`${base(silent.deviceId)}/processes`, { token: agent.admin })).status).toBe(409);

      // Connected to this process this time: no relay, same contract.
      await scriptedPeer(localServer.url, silent.authToken, (f) => (f.op === 'processes.list' ? { ok: false, error: { code: 'UNSUPPORTED_ON_PLATFORM', message: 'not on this OS' } } : null));
      const unsupported = await api.get(`${base(silent.deviceId)}/processes`, { token: agent.admin });
      expect(unsupported.status).toBe(422);
      expect(unsupported.body.error).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: 'not on this OS' });

      process.env.AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS = '1';
      resetEnvCache();
      const timedOut = await api.get(`${base(silent.deviceId)}/services`, { token: agent.admin });
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.error.code).toBe('AGENT_TIMEOUT');
      delete process.env.AGENT_CHANNEL_REQUEST_TIMEOUT_SECONDS;
      resetEnvCache();

      // An answer that does not match the contract is a 502, not a 500.
      const liar = await enroll(key.key);
      await scriptedPeer(localServer.url, liar.authToken, () => ({ ok: true, result: { processes: 'nope' } }));
      expect((await api.get(`${base(liar.deviceId)}/processes`, { token: agent.admin })).status).toBe(502);
    });

    it('refuses the channel to a decommissioned device and to an offboarding partner’s agent', async () => {
      const key = await createKey(agent.admin, { orgId: agent.orgId });
      const gone = await enroll(key.key);
      await db.device.update({ where: { id: gone.deviceId }, data: { status: 'decommissioned' } });
      const r1 = await refusal(localServer.url, gone.authToken);
      expect(r1.status).toBe(401);
      expect(JSON.parse(r1.body).error.code).toBe('AGENT_REVOKED');
      expect((await refusal(localServer.url, 'not-a-token')).status).toBe(401);

      const partner = await makePartner();
      const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
      const orgKey = await createKey(admin, { orgId: (await makeOrg(partner.id)).id });
      const leaving = await enroll(orgKey.key);
      await db.partner.update({ where: { id: partner.id }, data: { status: 'offboarding' } });
      const r2 = await refusal(localServer.url, leaving.authToken);
      expect(r2.status).toBe(403);
      expect(JSON.parse(r2.body).error.code).toBe('AGENT_ACCESS_NARROWED');
    });

    it('forgets the device when its agent goes away', async () => {
      const key = await createKey(agent.admin, { orgId: agent.orgId });
      const brief = await enroll(key.key);
      const ws = await scriptedPeer(localServer.url, brief.authToken, () => ({ ok: true, result: { processes: [], sampledMs: 1 } }));
      expect((await api.get(`${base(brief.deviceId)}/processes`, { token: agent.admin })).status).toBe(200);
      ws.close();
      await eventually(async () => !(await db.agentChannelPresence.findUnique({ where: { deviceId: brief.deviceId } })), 'the presence row removed');
      expect((await api.get(`${base(brief.deviceId)}/processes`, { token: agent.admin })).status).toBe(409);
    });
  });
});
