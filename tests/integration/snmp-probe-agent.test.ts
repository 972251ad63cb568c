// SNMP polled by a probe agent, end to end: a real Debian snmpd on loopback and the real
// reference agent (agent/dist/rmm-agent.cjs) as the SNMP device's probe. The worker's sweep
// queues snmp_poll on the probe instead of polling; the agent fetches the plan (the v3 keys never
// sit in the command), polls with net-snmp and returns the readings, stored like the server's own
// polls (latest values, counters as rates, history, thresholds raising an alert). A credentials
// test goes through the probe too (snmp_test). A probe that never answers makes its device down,
// and a test on it ends pending; another agent cannot read the plan.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { createKey, enroll, heartbeat } from '../helpers/agents';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { startSnmpd, type Snmpd } from '../helpers/snmpd';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { runDueSnmpPolls } from '@/lib/snmp/run-due-snmp-polls';

const SYS_UPTIME = '1.3.6.1.2.1.1.3.0';
const IF_IN_OCTETS = '1.3.6.1.2.1.2.2.1.10';
let world: RealAgent;
let snmpd: Snmpd;
let firstDeviceId = '';

beforeAll(async () => {
  process.env.IS_HOSTED = 'false';
  resetEnvCache();
  snmpd = await startSnmpd({ sysName: 'probe-polled-switch' });
  world = await startRealAgent(mkdtempSync(path.join(os.tmpdir(), 'rmm-snmp-probe-')));
}, 120_000);

afterAll(async () => {
  await world?.stop();
  await snmpd?.stop();
  delete process.env.IS_HOSTED;
  resetEnvCache();
});

const due = (id: string) => db.snmpDevice.update({ where: { id }, data: { nextPollAt: new Date(Date.now() - 1000) } });
const commandsFor = (snmpDeviceId: string) => db.deviceCommand.findMany({ where: { type: 'snmp_poll', payload: { path: ['snmpDeviceId'], equals: snmpDeviceId } }, orderBy: { createdAt: 'asc' } });

describe('SNMP polled by a probe agent', () => {
  it('the sweep queues the poll on the probe, whose v3 answer is stored like a server poll', async () => {
    const created = await api.post('/snmp/devices', {
      token: world.admin,
      body: {
        orgId: world.orgId,
        name: 'branch switch',
        host: '127.0.0.1',
        port: snmpd.port,
        timeoutMs: 2000,
        retries: 0,
        credentials: { version: 'v3', username: snmpd.v3.username, authProtocol: 'sha', authKey: snmpd.v3.authKey, privProtocol: 'aes', privKey: snmpd.v3.privKey },
        extraOids: [
          { oid: SYS_UPTIME, name: 'sysUpTime', unit: 's/100', type: 'gauge' },
          { oid: IF_IN_OCTETS, name: 'ifInOctets', type: 'counter', walk: true },
        ],
        probeDeviceId: world.deviceId,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    firstDeviceId = id;
    expect(created.body.probeDeviceId).toBe(world.deviceId);
    const threshold = await api.post('/snmp/thresholds', { token: world.admin, body: { deviceId: id, oid: SYS_UPTIME, operator: 'gt', value: 0, severity: 'high' } });
    expect(threshold.status, threshold.text).toBe(201);

    const sweep = await runDueSnmpPolls({ budgetMs: 5000 });
    expect(sweep).toMatchObject({ polled: 0, probeQueued: 1, failed: 0 });
    const [command] = await commandsFor(id);
    expect(command.deviceId).toBe(world.deviceId);
    expect(JSON.stringify(command.payload)).not.toContain(snmpd.v3.authKey);

    const device = await world.eventually(async () => {
      const res = await api.get(`/snmp/devices/${id}`, { token: world.admin });
      return res.body.status !== 'unknown' ? res.body : null;
    }, 'the probe poll stored', 60_000);
    expect(device, world.log().slice(-2000)).toMatchObject({ status: 'up', sysName: 'probe-polled-switch', lastError: null });
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: command.id } })).status).toBe('completed');

    const latest = await api.get(`/snmp/metrics/${id}`, { token: world.admin });
    const uptime = latest.body.data.find((v: { oid: string }) => v.oid === SYS_UPTIME);
    expect(uptime.value).toBeGreaterThan(0);
    const octets = latest.body.data.filter((v: { name: string }) => v.name.startsWith('ifInOctets.'));
    expect(octets.length).toBeGreaterThan(0);
    expect(octets[0]).toMatchObject({ type: 'counter', value: null });

    const thresholds = await api.get(`/snmp/thresholds/${id}`, { token: world.admin });
    expect(thresholds.body.data[0]).toMatchObject({ state: 'breached' });
    expect(await db.alert.count({ where: { source: 'snmp', status: 'active', orgId: world.orgId } })).toBe(1);

    // Poll now: queued on the probe; the second answer turns the counters into rates.
    const now = await api.post(`/snmp/devices/${id}/poll`, { token: world.admin });
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({ ok: true, values: [] });
    expect(now.body.probeCommandId).not.toBeNull();
    await world.eventually(async () => (await db.deviceCommand.findUnique({ where: { id: now.body.probeCommandId } }))?.status === 'completed', 'the poll now answered');
    const second = await api.get(`/snmp/metrics/${id}`, { token: world.admin });
    const rate = second.body.data.find((v: { name: string }) => v.name === octets[0].name);
    expect(rate.value).not.toBeNull();
    const history = await api.get(`/snmp/metrics/${id}/history`, { token: world.admin, query: { range: '1h', oid: SYS_UPTIME } });
    expect(history.body.series[0].points[0].count).toBe(2);

  }, 180_000);

  it('test goes through the probe: the agent reads the identity, with the stored or the given credentials', async () => {
    const test = await api.post(`/snmp/devices/${firstDeviceId}/test`, { token: world.admin, body: { waitSeconds: 30 } });
    expect(test.status, test.text).toBe(200);
    expect(test.body, world.log().slice(-2000)).toMatchObject({ ok: true, pending: false, error: null, sysName: 'probe-polled-switch' });
    expect(test.body.sysDescr).toBeTruthy();
    const command = await db.deviceCommand.findUniqueOrThrow({ where: { id: test.body.probeCommandId } });
    expect(command).toMatchObject({ type: 'snmp_test', deviceId: world.deviceId, status: 'completed' });
    // The result is also readable from the probe's command.
    const read = await api.get(`/devices/${world.deviceId}/commands/${command.id}`, { token: world.admin });
    expect(read.status, read.text).toBe(200);
    expect(read.body.result).toMatchObject({ ok: true, identity: { sysName: 'probe-polled-switch' } });

    // Credentials given to the test (not saved): a wrong v3 key fails on the probe, and the sealed
    // copy is gone from the command once the agent fetched it.
    const wrong = await api.post(`/snmp/devices/${firstDeviceId}/test`, {
      token: world.admin,
      body: { waitSeconds: 30, credentials: { version: 'v3', username: snmpd.v3.username, authProtocol: 'sha', authKey: 'not-the-auth-key', privProtocol: 'aes', privKey: snmpd.v3.privKey } },
    });
    expect(wrong.status, wrong.text).toBe(200);
    expect(wrong.body).toMatchObject({ ok: false, pending: false, sysName: null });
    expect(wrong.body.error).toBeTruthy();
    const wrongCommand = await db.deviceCommand.findUniqueOrThrow({ where: { id: wrong.body.probeCommandId } });
    expect(wrongCommand.payload).toEqual({ snmpDeviceId: firstDeviceId });
    // A test stores nothing on the device: it is still up from its polls.
    const device = await api.get(`/snmp/devices/${firstDeviceId}`, { token: world.admin });
    expect(device.body).toMatchObject({ status: 'up', lastError: null });
    // Another organization's device is not found.
    const stranger = await api.post(`/snmp/devices/00000000-0000-4000-8000-000000000002/test`, { token: world.admin, body: {} });
    expect(stranger.status).toBe(404);
    const tooLong = await api.post(`/snmp/devices/${firstDeviceId}/test`, { token: world.admin, body: { waitSeconds: 31 } });
    expect(tooLong.status).toBe(400);
  }, 120_000);

  it('a probe that never answers makes its device down, and no other agent reads the plan', async () => {
    const key = await createKey(world.admin, { orgId: world.orgId });
    const silent = await enroll(key.key);
    const created = await api.post('/snmp/devices', {
      token: world.admin,
      body: { orgId: world.orgId, name: 'behind silent probe', host: '127.0.0.1', port: snmpd.port, credentials: { version: 'v2c', community: snmpd.community }, probeDeviceId: silent.deviceId },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;

    expect((await runDueSnmpPolls({ budgetMs: 5000 })).probeQueued).toBe(1);
    const [queued] = await commandsFor(id);
    expect(queued.status).toBe('pending');
    // The command is delivered (sent) but the "agent" never polls.
    expect((await heartbeat(silent)).status).toBe(200);
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe('sent');
    // The plan of another agent's poll is not handed over.
    const [foreign] = await commandsFor(firstDeviceId);
    const stranger = await api.get(`/agents/${silent.agentId}/snmp/polls/${foreign.id}`, { token: silent.authToken });
    expect(stranger.status).toBe(404);
    const own = await api.get(`/agents/${silent.agentId}/snmp/polls/${queued.id}`, { token: silent.authToken });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ host: '127.0.0.1', port: snmpd.port, credentials: { version: 'v2c', community: snmpd.community } });

    await due(id);
    const sweep = await runDueSnmpPolls({ budgetMs: 5000 });
    expect(sweep).toMatchObject({ probeQueued: 1, failed: 1 });
    expect(await commandsFor(id)).toHaveLength(1);
    const device = await api.get(`/snmp/devices/${id}`, { token: world.admin });
    expect(device.body.status).toBe('down');
    expect(device.body.lastError).toContain('has not answered');

    // A test through a probe that does not answer: with no wait, the handle at once; the command
    // stays queued in the database for the agent, and its (sealed) credentials are not in clear.
    const handle = await api.post(`/snmp/devices/${id}/test`, { token: world.admin, body: { waitSeconds: 0, credentials: { version: 'v2c', community: 'test-community-secret' } } });
    expect(handle.status, handle.text).toBe(200);
    expect(handle.body).toMatchObject({ ok: false, pending: true });
    const pendingTest = await db.deviceCommand.findUniqueOrThrow({ where: { id: handle.body.probeCommandId } });
    expect(pendingTest).toMatchObject({ type: 'snmp_test', status: 'pending', deviceId: silent.deviceId });
    expect(JSON.stringify(pendingTest.payload)).not.toContain('test-community-secret');
    // Delivered, the plan hands over the test's credentials once, the identity only.
    expect((await heartbeat(silent)).status).toBe(200);
    const plan = await api.get(`/agents/${silent.agentId}/snmp/polls/${pendingTest.id}`, { token: silent.authToken });
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body).toMatchObject({ credentials: { version: 'v2c', community: 'test-community-secret' }, oids: [], wantIdentity: true });
    const again = await api.get(`/agents/${silent.agentId}/snmp/polls/${pendingTest.id}`, { token: silent.authToken });
    expect(again.body.credentials).toEqual({ version: 'v2c', community: snmpd.community });
    // A short wait on a silent probe ends pending, bounded.
    const started = Date.now();
    const waited = await api.post(`/snmp/devices/${id}/test`, { token: world.admin, body: { waitSeconds: 1 } });
    expect(waited.body).toMatchObject({ ok: false, pending: true });
    expect(Date.now() - started).toBeLessThan(10_000);

    // A probe of another organization is refused.
    const other = await api.post('/snmp/devices', {
      token: world.admin,
      body: { orgId: world.orgId, name: 'bad probe', host: '127.0.0.1', credentials: { version: 'v2c', community: 'x' }, probeDeviceId: '00000000-0000-4000-8000-000000000001' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe('PROBE_DEVICE_NOT_FOUND');
  }, 120_000);
});
