// Third-party catalog: system-scope-only CRUD with validation and filters, the shipped entries,
// and smoke tests: the queued software_install command, its delivery, and pass/fail recorded
// from the agent's result through the real agent endpoints.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let system: string;
let partnerAdmin: string;
let linux: EnrolledAgent;
let windows: EnrolledAgent;
const tag = `t${randomBytes(3).toString('hex')}`;

const create = (body: Record<string, unknown>, token = system) => api.post('/third-party-catalog', { token, body });
const app = (overrides: Record<string, unknown> = {}) => ({
  name: `${tag} Firefox ${randomBytes(2).toString('hex')}`,
  vendor: `${tag} Mozilla`,
  updateSource: { linux: { manager: 'apt', name: 'firefox-esr' }, windows: { manager: 'winget', name: 'Mozilla.Firefox' } },
  inventoryMatch: ['Mozilla Firefox*', 'firefox-esr'],
  ...overrides,
});

beforeAll(async () => {
  const partner = await makePartner();
  partnerAdmin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  await makeOrg(partner.id);
  const key = await createKey(partnerAdmin);
  linux = await enroll(key.key);
  windows = await enroll(key.key, { osType: 'windows', osVersion: 'Windows 11 Pro' });
});

describe('catalog entries', () => {
  it('ships real applications with their package ids', async () => {
    const res = await api.get('/third-party-catalog', { token: system, query: { search: 'firefox', vendor: 'mozilla' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      name: 'Mozilla Firefox',
      platforms: ['windows', 'macos', 'linux'],
      updateSource: { windows: { manager: 'winget', name: 'Mozilla.Firefox' }, macos: { manager: 'brew', name: 'firefox' }, linux: { manager: 'apt', name: 'firefox-esr' } },
      serviceTested: false,
      testDevice: null,
    });
  });

  it('is for platform administrators only: a partner admin gets 403 on every route', async () => {
    const created = await create(app());
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expect((await api.get('/third-party-catalog', { token: partnerAdmin })).status).toBe(403);
    expect((await create(app(), partnerAdmin)).status).toBe(403);
    expect((await api.get(`/third-party-catalog/${id}`, { token: partnerAdmin })).status).toBe(403);
    expect((await api.patch(`/third-party-catalog/${id}`, { token: partnerAdmin, body: { vendor: 'x' } })).status).toBe(403);
    expect((await api.delete(`/third-party-catalog/${id}`, { token: partnerAdmin })).status).toBe(403);
    expect((await api.post(`/third-party-catalog/${id}/test`, { token: partnerAdmin, body: { version: '1' } })).status).toBe(403);
    expect((await db.thirdPartyApp.findUniqueOrThrow({ where: { id } })).deletedAt).toBeNull();
  });

  it('creates, validates, edits and deletes with audit entries', async () => {
    const body = app({ category: 'Browser', homepage: 'https://www.mozilla.org/firefox/', latestVersion: '128.0' });
    const created = await create(body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ platforms: ['linux', 'windows'], latestVersion: '128.0', serviceTested: false, testedVersion: null, recentTests: [] });
    expect((await create({ ...body, name: body.name.toUpperCase() })).body.error.code).toBe('APP_NAME_TAKEN');
    const bad = [
      app({ updateSource: { linux: { manager: 'winget', name: 'x' } } }),
      app({ updateSource: { linux: { manager: 'apt', name: '-rf' } } }),
      app({ updateSource: { plan9: { manager: 'apt', name: 'x' } } }),
      app({ platforms: ['windows'] }),
      app({ latestVersion: '1.0; rm -rf /' }),
      app({ homepage: 'javascript:alert(1)' }),
      app({ vendor: '' }),
      app({ testDeviceId: 'nope' }),
    ];
    for (const b of bad) expect((await create(b)).status, JSON.stringify(b)).toBe(400);
    const ghost = await create(app({ testDeviceId: '00000000-0000-4000-8000-000000000000' }));
    expect(ghost.body.error.code).toBe('TEST_DEVICE_INVALID');

    const id = created.body.id;
    expect((await api.patch(`/third-party-catalog/${id}`, { token: system, body: {} })).status).toBe(400);
    expect((await api.patch(`/third-party-catalog/${id}`, { token: system, body: { platforms: ['linux'] } })).status).toBe(400);
    const edited = await api.patch(`/third-party-catalog/${id}`, { token: system, body: { testDeviceId: linux.deviceId, description: 'ESR on Debian' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ testDeviceId: linux.deviceId, testDevice: { id: linux.deviceId, osType: 'linux' }, description: 'ESR on Debian' });
    const actions = (await db.auditLog.findMany({ where: { targetId: id }, select: { action: true } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['third_party_catalog.create', 'third_party_catalog.update']));

    expect((await api.delete(`/third-party-catalog/${id}`, { token: system })).status).toBe(204);
    expect((await api.get(`/third-party-catalog/${id}`, { token: system })).status).toBe(404);
    expect((await api.patch(`/third-party-catalog/${id}`, { token: system, body: { vendor: 'x' } })).status).toBe(404);
    expect(await db.auditLog.findFirst({ where: { targetId: id, action: 'third_party_catalog.delete' } })).not.toBeNull();
    // The name is free again.
    expect((await create(body)).status).toBe(201);
  });

  it('filters by vendor, tested state and search, with pages', async () => {
    const vendor = `${tag} Filter Vendor`;
    for (const n of ['Alpha', 'Beta', 'Gamma']) expect((await create(app({ name: `${tag} ${n}`, vendor, category: n === 'Beta' ? 'Runtime' : 'Browser' }))).status).toBe(201);
    await db.thirdPartyApp.updateMany({ where: { name: `${tag} Gamma` }, data: { serviceTested: true } });
    const byVendor = await api.get('/third-party-catalog', { token: system, query: { vendor: vendor.toLowerCase() } });
    expect(byVendor.body.data.map((a: { name: string }) => a.name)).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
    const tested = await api.get('/third-party-catalog', { token: system, query: { vendor, serviceTested: 'true' } });
    expect(tested.body.data.map((a: { name: string }) => a.name)).toEqual([`${tag} Gamma`]);
    const untested = await api.get('/third-party-catalog', { token: system, query: { vendor, serviceTested: 'false', limit: 1, page: 2 } });
    expect(untested.body).toMatchObject({ data: [{ name: `${tag} Beta` }], pagination: { page: 2, limit: 1, total: 2 } });
    const search = await api.get('/third-party-catalog', { token: system, query: { search: 'runtime', vendor } });
    expect(search.body.data.map((a: { name: string }) => a.name)).toEqual([`${tag} Beta`]);
    expect((await api.get('/third-party-catalog', { token: system, query: { serviceTested: 'maybe' } })).status).toBe(400);
    expect((await api.get('/third-party-catalog', { token: system, query: { limit: 500 } })).status).toBe(400);
  });
});

describe('smoke tests', () => {
  const runTest = (id: string, version: string) => api.post(`/third-party-catalog/${id}/test`, { token: system, body: { version } });

  it('answers 404 for an unknown app and 409 without a test device or a source for its OS', async () => {
    expect((await runTest('00000000-0000-4000-8000-000000000000', '1.0')).status).toBe(404);
    const noDevice = (await create(app())).body;
    const res = await runTest(noDevice.id, '1.0');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NO_TEST_DEVICE');
    const windowsOnly = (await create(app({ updateSource: { windows: { manager: 'winget', name: 'Mozilla.Firefox' } }, testDeviceId: linux.deviceId }))).body;
    const noSource = await runTest(windowsOnly.id, '1.0');
    expect(noSource.status).toBe(409);
    expect(noSource.body.error.code).toBe('NO_UPDATE_SOURCE');
    expect((await runTest(windowsOnly.id, '1.0 && reboot')).status).toBe(400);
    expect(await db.thirdPartyAppTest.count({ where: { appId: { in: [noDevice.id, windowsOnly.id] } } })).toBe(0);
  });

  it('queues a software_install on the test device, and a matching result passes it', async () => {
    const entry = (await create(app({ testDeviceId: linux.deviceId, latestVersion: '128.0.3' }))).body;
    const queued = await runTest(entry.id, '128.0');
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ appId: entry.id, version: '128.0', deviceId: linux.deviceId, status: 'queued', manager: 'apt', packageName: 'firefox-esr' });
    const command = await db.deviceCommand.findUniqueOrThrow({ where: { id: queued.body.commandId } });
    expect(command).toMatchObject({ deviceId: linux.deviceId, type: 'software_install', status: 'pending' });
    expect(command.payload).toEqual({ thirdPartyTestId: queued.body.id, package: { kind: 'package_manager', manager: 'apt', name: 'firefox-esr', version: '128.0' } });
    expect(await db.auditLog.findFirst({ where: { targetId: entry.id, action: 'third_party_catalog.test' } })).not.toBeNull();

    const beat = await heartbeat(linux);
    expect(beat.body.commands.map((c: { id: string }) => c.id)).toContain(command.id);
    const running = await api.get(`/third-party-catalog/${entry.id}`, { token: system });
    expect(running.body.recentTests[0]).toMatchObject({ id: queued.body.id, status: 'running', hostname: expect.any(String) });
    expect(running.body.recentTests[0].startedAt).not.toBeNull();

    const posted = await postResult(linux, command.id, { status: 'completed', exitCode: 0, stdout: 'Setting up firefox-esr', result: { installedVersion: '128.0.3esr-1~deb12u1', manager: 'apt', alreadyInstalled: false } });
    expect(posted.status, posted.text).toBe(200);
    const after = (await api.get(`/third-party-catalog/${entry.id}`, { token: system })).body;
    expect(after.recentTests[0]).toMatchObject({ status: 'passed', installedVersion: '128.0.3esr-1~deb12u1', error: null });
    expect(after).toMatchObject({ testedVersion: '128.0', latestVersion: '128.0.3', serviceTested: false });

    // Testing the latest version itself makes the entry service-tested; a newer latest undoes it.
    const second = (await runTest(entry.id, '128.0.3')).body;
    await heartbeat(linux);
    await postResult(linux, second.commandId, { status: 'completed', result: { installedVersion: '1:128.0.3-1', manager: 'apt', alreadyInstalled: true } });
    const tested = (await api.get(`/third-party-catalog/${entry.id}`, { token: system })).body;
    expect(tested).toMatchObject({ testedVersion: '128.0.3', serviceTested: true });
    expect(tested.testedAt).not.toBeNull();
    expect((await api.get('/third-party-catalog', { token: system, query: { search: entry.name, serviceTested: 'true' } })).body.data).toHaveLength(1);
    const bumped = await api.patch(`/third-party-catalog/${entry.id}`, { token: system, body: { latestVersion: '129.0' } });
    expect(bumped.body).toMatchObject({ latestVersion: '129.0', serviceTested: false });
  });

  it('fails a test on a failed install or another installed version, and a passing latest raises latestVersion', async () => {
    const entry = (await create(app({ testDeviceId: windows.deviceId }))).body;
    const wrong = (await runTest(entry.id, '130.0')).body;
    expect(wrong.manager).toBe('winget');
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: wrong.commandId } })).payload).toMatchObject({ package: { manager: 'winget', name: 'Mozilla.Firefox', version: '130.0' } });
    await heartbeat(windows);
    await postResult(windows, wrong.commandId, { status: 'completed', result: { installedVersion: '129.0.2', manager: 'winget', alreadyInstalled: false } });

    const broken = (await runTest(entry.id, '131.0')).body;
    await heartbeat(windows);
    await postResult(windows, broken.commandId, { status: 'failed', exitCode: 1, stderr: 'No package found matching input criteria.', result: { installedVersion: null, manager: 'winget', alreadyInstalled: false } });

    const latest = (await runTest(entry.id, 'latest')).body;
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: latest.commandId } })).payload).toMatchObject({ package: { version: null } });
    await heartbeat(windows);
    await postResult(windows, latest.commandId, { status: 'completed', result: { installedVersion: '129.0.2', manager: 'winget', alreadyInstalled: false } });

    const after = (await api.get(`/third-party-catalog/${entry.id}`, { token: system })).body;
    expect(after.recentTests.map((t: { status: string }) => t.status)).toEqual(['passed', 'failed', 'failed']);
    expect(after.recentTests[2].error).toBe('Installed 129.0.2, expected 130.0');
    expect(after.recentTests[1].error).toContain('No package found');
    expect(after).toMatchObject({ latestVersion: '129.0.2', testedVersion: '129.0.2', serviceTested: true });
  });

  it('deleting an app cancels its undelivered tests', async () => {
    const entry = (await create(app({ testDeviceId: linux.deviceId }))).body;
    const pending = (await runTest(entry.id, '1.0')).body;
    expect((await api.delete(`/third-party-catalog/${entry.id}`, { token: system })).status).toBe(204);
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: pending.commandId } })).status).toBe('cancelled');
    expect((await db.thirdPartyAppTest.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('cancelled');
  });
});
