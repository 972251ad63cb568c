// End to end with the real reference agent (agent/dist/rmm-agent.cjs) as a separate process: a
// discovery scan of loopback addresses finds this test's own TCP listeners and reads the SNMP
// identity of a real Debian snmpd started here on a loopback high port, with the second of two
// community strings. A listener on an address just outside the profile's subnet proves the
// agent never probes it.
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';

const SNMPD = '/usr/sbin/snmpd';
let world: RealAgent;
let dir: string;
let snmpd: ChildProcess | undefined;
let snmpPort = 0;
const servers: net.Server[] = [];
let outsideConnections = 0;
const tag = Math.random().toString(36).slice(2, 8);

function listen(host: string, port = 0, onConnection?: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      onConnection?.();
      socket.destroy();
    });
    servers.push(server);
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** snmpd answers: a v2c get of sysName with net-snmp's own client would be circular; poll with the agent's library instead. */
async function snmpdAnswers(): Promise<boolean> {
  const snmp = (await import('net-snmp')).default;
  const session = snmp.createSession('127.0.0.1', `right-${tag}`, { port: snmpPort, retries: 0, timeout: 500, version: snmp.Version2c });
  session.on('error', () => undefined);
  const ok = await new Promise<boolean>((resolve) => session.get(['1.3.6.1.2.1.1.5.0'], (error) => resolve(!error)));
  session.close();
  return ok;
}

const canRun = process.platform === 'linux' && existsSync(SNMPD);

beforeAll(async () => {
  if (!canRun) return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-discovery-e2e-'));
  // Monitoring a LAN address is what a self-hosted service does.
  process.env.IS_HOSTED = 'false';
  resetEnvCache();
  snmpPort = await freeUdpPort();
  const conf = path.join(dir, 'snmpd.conf');
  writeFileSync(
    conf,
    [`agentAddress udp:127.0.0.1:${snmpPort}`, `rocommunity right-${tag} 127.0.0.1`, 'sysName rmm-test-switch', 'sysDescr RMM discovery test device', 'sysObjectID .1.3.6.1.4.1.8072.3.2.10', 'sysLocation lab'].join('\n') + '\n',
  );
  snmpd = spawn(SNMPD, ['-f', '-Lo', '-C', '-c', conf, '-p', path.join(dir, 'snmpd.pid')], { stdio: 'ignore', env: { ...process.env, SNMP_PERSISTENT_DIR: path.join(dir, 'snmp-state'), MIBS: '' } });
  world = await startRealAgent(path.join(dir, 'data'));
  await world.eventually(() => snmpdAnswers(), 'snmpd answering', 30_000);
}, 120_000);

afterAll(async () => {
  if (snmpd && snmpd.exitCode === null) snmpd.kill('SIGKILL');
  for (const s of servers) s.close();
  await world?.stop();
  delete process.env.IS_HOSTED;
  resetEnvCache();
});

describe.skipIf(!canRun)('a discovery scan on the real agent', () => {
  it('finds the listeners and the SNMP identity inside the profile, and nothing outside it', async () => {
    const portA = await listen('127.0.0.1');
    const portB = await listen('127.0.0.2');
    // Same port as A, one address past the /29: a probe of it would be counted here.
    await listen('127.0.0.9', portA, () => outsideConnections++);

    const profile = await api.post('/discovery/profiles', {
      token: world.admin,
      body: {
        name: `Loopback ${tag}`,
        subnets: ['127.0.0.0/29'],
        ports: [portA, portB],
        snmpCredentials: [{ version: 'v2c', community: `wrong-${tag}` }, { version: 'v2c', community: `right-${tag}` }],
        snmpPort,
        options: { timeoutMs: 1000, concurrency: 8, resolveDns: true, mdns: true },
        probeDeviceId: world.deviceId,
      },
    });
    expect(profile.status, profile.text).toBe(201);
    expect(profile.body.addressCount).toBe(6);
    expect(profile.text).not.toContain(`right-${tag}`);

    const scan = await api.post('/discovery/scan', { token: world.admin, body: { profileId: profile.body.id } });
    expect(scan.status, scan.text).toBe(202);
    expect(scan.body.status).toBe('queued');
    const command = await api.get(`/devices/${world.deviceId}/commands`, { token: world.admin });
    expect(JSON.stringify(command.body)).not.toContain(`right-${tag}`);

    const job = await world.eventually(async () => {
      const res = await api.get(`/discovery/jobs/${scan.body.id}`, { token: world.admin });
      return ['completed', 'failed', 'timed_out'].includes(res.body.status) ? res.body : null;
    }, 'the scan to finish', 240_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job).toMatchObject({ targetsTotal: 6, targetsScanned: 6, progress: 100, rejectedHosts: 0 });
    expect(job.startedAt).not.toBeNull();

    const assets = await api.get('/discovery/assets', { token: world.admin, query: { profileId: profile.body.id, limit: 200 } });
    expect(assets.status).toBe(200);
    const byIp = Object.fromEntries(assets.body.data.map((a: { ip: string }) => [a.ip, a]));
    expect(byIp['127.0.0.1'].openPorts).toContain(portA);
    expect(byIp['127.0.0.2'].openPorts).toContain(portB);
    expect(byIp['127.0.0.2'].openPorts).not.toContain(portA);
    expect(byIp['127.0.0.1'].snmp).toMatchObject({ sysName: 'rmm-test-switch', sysDescr: 'RMM discovery test device', sysObjectId: '1.3.6.1.4.1.8072.3.2.10', version: 'v2c', credentialIndex: 1 });
    expect(byIp['127.0.0.1'].snmpCapable).toBe(true);
    for (const a of assets.body.data as { ip: string }[]) expect(['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']).toContain(a.ip);
    expect(outsideConnections).toBe(0);

    // Monitoring the found listener creates a TCP monitor that the worker can check.
    const enabled = await api.post(`/discovery/assets/${byIp['127.0.0.1'].id}/enable-monitoring`, { token: world.admin, body: { ports: [portA], intervalSeconds: 60 } });
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body.monitoring.monitorIds).toHaveLength(1);
    // It answered SNMP: an SNMP device polls it with the community that answered the scan.
    expect(enabled.body.monitoring.snmpDeviceId).not.toBeNull();
    const snmpDevice = await db.snmpDevice.findUniqueOrThrow({ where: { id: enabled.body.monitoring.snmpDeviceId } });
    expect(snmpDevice).toMatchObject({ host: '127.0.0.1', port: snmpPort, version: 'v2c', discoveryAssetId: byIp['127.0.0.1'].id, orgId: world.orgId });
    const monitor = await api.get(`/monitors/${enabled.body.monitoring.monitorIds[0]}`, { token: world.admin });
    expect(monitor.body).toMatchObject({ kind: 'tcp', config: { host: '127.0.0.1', port: portA } });
    const checked = await api.post(`/monitors/${monitor.body.id}/check`, { token: world.admin });
    expect(checked.body.result.status, checked.text).toBe('up');
    // The SNMP device polls the generic interfaces template by default; the settings change it.
    const HOST_RESOURCES = '00000000-0000-4000-8000-000000005302';
    expect(snmpDevice.templateId).toBe('00000000-0000-4000-8000-000000005301');
    expect(enabled.body.monitoring.settings.snmpTemplateId).toBe('00000000-0000-4000-8000-000000005301');
    const retemplated = await api.patch(`/discovery/assets/${byIp['127.0.0.1'].id}/monitoring`, { token: world.admin, body: { snmpTemplateId: HOST_RESOURCES, intervalSeconds: 120 } });
    expect(retemplated.status, retemplated.text).toBe(200);
    expect(retemplated.body).toMatchObject({ enabled: true, snmpDeviceId: snmpDevice.id, settings: { snmpTemplateId: HOST_RESOURCES, intervalSeconds: 120, ports: [portA] } });
    expect((await db.snmpDevice.findUniqueOrThrow({ where: { id: snmpDevice.id } })).templateId).toBe(HOST_RESOURCES);
    const unknownTemplate = await api.patch(`/discovery/assets/${byIp['127.0.0.1'].id}/monitoring`, { token: world.admin, body: { snmpTemplateId: '00000000-0000-4000-8000-0000000000ff' } });
    expect(unknownTemplate.status).toBe(400);
    expect(unknownTemplate.body.error.code).toBe('SNMP_TEMPLATE_NOT_FOUND');
    expect((await api.get(`/discovery/assets/${byIp['127.0.0.1'].id}/monitoring`, { token: world.admin })).body.settings.snmpTemplateId).toBe(HOST_RESOURCES);

    const topology = await api.get('/discovery/topology', { token: world.admin, query: { profileId: profile.body.id } });
    expect(topology.status).toBe(200);
    const ids = topology.body.nodes.map((n: { id: string }) => n.id);
    expect(ids).toContain('subnet:127.0.0.0/29');
    expect(ids).toContain(`asset:${byIp['127.0.0.1'].id}`);
    expect(ids).toContain(`device:${world.deviceId}`);
    expect(topology.body.edges).toContainEqual({ from: 'subnet:127.0.0.0/29', to: `asset:${byIp['127.0.0.1'].id}`, kind: 'member', label: null });

    const disabled = await api.post(`/discovery/assets/${byIp['127.0.0.1'].id}/disable-monitoring`, { token: world.admin });
    expect(disabled.body.monitoring).toMatchObject({ enabled: false, monitorIds: [], snmpDeviceId: null });
    expect(await db.snmpDevice.findUnique({ where: { id: snmpDevice.id } })).toBeNull();
    expect((await api.get(`/monitors/${monitor.body.id}`, { token: world.admin })).status).toBe(404);
  }, 360_000);
});
