// Network discovery through the API and the agent protocol, with an enrolled agent driven by the
// test: profiles (subnet cap, sealed credentials), scans and their job states, batches checked
// against the job's subnets, asset deduplication (MAC, then IP, then hostname) with the OUI
// vendor, cancel, the scheduled scans of the worker, asset actions and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';
import { runDueDiscoveryScans, sweepDiscoveryJobs } from '@/lib/discovery/jobs';

let admin: string;
let outsider: string;
let probe: EnrolledAgent;
let otherOrgDevice: EnrolledAgent;
const uniq = () => Math.random().toString(36).slice(2, 7);

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  probe = await enroll((await createKey(admin, { orgId: org.id })).key);
  otherOrgDevice = await enroll((await createKey(admin, { orgId: (await makeOrg(partner.id)).id })).key);
  const other = await makePartner();
  outsider = await tokenFor(await makePartnerUser(other), { mfa: true });
});

async function createProfile(body: Record<string, unknown> = {}) {
  const res = await api.post('/discovery/profiles', { token: admin, body: { name: `Office ${uniq()}`, subnets: ['192.168.50.0/24'], ports: [22, 80], probeDeviceId: probe.deviceId, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

/** The agent's next heartbeat claims the scan command. */
async function claim(jobId: string) {
  const job = await db.discoveryJob.findUniqueOrThrow({ where: { id: jobId } });
  const hb = await heartbeat(probe);
  const command = (hb.body.commands as { id: string; type: string; payload: Record<string, unknown> }[]).find((c) => c.id === job.commandId);
  expect(command?.type).toBe('discovery_scan');
  return command!;
}

const batch = (jobId: string, body: Record<string, unknown>) => api.post(`/agents/${probe.agentId}/discovery/jobs/${jobId}/results`, { token: probe.authToken, body });

describe('discovery profiles', () => {
  it('normalises subnets, caps their size and never returns SNMP secrets', async () => {
    const p = await createProfile({ subnets: ['192.168.50.77/24', '10.0.0.5'], snmpCredentials: [{ version: 'v2c', community: 'private-xyz' }, { version: 'v3', username: 'ops', authKey: 'auth-secret-1', privKey: 'priv-secret-1' }] });
    expect(p.subnets).toEqual(['192.168.50.0/24', '10.0.0.5/32']);
    expect(p.addressCount).toBe(255);
    expect(p.snmpCredentials).toEqual([{ version: 'v2c' }, { version: 'v3', username: 'ops' }]);
    const row = await db.discoveryProfile.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.snmpCredentialsSealed).not.toContain('private-xyz');

    const big = await api.post('/discovery/profiles', { token: admin, body: { name: 'Too big', subnets: ['10.0.0.0/19'], probeDeviceId: probe.deviceId } });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe('SUBNET_TOO_LARGE');
    const many = await api.patch(`/discovery/profiles/${p.id}`, { token: admin, body: { subnets: ['10.1.0.0/20', '10.2.0.0/24'] } });
    expect(many.body.error.code).toBe('SUBNET_TOO_LARGE');
    const bad = await api.post('/discovery/profiles', { token: admin, body: { name: 'Bad', subnets: ['fe80::/64'], probeDeviceId: probe.deviceId } });
    expect(bad.status).toBe(400);
    const foreignProbe = await api.post('/discovery/profiles', { token: outsider, body: { name: 'X', subnets: ['10.0.0.0/24'], probeDeviceId: probe.deviceId } });
    expect(foreignProbe.body.error.code).toBe('PROBE_DEVICE_NOT_FOUND');
  });
});

describe('a scan', () => {
  it('streams batches, keeps to the job subnets, deduplicates assets and completes', async () => {
    const p = await createProfile({ snmpCredentials: [{ version: 'v2c', community: 'c0mmunity' }] });
    const scan = await api.post('/discovery/scan', { token: admin, body: { profileId: p.id } });
    expect(scan.status, scan.text).toBe(202);
    expect(scan.body).toMatchObject({ status: 'queued', targetsTotal: 254, progress: 0, subnets: ['192.168.50.0/24'] });
    const again = await api.post('/discovery/scan', { token: admin, body: { profileId: p.id } });
    expect(again.body.error.code).toBe('SCAN_IN_PROGRESS');

    const command = await claim(scan.body.id);
    expect(command.payload).toMatchObject({ jobId: scan.body.id, subnets: ['192.168.50.0/24'], ports: [22, 80], snmp: { port: 161, credentials: 1 } });
    expect(JSON.stringify(command.payload)).not.toContain('c0mmunity');
    const creds = await api.get(`/agents/${probe.agentId}/discovery/jobs/${scan.body.id}/credentials`, { token: probe.authToken });
    expect(creds.body.credentials).toEqual([{ version: 'v2c', community: 'c0mmunity' }]);
    const stranger = await api.get(`/agents/${otherOrgDevice.agentId}/discovery/jobs/${scan.body.id}/credentials`, { token: otherOrgDevice.authToken });
    expect(stranger.status).toBe(404);

    const first = await batch(scan.body.id, {
      scanned: 100,
      total: 254,
      gateway: '192.168.50.1',
      hosts: [
        { ip: '192.168.50.1', mac: '00:00:0C:01:02:03', openPorts: [22], seenBy: ['arp', 'tcp'] },
        { ip: '192.168.50.20', hostname: 'printer.lan', openPorts: [80], snmp: { sysDescr: 'HP LaserJet', sysObjectId: '1.3.6.1.4.1.11.2.3.9.1', sysName: 'printer', version: 'v2c', credentialIndex: 0 }, seenBy: ['tcp', 'snmp'] },
        { ip: '10.9.9.9', openPorts: [22] },
      ],
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ accepted: 2, rejected: ['10.9.9.9'], status: 'running' });
    expect(await db.discoveryAsset.count({ where: { ip: '10.9.9.9' } })).toBe(0);

    // The printer answers with its MAC now (takes over the IP-only asset); the gateway moved IP.
    await batch(scan.body.id, {
      scanned: 254,
      total: 254,
      hosts: [
        { ip: '192.168.50.20', mac: '00-50-56-AA-BB-CC', openPorts: [80, 9100] },
        { ip: '192.168.50.254', mac: '00:00:0c:01:02:03', openPorts: [] },
      ],
    });
    const job = await api.get(`/discovery/jobs/${scan.body.id}`, { token: admin });
    expect(job.body).toMatchObject({ status: 'running', targetsScanned: 254, progress: 100, hostsFound: 4, newAssets: 2, rejectedHosts: 1, gateway: '192.168.50.1' });

    const assets = await api.get('/discovery/assets', { token: admin, query: { profileId: p.id } });
    expect(assets.body.pagination.total).toBe(2);
    const printer = assets.body.data.find((a: { hostname: string | null }) => a.hostname === 'printer.lan');
    expect(printer).toMatchObject({ ip: '192.168.50.20', mac: '00:50:56:aa:bb:cc', openPorts: [80, 9100], snmpCapable: true, status: 'discovered' });
    expect(printer.vendor).toMatch(/vmware/i);
    const router = assets.body.data.find((a: { mac: string | null }) => a.mac === '00:00:0c:01:02:03');
    expect(router.ip).toBe('192.168.50.254');
    expect(router.vendor).toMatch(/cisco/i);

    expect((await postResult(probe, command.id, { status: 'completed', result: { scanned: 254, total: 254, hostsFound: 4 } })).status).toBe(200);
    const done = await api.get(`/discovery/jobs/${scan.body.id}`, { token: admin });
    expect(done.body).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.body.finishedAt).not.toBeNull();
    expect((await batch(scan.body.id, { scanned: 1, total: 1, hosts: [] })).body.error.code).toBe('JOB_NOT_RUNNING');
    const cancelDone = await api.post(`/discovery/jobs/${scan.body.id}/cancel`, { token: admin });
    expect(cancelDone.body.error.code).toBe('JOB_FINISHED');
  });

  it('cancels a queued scan before the agent sees it, and a running one on the agent', async () => {
    const p = await createProfile({ subnets: ['192.168.60.0/28'] });
    const queued = await api.post('/discovery/scan', { token: admin, body: { profileId: p.id } });
    const cancelled = await api.post(`/discovery/jobs/${queued.body.id}/cancel`, { token: admin });
    expect(cancelled.body.status).toBe('cancelled');
    const hb = await heartbeat(probe);
    expect((hb.body.commands as { type: string }[]).some((c) => c.type === 'discovery_scan')).toBe(false);

    const running = await api.post('/discovery/scan', { token: admin, body: { profileId: p.id } });
    const command = await claim(running.body.id);
    await batch(running.body.id, { scanned: 3, total: 14, hosts: [] });
    expect((await api.post(`/discovery/jobs/${running.body.id}/cancel`, { token: admin })).body.status).toBe('cancelled');
    const next = await heartbeat(probe);
    expect(next.body.commands).toContainEqual(expect.objectContaining({ type: 'cancel_command', payload: { commandId: command.id } }));
    expect((await batch(running.body.id, { scanned: 5, total: 14, hosts: [{ ip: '192.168.60.2' }] })).status).toBe(409);
    await postResult(probe, command.id, { status: 'cancelled' });
    expect((await api.get(`/discovery/jobs/${running.body.id}`, { token: admin })).body.status).toBe('cancelled');
  });

  it('queues scheduled scans and closes jobs whose command timed out', async () => {
    const p = await createProfile({ subnets: ['192.168.70.0/30'], scheduleIntervalMinutes: 60 });
    expect(p.nextRunAt).not.toBeNull();
    await db.discoveryProfile.update({ where: { id: p.id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    expect(await runDueDiscoveryScans()).toBeGreaterThanOrEqual(1);
    const [job] = (await api.get('/discovery/jobs', { token: admin, query: { profileId: p.id } })).body.data;
    expect(job).toMatchObject({ trigger: 'schedule', status: 'queued' });
    await db.deviceCommand.update({ where: { id: job.commandId }, data: { status: 'timed_out' } });
    await sweepDiscoveryJobs();
    expect((await api.get(`/discovery/jobs/${job.id}`, { token: admin })).body.status).toBe('timed_out');
  });
});

describe('discovered assets', () => {
  it('link, ignore, monitoring and delete; other tenants get 404', async () => {
    const asset = await db.discoveryAsset.findFirstOrThrow({ where: { ip: '192.168.50.20' } });
    const profile = await db.discoveryProfile.findFirstOrThrow({ where: { id: asset.profileId! } });
    const job = await db.discoveryJob.findFirstOrThrow({ where: { profileId: profile.id } });

    for (const [method, path] of [
      ['get', `/discovery/profiles/${profile.id}`],
      ['patch', `/discovery/profiles/${profile.id}`],
      ['delete', `/discovery/profiles/${profile.id}`],
      ['get', `/discovery/jobs/${job.id}`],
      ['post', `/discovery/jobs/${job.id}/cancel`],
      ['post', `/discovery/assets/${asset.id}/link`],
      ['post', `/discovery/assets/${asset.id}/ignore`],
      ['post', `/discovery/assets/${asset.id}/enable-monitoring`],
      ['post', `/discovery/assets/${asset.id}/disable-monitoring`],
      ['get', `/discovery/assets/${asset.id}/monitoring`],
      ['patch', `/discovery/assets/${asset.id}/monitoring`],
      ['delete', `/discovery/assets/${asset.id}`],
    ] as const) {
      const body = method === 'patch' ? (path.endsWith('/monitoring') ? { enabled: true } : { name: 'x' }) : path.endsWith('/link') ? { deviceId: null } : method === 'post' ? {} : undefined;
      const res = await (api[method] as (p: string, o: object) => Promise<{ status: number }>)(path, { token: outsider, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api.get('/discovery/assets', { token: outsider })).body.pagination.total).toBe(0);
    expect((await api.get('/discovery/topology', { token: outsider })).body.nodes).toEqual([]);
    expect(await db.discoveryAsset.findUniqueOrThrow({ where: { id: asset.id } })).toEqual(asset);

    const linked = await api.post(`/discovery/assets/${asset.id}/link`, { token: admin, body: { deviceId: probe.deviceId } });
    expect(linked.body).toMatchObject({ linkedDeviceId: probe.deviceId, status: 'linked' });
    const wrongOrg = await api.post(`/discovery/assets/${asset.id}/link`, { token: admin, body: { deviceId: otherOrgDevice.deviceId } });
    expect(wrongOrg.body.error.code).toBe('DEVICE_NOT_FOUND');

    // Hosted: a LAN address is not a monitor target.
    const refused = await api.post(`/discovery/assets/${asset.id}/enable-monitoring`, { token: admin, body: {} });
    expect(refused.body.error.code).toBe('INVALID_MONITOR_TARGET');
    const settings = await api.get(`/discovery/assets/${asset.id}/monitoring`, { token: admin });
    expect(settings.body).toMatchObject({ enabled: false, settings: { ports: [80, 9100], intervalSeconds: 300, severity: 'high', snmp: true, snmpTemplateId: '00000000-0000-4000-8000-000000005301' }, monitorIds: [] });
    // Another partner's template is refused even while monitoring is off (nothing stored).
    const foreignTemplate = await api.post('/snmp/templates', { token: outsider, body: { name: 'outsider template', oids: [{ oid: '1.3.6.1.2.1.1.3.0', name: 'sysUpTime', type: 'gauge' }] } });
    expect(foreignTemplate.status, foreignTemplate.text).toBe(201);
    const refusedTemplate = await api.patch(`/discovery/assets/${asset.id}/monitoring`, { token: admin, body: { snmpTemplateId: foreignTemplate.body.id } });
    expect(refusedTemplate.status).toBe(400);
    expect(refusedTemplate.body.error.code).toBe('SNMP_TEMPLATE_NOT_FOUND');
    const noTemplate = await api.patch(`/discovery/assets/${asset.id}/monitoring`, { token: admin, body: { snmpTemplateId: null } });
    expect(noTemplate.body).toMatchObject({ enabled: false, settings: { snmpTemplateId: null } });

    const ignored = await api.post(`/discovery/assets/${asset.id}/ignore`, { token: admin, body: {} });
    expect(ignored.body).toMatchObject({ status: 'ignored', ignored: true });
    const visible = await api.get('/discovery/assets', { token: admin, query: { profileId: profile.id } });
    expect(visible.body.data.map((a: { id: string }) => a.id)).not.toContain(asset.id);
    const hidden = await api.get('/discovery/assets', { token: admin, query: { status: 'ignored' } });
    expect(hidden.body.data.map((a: { id: string }) => a.id)).toContain(asset.id);
    // A later scan of the profile does not probe it.
    const scan = await api.post('/discovery/scan', { token: admin, body: { profileId: profile.id } });
    const command = await claim(scan.body.id);
    expect(command.payload.exclude).toContain('192.168.50.20');
    await api.post(`/discovery/jobs/${scan.body.id}/cancel`, { token: admin });

    const topology = await api.get('/discovery/topology', { token: admin, query: { profileId: profile.id } });
    const ids = topology.body.nodes.map((n: { id: string }) => n.id);
    expect(ids).not.toContain(`asset:${asset.id}`);
    expect(topology.body.nodes).toContainEqual(expect.objectContaining({ kind: 'gateway', ip: '192.168.50.1' }));

    expect((await api.delete(`/discovery/assets/${asset.id}`, { token: admin })).status).toBe(204);
    expect(await db.discoveryAsset.findUnique({ where: { id: asset.id } })).toBeNull();
  });
});
