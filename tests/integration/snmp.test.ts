// SNMP monitoring against a real snmpd on loopback: v2c and v3 authPriv polls and walks, v3
// authentication failures, counters as rates, thresholds raising and resolving alerts through
// the alert lifecycle, the MIB browser and OID validation, the worker sweep, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { startSnmpd, type Snmpd } from '../helpers/snmpd';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { runDueSnmpPolls } from '@/lib/snmp/run-due-snmp-polls';
import { createSnmpDevice } from '@/lib/snmp/create-snmp-device';

const IF_TEMPLATE = '00000000-0000-4000-8000-000000005301';
const HOST_TEMPLATE = '00000000-0000-4000-8000-000000005302';
let agent: Snmpd;
let partner: Awaited<ReturnType<typeof makePartner>>;
let org: { id: string; partnerId: string };
let admin: string;
let outsider: string;

beforeAll(async () => {
  process.env.IS_HOSTED = 'false';
  resetEnvCache();
  agent = await startSnmpd();
  partner = await makePartner();
  org = await makeOrg(partner.id);
  admin = await tokenFor(await makePartnerUser(partner));
  outsider = await tokenFor(await makePartnerUser(await makePartner()));
}, 30_000);
afterAll(async () => {
  delete process.env.IS_HOSTED;
  resetEnvCache();
  await agent?.stop();
});

async function addDevice(body: Record<string, unknown>) {
  const res = await api.post('/snmp/devices', { token: admin, body: { orgId: org.id, host: '127.0.0.1', port: agent.port, timeoutMs: 1000, retries: 0, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}
const v3 = () => ({ version: 'v3', username: agent.v3.username, authProtocol: 'sha', authKey: agent.v3.authKey, privProtocol: 'aes', privKey: agent.v3.privKey });

describe('SNMP devices', () => {
  it('v2c: polls the IF-MIB template (walked interfaces, counters become rates), reads the identity, stores history', async () => {
    const device = await addDevice({ name: 'core switch', templateId: IF_TEMPLATE, credentials: { version: 'v2c', community: agent.community } });
    expect(device.credentials).toEqual({ community: '********' });
    const row = await db.snmpDevice.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.credentials).not.toContain(agent.community);

    const first = await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
    expect(first.status, first.text).toBe(200);
    expect(first.body.ok).toBe(true);
    expect(first.body.device).toMatchObject({ status: 'up', sysName: 'rmm-snmp-test' });
    const values = first.body.values as { oid: string; name: string; type: string; value: number | null; text: string | null }[];
    const lo = values.find((v) => v.name.startsWith('ifDescr.') && v.text === 'lo');
    expect(lo).toBeTruthy();
    const ifIndex = lo!.name.split('.')[1];
    const inOctets = values.find((v) => v.name === `ifHCInOctets.${ifIndex}`)!;
    expect(inOctets).toMatchObject({ type: 'counter', value: null });

    // The polls' own packets cross loopback; snmpd caches interface counters for a few seconds,
    // so poll again (with a deadline) until the counter has moved.
    const deadline = Date.now() + 20_000;
    let rate: number | null = null;
    while (!rate && Date.now() < deadline) {
      const again = await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
      rate = (again.body.values as typeof values).find((v) => v.name === `ifHCInOctets.${ifIndex}`)!.value;
      expect(rate).not.toBeNull();
    }
    expect(rate).toBeGreaterThan(0);

    const latest = await api.get(`/snmp/metrics/${device.id}`, { token: admin });
    expect(latest.status).toBe(200);
    expect((latest.body.data as { oid: string }[]).some((v) => v.oid === inOctets.oid)).toBe(true);
    const history = await api.get(`/snmp/metrics/${device.id}/history`, { token: admin, query: { range: '1h', oid: inOctets.oid } });
    expect(history.status, history.text).toBe(200);
    expect(history.body.series[0].points.length).toBeGreaterThan(0);
    const one = await api.get(`/snmp/metrics/${device.id}/${inOctets.oid}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.latest.value).toBeGreaterThan(0);

    const dash = await api.get('/snmp/dashboard', { token: admin });
    expect(dash.status, dash.text).toBe(200);
    expect(dash.body.devices.up).toBeGreaterThanOrEqual(1);
    expect((dash.body.topInterfaces as { deviceId: string }[]).some((i) => i.deviceId === device.id)).toBe(true);
  });

  it('v3 authPriv: tests and polls the host template; a wrong key or user fails with the reason', async () => {
    const device = await addDevice({ name: 'linux host', templateId: HOST_TEMPLATE, credentials: v3() });
    expect(device.credentials).toEqual({ username: agent.v3.username, authProtocol: 'sha', privProtocol: 'aes' });
    const test = await api.post(`/snmp/devices/${device.id}/test`, { token: admin, body: {} });
    expect(test.body, test.text).toMatchObject({ ok: true, sysName: 'rmm-snmp-test' });
    const poll = await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
    expect(poll.body.ok, poll.text).toBe(true);
    expect((poll.body.values as { name: string }[]).some((v) => v.name === 'hrSystemProcesses')).toBe(true);

    const wrongKey = await api.post(`/snmp/devices/${device.id}/test`, { token: admin, body: { credentials: { ...v3(), authKey: 'not-the-key-1' } } });
    expect(wrongKey.body.ok).toBe(false);
    expect(wrongKey.body.error).toMatch(/digest|auth|password|key|timed out/i);
    const wrongUser = await api.post(`/snmp/devices/${device.id}/test`, { token: admin, body: { credentials: { ...v3(), username: 'nobody' } } });
    expect(wrongUser.body.ok).toBe(false);
    expect(wrongUser.body.error).toMatch(/user/i);

    // Stored credentials replaced by wrong ones: the next poll marks the device down.
    await api.patch(`/snmp/devices/${device.id}`, { token: admin, body: { credentials: { ...v3(), privKey: 'wrong-priv-key' } } });
    const down = await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
    expect(down.body.ok).toBe(false);
    expect(down.body.device).toMatchObject({ status: 'down', consecutiveFailures: 1 });
  });

  it('thresholds raise an alert on breach and resolve it when the value is back within bounds', async () => {
    const device = await addDevice({ name: 'thresholded', credentials: { version: 'v2c', community: agent.community }, extraOids: [{ oid: '1.3.6.1.2.1.25.1.6.0', name: 'processes', type: 'gauge' }] });
    const created = await api.post('/snmp/thresholds', { token: admin, body: { deviceId: device.id, oid: '1.3.6.1.2.1.25.1.6.0', operator: 'gt', value: 0, severity: 'high' } });
    expect(created.status, created.text).toBe(201);
    const threshold = created.body as { id: string };

    await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
    const open = await db.alert.findUnique({ where: { openKey: `snmp:${threshold.id}` } });
    expect(open).toMatchObject({ source: 'snmp', status: 'active', severity: 'high', orgId: org.id });
    const listed = await api.get(`/snmp/thresholds/${device.id}`, { token: admin });
    expect(listed.body.data[0]).toMatchObject({ id: threshold.id, state: 'breached' });
    const alerts = await api.get('/alerts', { token: admin, query: { source: 'snmp' } });
    expect((alerts.body.data as { id: string }[]).map((a) => a.id)).toContain(open!.id);

    const patched = await api.patch(`/snmp/thresholds/${threshold.id}`, { token: admin, body: { value: 1_000_000 } });
    expect(patched.status, patched.text).toBe(200);
    await api.post(`/snmp/devices/${device.id}/poll`, { token: admin });
    expect(await db.alert.findUnique({ where: { id: open!.id } })).toMatchObject({ status: 'resolved', resolvedBySystem: true, openKey: null });
    expect((await api.get(`/snmp/thresholds/${device.id}`, { token: admin })).body.data[0].state).toBe('ok');

    expect((await api.delete(`/snmp/thresholds/${threshold.id}`, { token: admin })).status).toBeLessThan(300);
  });

  it('the worker sweep polls due devices once per interval', async () => {
    const device = await addDevice({ name: 'scheduled', templateId: HOST_TEMPLATE, credentials: { version: 'v2c', community: agent.community } });
    await db.snmpDevice.updateMany({ where: { id: { not: device.id } }, data: { enabled: false } });
    const sweep = await runDueSnmpPolls();
    expect(sweep.polled).toBe(1);
    expect((await db.snmpDevice.findUniqueOrThrow({ where: { id: device.id } })).status).toBe('up');
    expect((await runDueSnmpPolls()).polled).toBe(0);
  });

  it('createSnmpDevice works inside a caller transaction (discovery) and checks the template owner', async () => {
    const other = await makePartner();
    const foreign = await db.snmpTemplate.create({ data: { partnerId: other.id, name: 'theirs', oids: [] } });
    await expect(
      db.$transaction((tx) => createSnmpDevice(tx, { partnerId: partner.id, orgId: org.id }, { name: 'x', host: '127.0.0.1', templateId: foreign.id, credentials: { version: 'v2c', community: 'c' } })),
    ).rejects.toMatchObject({ status: 400 });
    const made = await db.$transaction((tx) => createSnmpDevice(tx, { partnerId: partner.id, orgId: org.id }, { name: 'from discovery', host: '127.0.0.1', port: agent.port, templateId: IF_TEMPLATE, credentials: { version: 'v2c', community: agent.community } }));
    expect(made).toMatchObject({ name: 'from discovery', status: 'unknown', templateId: IF_TEMPLATE });
  });
});

describe('templates, MIB browser and OID validation', () => {
  it('lists built-ins read-only; a partner template is created, used and protected while in use', async () => {
    const list = await api.get('/snmp/templates', { token: admin });
    expect((list.body.data as { name: string; builtIn: boolean }[]).filter((t) => t.builtIn).map((t) => t.name)).toEqual(
      expect.arrayContaining(['Generic interfaces (IF-MIB)', 'Host resources (HOST-RESOURCES-MIB)', 'UPS (UPS-MIB)']),
    );
    expect((await api.patch(`/snmp/templates/${IF_TEMPLATE}`, { token: admin, body: { name: 'mine' } })).status).toBe(403);
    const created = await api.post('/snmp/templates', { token: admin, body: { name: 'Printer', oids: [{ oid: '.1.3.6.1.2.1.43.10.2.1.4.1.1', name: 'pages', unit: 'pages', type: 'counter' }] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.oids[0].oid).toBe('1.3.6.1.2.1.43.10.2.1.4.1.1');
    const device = await addDevice({ name: 'printer', templateId: created.body.id, credentials: { version: 'v2c', community: agent.community } });
    expect((await api.delete(`/snmp/templates/${created.body.id}`, { token: admin })).status).toBe(409);
    await api.delete(`/snmp/devices/${device.id}`, { token: admin });
    expect((await api.delete(`/snmp/templates/${created.body.id}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/snmp/templates/${created.body.id}`, { token: admin })).status).toBe(404);
  });

  it('browses and searches the MIB tree; validates OIDs and names, against a device too', async () => {
    const mib2 = await api.get('/snmp/oids/browse', { token: admin, query: { oid: '1.3.6.1.2.1.2.2.1' } });
    expect(mib2.status, mib2.text).toBe(200);
    expect(mib2.body.node.name).toBe('ifEntry');
    expect((mib2.body.children as { name: string }[]).map((c) => c.name)).toContain('ifDescr');
    const search = await api.get('/snmp/oids/browse', { token: admin, query: { search: 'upsBattery' } });
    expect((search.body.children as { oid: string }[]).map((c) => c.oid)).toContain('1.3.6.1.2.1.33.1.2.1');
    expect((await api.get('/snmp/oids/browse', { token: admin, query: { oid: '1.3.6.1.4.1.999999.1' } })).status).toBe(404);

    expect((await api.post('/snmp/oids/validate', { token: admin, body: { oid: '1.3.x' } })).body).toMatchObject({ valid: false });
    expect((await api.post('/snmp/oids/validate', { token: admin, body: { oid: 'sysName.0' } })).body).toMatchObject({ valid: true, oid: '1.3.6.1.2.1.1.5.0' });
    const device = await addDevice({ name: 'validator', credentials: { version: 'v2c', community: agent.community } });
    const asked = await api.post('/snmp/oids/validate', { token: admin, body: { oid: '1.3.6.1.2.1.1.5.0', deviceId: device.id } });
    expect(asked.body).toMatchObject({ valid: true, node: { name: 'sysName' }, device: { answered: true, value: 'rmm-snmp-test' } });
    const missing = await api.post('/snmp/oids/validate', { token: admin, body: { oid: '1.3.6.1.2.1.1.99.0', deviceId: device.id } });
    expect(missing.body.device.answered).toBe(false);
  });
});

describe('tenancy and input', () => {
  it('another partner gets 404 on every device, metric and threshold route, and the rows stay', async () => {
    const device = await addDevice({ name: 'private', credentials: { version: 'v2c', community: agent.community } });
    const t = (await api.post('/snmp/thresholds', { token: admin, body: { deviceId: device.id, oid: '1.3.6.1.2.1.1.3.0', operator: 'lt', value: 1 } })).body as { id: string };
    for (const res of [
      await api.get(`/snmp/devices/${device.id}`, { token: outsider }),
      await api.patch(`/snmp/devices/${device.id}`, { token: outsider, body: { name: 'stolen' } }),
      await api.delete(`/snmp/devices/${device.id}`, { token: outsider }),
      await api.post(`/snmp/devices/${device.id}/poll`, { token: outsider }),
      await api.post(`/snmp/devices/${device.id}/test`, { token: outsider, body: {} }),
      await api.get(`/snmp/metrics/${device.id}`, { token: outsider }),
      await api.get(`/snmp/metrics/${device.id}/history`, { token: outsider }),
      await api.get(`/snmp/metrics/${device.id}/1.3.6.1.2.1.1.3.0`, { token: outsider }),
      await api.get(`/snmp/thresholds/${device.id}`, { token: outsider }),
      await api.post('/snmp/thresholds', { token: outsider, body: { deviceId: device.id, oid: '1.3.6.1.2.1.1.3.0', operator: 'lt', value: 1 } }),
      await api.patch(`/snmp/thresholds/${t.id}`, { token: outsider, body: { value: 5 } }),
      await api.delete(`/snmp/thresholds/${t.id}`, { token: outsider }),
      await api.post('/snmp/oids/validate', { token: outsider, body: { oid: '1.3.6.1.2.1.1.5.0', deviceId: device.id } }),
    ]) {
      expect(res.status, res.text).toBe(404);
    }
    expect(await db.snmpDevice.findUnique({ where: { id: device.id } })).toMatchObject({ name: 'private' });
    expect(await db.snmpThreshold.findUnique({ where: { id: t.id } })).toMatchObject({ value: 1 });
    expect(((await api.get('/snmp/devices', { token: outsider })).body.data as unknown[]).length).toBe(0);
  });

  it('refuses bad OIDs, v3 keys that are too short and a v2c device without a community', async () => {
    const bad = [
      { name: 'a', host: '127.0.0.1', credentials: { version: 'v3', username: 'u', authKey: 'short', privKey: 'also-long-enough' } },
      { name: 'a', host: '127.0.0.1', credentials: { version: 'v2c' } },
      { name: 'a', host: '127.0.0.1', credentials: { version: 'v2c', community: 'c' }, extraOids: [{ oid: '1.3.6.x', name: 'x', type: 'gauge' }] },
    ];
    for (const body of bad) expect((await api.post('/snmp/devices', { token: admin, body: { orgId: org.id, ...body } })).status).toBe(400);
  });
});
