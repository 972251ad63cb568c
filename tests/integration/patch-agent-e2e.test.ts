// End to end with the real reference agent and the machine's real apt and dpkg: two versions
// of a tiny .deb built with dpkg-deb, a local apt repository in a temp dir given to the agent as
// its only source (its own source list and package lists, so the machine's real sources are
// never refreshed), 1.0 installed with dpkg. The agent's scan shows 1.1 through the API; once
// approved, an install job upgrades it (dpkg -s says 1.1) and a rollback returns it to 1.0.
// The package is purged at the end. The agent's reboot command only writes a marker file: the
// install (reboot never) leaves none, the rollback (reboot always) writes it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { eventually as poll, startRealAgent, type RealAgent } from '../helpers/real-agent';
import { aptSkipReason, dpkg, dpkgVersion, makeAptRepo, type AptRepo } from '../helpers/apt-repo';
import { db } from '@/lib/db';

const PKG = 'rmm-patch-probe';
const skipReason = aptSkipReason();
if (skipReason) console.warn(`[patch-agent-e2e] skipped: ${skipReason}`);

let world: RealAgent;
let admin: string;
let orgId: string;
let deviceId: string;
let repo: AptRepo;
const eventually = <T,>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000) => poll(check, what, timeoutMs, () => world?.log() ?? '');
const installedVersion = () => dpkgVersion(PKG);

beforeAll(async () => {
  if (skipReason) return;
  // Both versions stay in the index, so a rollback finds 1.0 there.
  repo = makeAptRepo(PKG, ['1.0', '1.1']);
  if (installedVersion() !== null) await dpkg(['--purge', PKG]);
  await dpkg(['-i', repo.deb('1.0')]);
  expect(installedVersion()).toBe('1.0');

  world = await startRealAgent(path.join(repo.dir, 'agent'), {
    env: { ...repo.agentEnv, RMM_AGENT_PATCH_SCAN_HOURS: '0', AGENT_REBOOT_COMMAND: `touch '${path.join(repo.dir, 'rebooted')}'`, AGENT_REBOOT_DELAY_SECONDS: '0' },
  });
  ({ admin, orgId, deviceId } = world);
}, 120_000);

afterAll(async () => {
  if (skipReason) return;
  await world?.stop();
  await repo?.remove([PKG]);
});

const events = async (type: string) => db.event.findMany({ where: { orgId, type }, orderBy: { createdAt: 'asc' } });

async function finishedJob(id: string) {
  return eventually(async () => {
    const jobs = (await api.get('/patches/jobs', { token: admin, query: { deviceId } })).body.data as { id: string; status: string }[];
    const job = jobs.find((j) => j.id === id);
    return job && ['completed', 'failed', 'partially_failed', 'cancelled'].includes(job.status) ? job : null;
  }, `job ${id}`, 180_000);
}

describe.skipIf(Boolean(skipReason))('patching on the reference agent with real apt', () => {
  let patchId: string;

  it('a scan finds 1.1 of the probe package through the agent', async () => {
    const scan = await api.post('/patches/scan', { token: admin, body: { deviceIds: [deviceId] } });
    expect(scan.status, scan.text).toBe(202);
    expect(scan.body.queued).toHaveLength(1);
    const patch = await eventually(async () => (await api.get('/patches', { token: admin, query: { deviceId, search: PKG } })).body.data[0], 'the scan report', 180_000);
    expect(patch).toMatchObject({ source: 'linux', name: PKG, version: '1.1', severity: 'low', cveIds: [], approvalStatus: 'pending', deviceCounts: { available: 1 } });
    patchId = patch.id;
    const detail = (await api.get(`/patches/${patchId}`, { token: admin })).body;
    expect(detail.devices).toEqual([expect.objectContaining({ deviceId, status: 'available', installedVersion: '1.0', approvalStatus: 'pending' })]);
    expect((await events('patch.available')).map((e) => e.data)).toEqual([expect.objectContaining({ patchId, deviceId, version: '1.1', installedVersion: '1.0' })]);
    const compliance = (await api.get('/patches/compliance', { token: admin })).body;
    expect(compliance.summary).toMatchObject({ devices: 1, upToDate: 0, missingPatches: 1 });
  }, 240_000);

  it('nothing installs before approval; once approved the agent installs 1.1', async () => {
    const early = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [deviceId] } });
    expect(early.status, early.text).toBe(202);
    expect(early.body).toMatchObject({ jobs: [], skipped: [{ deviceId, reason: 'NOTHING_APPROVED' }] });

    const approved = await api.post(`/patches/${patchId}/approve`, { token: admin, body: {} });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ changed: 1, approvals: [{ orgId, status: 'approved' }] });
    expect(await events('patch.approved')).toHaveLength(1);

    const created = await api.post('/patches/jobs', { token: admin, body: { deviceIds: [deviceId], schedule: 'now', rebootBehavior: 'never' } });
    expect(created.status, created.text).toBe(202);
    expect(created.body.jobs).toEqual([expect.objectContaining({ deviceId, kind: 'install', status: 'queued', patchIds: [patchId], rebootBehavior: 'never' })]);
    const job = await finishedJob(created.body.jobs[0].id);
    expect(job, world.log().slice(-3000)).toMatchObject({ status: 'completed', results: [{ patchId, name: PKG, version: '1.1', status: 'installed', installedVersion: '1.1' }], rebootScheduled: false, rebootRequired: expect.any(Boolean) });
    expect(existsSync(path.join(repo.dir, 'rebooted'))).toBe(false);
    expect(installedVersion()).toBe('1.1');
    expect(execFileSync('dpkg', ['-s', PKG], { encoding: 'utf8' })).toMatch(/^Version: 1\.1$/m);
    expect((await api.get(`/patches/${patchId}`, { token: admin })).body.devices[0]).toMatchObject({ status: 'installed', installedVersion: '1.0' });
    expect((await events('patch.installed')).map((e) => e.data)).toEqual([expect.objectContaining({ patchId, deviceId, version: '1.1', previousVersion: '1.0' })]);
    expect((await api.get('/patches/compliance', { token: admin })).body.summary).toMatchObject({ devices: 1, upToDate: 1, failed: 0 });
  }, 240_000);

  it('a rollback reinstalls 1.0 from the repository', async () => {
    const res = await api.post(`/patches/${patchId}/rollback`, { token: admin, body: { rebootBehavior: 'always' } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.jobs).toEqual([expect.objectContaining({ deviceId, kind: 'rollback', rebootBehavior: 'always' })]);
    const job = await finishedJob(res.body.jobs[0].id);
    expect(job, world.log().slice(-3000)).toMatchObject({ status: 'completed', results: [{ name: PKG, version: '1.0', status: 'installed' }], rebootScheduled: true });
    await eventually(async () => existsSync(path.join(repo.dir, 'rebooted')), 'the reboot command (a marker file)', 30_000);
    expect(installedVersion()).toBe('1.0');
    expect((await api.get(`/patches/${patchId}`, { token: admin })).body.devices[0]).toMatchObject({ status: 'rolled_back' });
    expect((await events('patch.rollback')).map((e) => e.data)).toEqual([expect.objectContaining({ patchId, deviceId, fromVersion: '1.1', toVersion: '1.0' })]);
  }, 240_000);
});
