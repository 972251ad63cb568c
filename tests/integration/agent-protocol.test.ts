import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { resetAgentRegistration } from '@/lib/agent-releases/register-bundled-agent';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let key: string;

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  key = (await createKey(admin, { orgId: org.id })).key;
});

afterEach(() => {
  delete process.env.COMMAND_OUTPUT_MAX_BYTES;
  delete process.env.TRUST_PROXY_HEADERS;
  delete process.env.TRUSTED_PROXY_CIDRS;
  resetEnvCache();
});

const queue = (deviceId: string, body: Record<string, unknown>) => api.post(`/devices/${deviceId}/commands`, { token: admin, body });

describe('heartbeat', () => {
  it('records real metrics, keeps the device online and answers with the interval', async () => {
    const agent = await enroll(key);
    const res = await heartbeat(agent, { uptimeSeconds: 3600, loggedInUser: 'alice', metrics: { cpuPercent: 55.5, memoryPercent: 61, diskPercent: 70, load1: 0.5 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ heartbeatIntervalSeconds: 60, mode: 'normal', commands: [], droppedFields: [] });
    const device = await api.get(`/devices/${agent.deviceId}`, { token: admin });
    expect(device.body).toMatchObject({ status: 'online', cpuPercent: 55.5, memoryPercent: 61, diskPercent: 70, uptimeSeconds: 3600, lastUser: 'alice', metrics: { load1: 0.5 } });
  });

  it('is tolerant: an invalid optional field is dropped and reported, not a rejected beat', async () => {
    const agent = await enroll(key);
    const res = await heartbeat(agent, { uptimeSeconds: -5, role: 'toaster', unknownField: { x: 1 }, metrics: { cpuPercent: 250, memoryPercent: 'lots', diskPercent: 33 } });
    expect(res.status).toBe(200);
    expect(res.body.droppedFields.sort()).toEqual(['metrics.cpuPercent', 'metrics.memoryPercent', 'role', 'uptimeSeconds']);
    const device = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
    expect(device.cpuPercent).toBeNull();
    expect(device.diskPercent).toBe(33);
    // metrics that are not an object at all: dropped as a whole
    expect((await heartbeat(agent, { metrics: 'broken' })).body.droppedFields).toEqual(['metrics']);
    // but a body that is not an object is a client error
    const notObject = await api.post(`/agents/${agent.agentId}/heartbeat`, { token: agent.authToken, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(notObject.status).toBe(400);
  });

  it('strips NUL characters instead of failing on them', async () => {
    const agent = await enroll(key);
    const res = await heartbeat(agent, { loggedInUser: 'bo\u0000b', hostname: 'h\u0000ost' });
    expect(res.status).toBe(200);
    expect(await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } })).toMatchObject({ lastUser: 'bob', hostname: 'host' });
  });

  it('rejects missing, invalid and foreign tokens', async () => {
    const a = await enroll(key);
    const b = await enroll(key);
    expect((await api.post(`/agents/${a.agentId}/heartbeat`, { body: {} })).status).toBe(401);
    const bad = await api.post(`/agents/${a.agentId}/heartbeat`, { token: 'agt_forged', body: {} });
    expect([bad.status, bad.body.error.code]).toEqual([401, 'INVALID_AGENT_TOKEN']);
    const foreign = await api.post(`/agents/${a.agentId}/heartbeat`, { token: b.authToken, body: {} });
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'AGENT_MISMATCH']);
    // a user's token is no agent token
    expect((await api.post(`/agents/${a.agentId}/heartbeat`, { token: admin, body: {} })).status).toBe(401);
  });

  it('never passes the user IP allowlist', async () => {
    process.env.TRUST_PROXY_HEADERS = 'true';
    process.env.TRUSTED_PROXY_CIDRS = '10.0.0.0/8';
    resetEnvCache();
    const fenced = await makePartner({ settings: { security: { ipAllowlist: ['192.0.2.1'] } } });
    const fencedAdmin = await tokenFor(await makePartnerUser(fenced), { mfa: true });
    const fencedOrg = await makeOrg(fenced.id);
    // The admin is refused from an address outside the list…
    expect((await api.get('/devices', { token: fencedAdmin, ip: '198.51.100.9' })).status).toBe(403);
    const k = (await api.post('/enrollment-keys', { token: fencedAdmin, ip: '192.0.2.1', body: { name: 'k', orgId: fencedOrg.id } })).body.key as string;
    // …agents are not: enrollment and heartbeats from anywhere.
    const agent = await enroll(k, {}, '198.51.100.9');
    const res = await api.post(`/agents/${agent.agentId}/heartbeat`, { token: agent.authToken, body: {}, ip: '198.51.100.9' });
    expect(res.status).toBe(200);
  });

  it('claims each command exactly once under concurrent heartbeats', async () => {
    const agent = await enroll(key);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await queue(agent.deviceId, { type: 'run_script', payload: { interpreter: 'bash', script: `echo ${i}` } })).body.id);
    const beats = await Promise.all([0, 1, 2, 3].map(() => heartbeat(agent)));
    const delivered = beats.flatMap((b) => b.body.commands.map((c: { id: string }) => c.id));
    expect(delivered.sort()).toEqual([...ids].sort());
    expect(new Set(delivered).size).toBe(10);
    expect(await db.deviceCommand.count({ where: { deviceId: agent.deviceId, status: 'sent' } })).toBe(10);
    expect((await heartbeat(agent)).body.commands).toEqual([]);
  });

  it('beats of many agents at once, sharing statements with token lookups, each get their own commands', async () => {
    const agents = await Promise.all([0, 1, 2, 3, 4, 5].map(() => enroll(key)));
    const queued = new Map<string, string>();
    for (const a of agents) queued.set(a.deviceId, (await queue(a.deviceId, { type: 'refresh_inventory' })).body.id);
    // Rounds of beats from every agent at once: lookups of later beats meet beats already looked up.
    const rounds = await Promise.all([0, 1, 2].map(() => Promise.all(agents.map((a) => heartbeat(a)))));
    for (const [i, a] of agents.entries()) {
      const got = rounds.flatMap((r) => r[i].body.commands.map((c: { id: string }) => c.id));
      expect(got).toEqual([queued.get(a.deviceId)]);
    }
    const forged = await Promise.all([heartbeat(agents[0]), api.post(`/agents/${agents[1].agentId}/heartbeat`, { token: 'agt_forged', body: {} })]);
    expect([forged[0].status, forged[1].status]).toEqual([200, 401]);
  });

  it('delivers commands in order with their payload, and stores results with capped output', async () => {
    process.env.COMMAND_OUTPUT_MAX_BYTES = '1024';
    resetEnvCache();
    const agent = await enroll(key);
    const first = await queue(agent.deviceId, { type: 'run_script', payload: { interpreter: 'python', script: 'print(1)', timeoutSeconds: 30 } });
    expect(first.status).toBe(201);
    const second = await queue(agent.deviceId, { type: 'refresh_inventory' });
    const hb = await heartbeat(agent);
    expect(hb.body.commands.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
    expect(hb.body.commands[0]).toMatchObject({ type: 'run_script', payload: { interpreter: 'python', script: 'print(1)', timeoutSeconds: 30, args: [], env: {} } });

    const big = 'x'.repeat(5000);
    const res = await postResult(agent, first.body.id, { status: 'completed', exitCode: 0, stdout: big, stderr: 'warn\u0000ing', result: { durationMs: 12 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: first.body.id, status: 'completed', truncated: true });
    const stored = await api.get(`/devices/${agent.deviceId}/commands/${first.body.id}`, { token: admin });
    expect(stored.body).toMatchObject({ status: 'completed', exitCode: 0, truncated: true, stderr: 'warning', result: { durationMs: 12 } });
    expect(stored.body.stdout).toHaveLength(1024);
    const again = await postResult(agent, first.body.id, { status: 'failed' });
    expect([again.status, again.body.error.code]).toEqual([409, 'COMMAND_NOT_AWAITING_RESULT']);
    const other = await enroll(key);
    expect((await postResult(other, second.body.id, { status: 'completed' })).status).toBe(404);
    expect((await postResult(agent, second.body.id, { status: 'weird' })).status).toBe(400);
  });

  it('a watchdog beat reports watchdog status and flags a silent main agent', async () => {
    const agent = await enroll(key);
    await heartbeat(agent, { role: 'watchdog', watchdogStatus: 'connected' });
    let device = (await api.get(`/devices/${agent.deviceId}`, { token: admin })).body;
    expect(device).toMatchObject({ watchdogStatus: 'connected', mainAgentSilentSince: null });
    await db.device.update({ where: { id: agent.deviceId }, data: { lastSeenAt: new Date(Date.now() - 3600_000) } });
    await heartbeat(agent, { role: 'watchdog', watchdogStatus: 'failover' });
    device = (await api.get(`/devices/${agent.deviceId}`, { token: admin })).body;
    expect(device.watchdogStatus).toBe('failover');
    expect(device.mainAgentSilentSince).not.toBeNull();
    await heartbeat(agent);
    expect((await api.get(`/devices/${agent.deviceId}`, { token: admin })).body.mainAgentSilentSince).toBeNull();
  });
});

describe('presence', () => {
  it('the sweep marks silent devices offline with device.offline; the next beat brings device.online', async () => {
    const agent = await enroll(key, { hostname: 'quiet-box' });
    const lastSeen = new Date(Date.now() - 10 * 60_000);
    await db.device.update({ where: { id: agent.deviceId }, data: { lastSeenAt: lastSeen } });
    const fresh = await enroll(key);
    await enqueueJob(db, 'sweep_device_presence', {});
    await runDueJobs();
    expect((await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } })).status).toBe('offline');
    expect((await db.device.findUniqueOrThrow({ where: { id: fresh.deviceId } })).status).toBe('online');
    const offline = await db.event.findMany({ where: { type: 'device.offline', partnerId: partner.id } });
    expect(offline.map((e) => e.data)).toContainEqual({ deviceId: agent.deviceId, hostname: 'quiet-box', lastSeen: lastSeen.toISOString() });

    // A second sweep emits nothing new.
    await enqueueJob(db, 'sweep_device_presence', {});
    await runDueJobs();
    expect(await db.event.count({ where: { type: 'device.offline', partnerId: partner.id } })).toBe(offline.length);

    await heartbeat(agent);
    expect((await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } })).status).toBe('online');
    const online = await db.event.findFirst({ where: { type: 'device.online', partnerId: partner.id }, orderBy: { createdAt: 'desc' } });
    expect(online?.data).toMatchObject({ deviceId: agent.deviceId, hostname: 'quiet-box', previousStatus: 'offline' });
    // steady beats write no further events
    const events = await db.event.count({ where: { partnerId: partner.id } });
    await heartbeat(agent);
    await heartbeat(agent);
    expect(await db.event.count({ where: { partnerId: partner.id } })).toBe(events);
  });

  it('devices back from offline at once are each set online with their own device.online event, webhook delivery and commands', async () => {
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
    resetEnvCache();
    try {
      const org = await makeOrg(partner.id);
      const orgKey = (await createKey(admin, { orgId: org.id })).key;
      const hook = await api.post('/webhooks', { token: admin, body: { orgId: org.id, name: 'online', url: 'http://127.0.0.1:9/online', events: ['device.online'] } });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      const agents = [];
      for (const n of [1, 2, 3]) agents.push(await enroll(orgKey, { hostname: `back-${n}` }));
      const ids = agents.map((a) => a.deviceId);
      const command = await queue(ids[0], { type: 'refresh_inventory' });
      await db.device.updateMany({ where: { id: { in: ids } }, data: { status: 'offline' } });

      const beats = await Promise.all(agents.map((a) => heartbeat(a)));
      expect(beats.map((b) => b.status)).toEqual([200, 200, 200]);
      expect(beats.map((b) => b.body.commands.map((c: { id: string }) => c.id))).toEqual([[command.body.id], [], []]);
      const devices = await db.device.findMany({ where: { id: { in: ids } }, orderBy: { hostname: 'asc' } });
      expect(devices.map((d) => d.status)).toEqual(['online', 'online', 'online']);
      const events = await db.event.findMany({ where: { type: 'device.online', orgId: org.id } });
      expect(events.map((e) => e.data).sort((a, b) => String((a as { hostname: string }).hostname).localeCompare((b as { hostname: string }).hostname))).toEqual(
        devices.map((d) => ({ deviceId: d.id, hostname: d.hostname, lastSeen: d.lastSeenAt!.toISOString(), previousStatus: 'offline' })),
      );
      const deliveries = await db.webhookDelivery.findMany({ where: { webhookId: hook.body.id } });
      expect(deliveries.map((d) => d.eventId).sort()).toEqual(events.map((e) => e.id).sort());
      expect(deliveries.every((d) => d.status === 'pending' && d.event === 'device.online')).toBe(true);

      // The next beats are steady ones again: no further event.
      await Promise.all(agents.map((a) => heartbeat(a)));
      expect(await db.event.count({ where: { type: 'device.online', orgId: org.id } })).toBe(3);
    } finally {
      delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
      resetEnvCache();
    }
  });

  it('a changed hostname or agent version emits device.updated', async () => {
    const agent = await enroll(key, { hostname: 'old-name' });
    await heartbeat(agent, { hostname: 'new-name', agentVersion: '1.0.1' });
    const event = await db.event.findFirst({ where: { type: 'device.updated', partnerId: partner.id }, orderBy: { createdAt: 'desc' } });
    expect(event?.data).toMatchObject({ deviceId: agent.deviceId, hostname: 'new-name' });
    expect((event?.data as { changes: { field: string }[] }).changes.map((c) => c.field).sort()).toEqual(['agentVersion', 'hostname']);
  });

  it('stores results posted at once by many agents (one batch) and still answers 404/409 per result', async () => {
    const agents = await Promise.all(Array.from({ length: 12 }, () => enroll(key)));
    const commands = await Promise.all(agents.map(async (a, i) => (await queue(a.deviceId, { type: 'run_script', payload: { interpreter: 'bash', script: `echo ${i}` } })).body.id as string));
    await Promise.all(agents.map((a) => heartbeat(a)));
    const results = await Promise.all(agents.map((a, i) => postResult(a, commands[i], { status: i % 2 ? 'failed' : 'completed', exitCode: i % 2, stdout: `out ${i}` })));
    expect(results.map((r) => r.status)).toEqual(agents.map(() => 200));
    const rows = await db.deviceCommand.findMany({ where: { id: { in: commands } } });
    for (const [i, id] of commands.entries()) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ status: i % 2 ? 'failed' : 'completed', exitCode: i % 2, stdout: `out ${i}` });
    }
    expect(rows.every((r) => r.completedAt)).toBe(true);
    // In one burst: a repeat (409), another device's command (404) and a fresh one (200).
    const fresh = (await queue(agents[0].deviceId, { type: 'run_script', payload: { interpreter: 'bash', script: 'echo again' } })).body.id;
    await heartbeat(agents[0]);
    const [repeat, foreign, ok] = await Promise.all([
      postResult(agents[0], commands[0], { status: 'failed' }),
      postResult(agents[1], fresh, { status: 'completed' }),
      postResult(agents[0], fresh, { status: 'completed', exitCode: 0 }),
    ]);
    expect([repeat.status, repeat.body.error.code]).toEqual([409, 'COMMAND_NOT_AWAITING_RESULT']);
    expect(foreign.status).toBe(404);
    expect(ok.status).toBe(200);
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: commands[0] } })).status).toBe('completed');
  });

  it('sent commands without a result past their timeout are timed out by the sweep', async () => {
    const agent = await enroll(key);
    const cmd = (await queue(agent.deviceId, { type: 'run_script', payload: { interpreter: 'bash', script: 'sleep 1', timeoutSeconds: 60 } })).body;
    await heartbeat(agent);
    await db.deviceCommand.update({ where: { id: cmd.id }, data: { sentAt: new Date(Date.now() - 3600_000) } });
    await enqueueJob(db, 'sweep_device_presence', {});
    await runDueJobs();
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: cmd.id } })).status).toBe('timed_out');
    // a late result is still recorded
    expect((await postResult(agent, cmd.id, { status: 'completed', exitCode: 0, stdout: 'late' })).status).toBe(200);
  });
});

describe('inventory', () => {
  it('stores the full inventory and replaces the software list', async () => {
    const agent: EnrolledAgent = await enroll(key);
    const body = {
      hardware: { cpuModel: 'Xeon', cpuCores: 8 },
      os: { name: 'Debian', version: '12' },
      disks: [{ mount: '/', totalBytes: 100, usedBytes: 50 }],
      network: [{ name: 'eth0', mac: '00:11:22:33:44:55', ipv4: ['10.0.0.5'] }],
      software: [{ name: 'openssl', version: '3.0.11', source: 'dpkg' }, { name: 'curl', version: '7.88', source: 'dpkg' }],
    };
    const put = await api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body });
    expect(put.status).toBe(200);
    expect(put.body.software).toBe(2);
    await api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { ...body, software: [{ name: 'curl', version: '8.0' }] } });
    const inv = await api.get(`/devices/${agent.deviceId}/inventory`, { token: admin });
    expect(inv.body).toMatchObject({ hardware: { cpuModel: 'Xeon' }, disks: [{ mount: '/' }], network: [{ name: 'eth0', ipv4: ['10.0.0.5'] }], software: [{ name: 'curl', version: '8.0' }] });
    expect(inv.body.collectedAt).not.toBeNull();
  });

  it('never answers an inventory without the software its upload carried, read while it is stored', async () => {
    // The upload replaces the inventory row and the software rows in one transaction; a read
    // taking the two from different moments showed the new row (collectedAt set) with no
    // software while the first upload committed. Both views of it are read.
    const software = Array.from({ length: 300 }, (_, i) => ({ name: `pkg-${i}`, version: '1.0', source: 'dpkg' }));
    const torn: number[] = [];
    for (let round = 0; round < 12; round++) {
      const agent: EnrolledAgent = await enroll(key);
      let stored = false;
      const upload = api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { hardware: { cpuCores: 2 }, software } }).then((r) => {
        expect(r.status).toBe(200);
        stored = true;
      });
      for (;;) {
        const done = stored;
        const reads = await Promise.all(
          [`/devices/${agent.deviceId}/inventory`, `/software/inventory/${agent.deviceId}`].flatMap((p) => [p, p]).map((p) => api.get(p, { token: admin })),
        );
        for (const { status, body } of reads) {
          expect(status).toBe(200);
          const listed = (body.software ?? body.data).length;
          if (body.collectedAt !== null && listed !== software.length) torn.push(listed);
        }
        if (done) break;
      }
      await upload;
    }
    expect(torn).toEqual([]);
  });
});

describe('agent releases', () => {
  it('lists versions, serves the promoted bundle and exact versions, 404 for unknown ones', async () => {
    const versions = await api.get('/agent-versions');
    expect(versions.status).toBe(200);
    const [latest] = versions.body.data;
    expect(latest.promoted).toBe(true);
    expect(latest.artifacts.map((a: { os: string; arch: string }) => `${a.os}/${a.arch}`)).toContain('linux/amd64');
    expect((await api.get('/agent-versions/latest')).body.version).toBe(latest.version);

    const file = await api.get('/agents/download/linux/amd64');
    expect(file.status).toBe(200);
    expect(file.headers.get('x-agent-version')).toBe(latest.version);
    // The self-contained executable when `npm run build:agent-binaries` has run, else the JS bundle.
    if (file.headers.get('content-type') === 'application/octet-stream') expect(Buffer.from(file.bytes).subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    else expect(file.text.startsWith('#!/usr/bin/env node')).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(file.headers.get('x-checksum-sha256'));
    expect((await api.get(`/agents/download/windows/arm64?version=${latest.version}`)).status).toBe(200);
    expect((await api.get(`/agent-versions/${latest.version}/download`, { query: { os: 'macos', arch: 'arm64' } })).status).toBe(200);
    expect((await api.get('/agents/download/linux/amd64?version=9.9.9')).status).toBe(404);
    expect((await api.get('/agent-versions/9.9.9/download')).status).toBe(404);
    expect((await api.get('/agents/download/solaris/sparc')).status).toBe(404);
  });

  it('refuses a version that is not a semantic version with 400', async () => {
    for (const path of ['/agents/download/linux/amd64?version=v1.0.0', '/agents/download/linux/amd64?version=1.0', '/agent-versions/1.0/download', '/agent-versions/latest-build/download']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('VALIDATION_ERROR');
      expect(res.body.error.message, path).toContain('must be a semantic version');
    }
  });

  it('orders versions by semantic-version precedence; a restart promotes only its bundled agent', async () => {
    const bundled = (await api.get('/agent-versions/latest')).body.version as string;
    const next = '999.0.0';
    const rows = [
      { version: `${next}-rc.9`, releasedAt: new Date('2026-01-01T00:00:00Z') },
      { version: `${next}-rc.10`, releasedAt: new Date('2026-01-02T00:00:00Z') },
      // Equal precedence to rc.10 (build metadata does not count), registered later.
      { version: `${next}-rc.10+build.7`, releasedAt: new Date('2026-01-03T00:00:00Z') },
    ];
    await db.agentVersion.createMany({ data: rows });
    try {
      resetAgentRegistration();
      const list = await api.get('/agent-versions');
      expect(list.body.data.map((v: { version: string }) => v.version)).toEqual([`${next}-rc.10+build.7`, `${next}-rc.10`, `${next}-rc.9`, bundled]);
      // Registered by other means and never promoted by an operator: the bundled agent stays.
      expect(list.body.data.filter((v: { promoted: boolean }) => v.promoted).map((v: { version: string }) => v.version)).toEqual([bundled]);
    } finally {
      await db.agentVersion.deleteMany({ where: { version: { in: rows.map((r) => r.version) } } });
      resetAgentRegistration();
    }
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);
  });

  it('serves the install script, which checks agent.yaml before anything else', async () => {
    const res = await api.get('/agents/install.sh');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('shellscript');
    const script = res.text;
    expect(script.startsWith('#!/usr/bin/env bash')).toBe(true);
    expect(script.indexOf('agent.yaml')).toBeLessThan(script.indexOf('curl -fsSL -D'));
    expect(script).toContain('enroll --key "$KEY" --server "$SERVER"');
    expect(script).toContain('--enrollment-secret');
    expect(script).toContain('--quiet');
    expect(script).toContain('service install');
  });
});

describe('heartbeat fast path of the HTTP server', () => {
  it('answers heartbeats with the route’s own contract and leaves every other request to Next', async () => {
    const { createServer } = await import('node:http');
    const { serveFastPath } = await import('../../server-fast-paths');
    const server = createServer((req, res) => {
      req.headers['x-rmm-peer-ip'] = req.socket.remoteAddress ?? '';
      if (!serveFastPath(req, res)) res.writeHead(418).end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
    try {
      const agent = await enroll(key);
      const cmd = await queue(agent.deviceId, { type: 'refresh_inventory' });
      const post = (body: string, token = agent.authToken) =>
        fetch(`${base}/agents/${agent.agentId}/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
      const ok = await post(JSON.stringify({ metrics: { cpuPercent: 'x', memoryPercent: 10 } }));
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await ok.json();
      expect(body).toMatchObject({ droppedFields: ['metrics.cpuPercent'], commands: [{ id: cmd.body.id, type: 'refresh_inventory' }] });
      expect((await post('{oops')).status).toBe(400);
      // The fast path parses input like every route: content type, size, NUL in the path.
      const plain = await fetch(`${base}/agents/${agent.agentId}/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${agent.authToken}`, 'content-type': 'text/plain' }, body: '{}' });
      expect([plain.status, (await plain.json()).error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const huge = await post(JSON.stringify({ hostname: 'x'.repeat(1024 * 1024 + 1) }));
      expect([huge.status, (await huge.json()).error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const nul = await fetch(`${base}/agents/a%00b/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${agent.authToken}`, 'content-type': 'application/json' }, body: '{}' });
      expect([nul.status, (await nul.json()).error.details[0].path]).toEqual([400, 'params.agentId']);
      const search = await fetch(`${base}/devices?search=a%00b`, { headers: { authorization: `Bearer ${await tokenFor(await makePartnerUser(partner), { mfa: true })}` } });
      expect([search.status, (await search.json()).error.details[0].path]).toEqual([400, 'query.search']);
      const denied = await post('{}', 'agt_forged');
      expect([denied.status, (await denied.json()).error.code]).toEqual([401, 'INVALID_AGENT_TOKEN']);
      expect((await fetch(`${base}/agents/${agent.agentId}/heartbeat`)).status).toBe(418); // GET: not the fast path
      expect((await fetch(`${base}/agents/${agent.agentId}/inventory`, { method: 'POST' })).status).toBe(418);
      expect((await fetch(`${base}/agents/%E0%A4%A/heartbeat`, { method: 'POST' })).status).toBe(418); // undecodable: Next answers

      // GET /devices (the fleet list) is the other fast path: the same answer as the route's.
      const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
      const list = await fetch(`${base}/devices?cursor=&limit=1&includeTotal=true`, { headers: { authorization: `Bearer ${token}` } });
      expect([list.status, list.headers.get('content-type'), list.headers.get('x-frame-options')]).toEqual([200, 'application/json; charset=utf-8', 'DENY']);
      const listed = await list.json();
      expect(listed).toEqual((await api.get('/devices', { token, query: { cursor: '', limit: 1, includeTotal: 'true' } })).body);
      expect(listed.devices).toHaveLength(1);
      const bad = await fetch(`${base}/devices?cursor=forged`, { headers: { authorization: `Bearer ${token}` } });
      expect([bad.status, (await bad.json()).error.code]).toEqual([400, 'INVALID_CURSOR']);
      expect((await fetch(`${base}/devices`)).status).toBe(401);
      expect((await fetch(`${base}/devices/${agent.deviceId}`)).status).toBe(418);
      expect((await fetch(`${base}/devices`, { method: 'POST' })).status).toBe(418);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
