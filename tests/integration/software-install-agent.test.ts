// software_install end to end with the real reference agent and the machine's real apt and dpkg.
// Commands are queued the way deployments queue them (a pending device_commands row with the
// contract's payload); the agent claims them on its next beat and reports through the normal
// result endpoint. A local apt repository offers two versions of a tiny probe package (the
// agent's only source); a .deb installer is uploaded through the software catalog API. Every
// probe package is purged at the end. Needs root and apt (Debian); skipped with the reason otherwise.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { runDueJobs } from '../helpers/jobs';
import { eventually as poll, startRealAgent, type RealAgent } from '../helpers/real-agent';
import { aptSkipReason, buildDeb, dpkgVersion, makeAptRepo, type AptRepo } from '../helpers/apt-repo';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

const skipReason = aptSkipReason();
if (skipReason) console.warn(`[software-install-agent] skipped: ${skipReason}`);
const tag = Math.random().toString(36).slice(2, 8);
const PKG = `rmm-install-${tag}`;
const FILE_PKG = `rmm-install-${tag}-file`;
const BAD_PKG = `rmm-install-${tag}-bad`;

let world: RealAgent;
let admin: string;
let deviceId: string;
let repo: AptRepo;
const eventually = <T,>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000) => poll(check, what, timeoutMs, () => world?.log() ?? '');

interface CommandView {
  id: string;
  status: string;
  exitCode: number | null;
  stdout: string | null;
  stderr: string | null;
  result: Record<string, unknown> | null;
}

/** Queues a software_install command as a deployment does and waits for the agent's result. */
async function install(pkg: Prisma.InputJsonObject): Promise<CommandView> {
  const device = await db.device.findUniqueOrThrow({ where: { id: deviceId } });
  const command = await db.deviceCommand.create({
    data: { partnerId: device.partnerId, orgId: device.orgId, deviceId, type: 'software_install', status: 'pending', source: 'system', payload: { deploymentId: crypto.randomUUID(), deploymentDeviceId: crypto.randomUUID(), package: pkg } },
  });
  return eventually(async () => {
    const page = await api.get(`/devices/${deviceId}/commands`, { token: admin, query: { type: 'software_install' } });
    expect(page.status, page.text).toBe(200);
    const c = (page.body.data as CommandView[]).find((x) => x.id === command.id);
    return c && !['pending', 'sent'].includes(c.status) ? c : null;
  }, `the result of software_install ${JSON.stringify(pkg)}`, 240_000);
}

/** An installer package with one version whose .deb is uploaded through the catalog API. */
async function catalogInstaller(deb: string, version: string) {
  const pkg = await api.post('/software/catalog', { token: admin, body: { name: `${path.basename(deb)} ${tag}`, kind: 'installer', osTypes: ['linux'] } });
  expect(pkg.status, pkg.text).toBe(201);
  const v = await api.post(`/software/catalog/${pkg.body.id}/versions`, { token: admin, body: { version } });
  expect(v.status, v.text).toBe(201);
  const up = await api.post(`/software/catalog/${pkg.body.id}/versions/${v.body.id}/installer`, {
    token: admin,
    rawBody: new Uint8Array(readFileSync(deb)),
    headers: { 'content-type': 'application/octet-stream' },
    query: { fileName: path.basename(deb) },
  });
  expect(up.status, up.text).toBe(201);
  const installer = up.body.installer as { fileName: string; sha256: string; sizeBytes: number };
  return {
    kind: 'installer',
    versionId: v.body.id as string,
    fileName: installer.fileName,
    sha256: installer.sha256,
    sizeBytes: installer.sizeBytes,
    downloadPath: `/api/v1/agents/{agentId}/software/installers/${v.body.id}`,
    silentArgs: null,
  };
}

// The agent's TMPDIR is a directory of this file's own, so other runs' temp files never count.
const agentTmp = () => path.join(repo.dir, 'tmp');
const leftovers = () => readdirSync(agentTmp()).filter((d) => d.startsWith('rmm-install-')).flatMap((d) => readdirSync(path.join(agentTmp(), d)).map((f) => path.join(d, f)));

describe.skipIf(Boolean(skipReason))(`software_install on the reference agent with real apt${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    repo = makeAptRepo(PKG, ['1.0', '1.1']);
    mkdirSync(agentTmp());
    world = await startRealAgent(path.join(repo.dir, 'agent'), { env: { ...repo.agentEnv, RMM_AGENT_PATCH_SCAN_HOURS: '0', TMPDIR: agentTmp() } });
    ({ admin, deviceId } = world);
  }, 120_000);

  afterAll(async () => {
    await world?.stop();
    await repo?.remove([PKG, FILE_PKG, BAD_PKG]);
  });

  it('installs the latest version from the package index, refreshing it first, and reports it', async () => {
    expect(dpkgVersion(PKG)).toBeNull();
    const done = await install({ kind: 'package_manager', manager: 'apt', name: PKG, version: null });
    expect(done.status, `${done.stdout}\n${done.stderr}`).toBe('completed');
    expect(done.exitCode).toBe(0);
    expect(done.result).toMatchObject({ installedVersion: '1.1', manager: 'apt', alreadyInstalled: false, refreshed: true, inventoryRefreshed: true });
    expect(done.stdout).toContain('apt-get');
    expect(dpkgVersion(PKG)).toBe('1.1');
    const inventory = await api.get(`/software/inventory/${deviceId}`, { token: admin, query: { search: PKG } });
    expect(inventory.body.data).toEqual([expect.objectContaining({ name: PKG, version: '1.1' })]);
  }, 300_000);

  it('installs a pinned older version, and answers alreadyInstalled when it is there', async () => {
    const done = await install({ kind: 'package_manager', manager: 'apt', name: PKG, version: '1.0' });
    expect(done.status, `${done.stdout}\n${done.stderr}`).toBe('completed');
    expect(done.result).toMatchObject({ installedVersion: '1.0', manager: 'apt', alreadyInstalled: false });
    expect(dpkgVersion(PKG)).toBe('1.0');

    const again = await install({ kind: 'package_manager', manager: 'apt', name: PKG, version: '1.0' });
    expect(again).toMatchObject({ status: 'completed', result: { installedVersion: '1.0', manager: 'apt', alreadyInstalled: true } });
  }, 300_000);

  it('fails a version the index does not have, leaving the installed one', async () => {
    const done = await install({ kind: 'package_manager', manager: 'apt', name: PKG, version: '9.9' });
    expect(done.status).toBe('failed');
    expect(done.result).toMatchObject({ installedVersion: '1.0', manager: 'apt', alreadyInstalled: false, refreshed: true });
    expect(done.stderr).toMatch(/9\.9/);
    expect(dpkgVersion(PKG)).toBe('1.0');
  }, 300_000);

  it('downloads a catalog .deb installer with its credential, verifies it, installs it and deletes it', async () => {
    const deb = buildDeb(FILE_PKG, '2.0', repo.dir);
    const spec = await catalogInstaller(deb, '2.0');
    const done = await install(spec);
    expect(done.status, `${done.stdout}\n${done.stderr}`).toBe('completed');
    expect(done.result).toMatchObject({ installedVersion: '2.0', manager: 'apt', alreadyInstalled: false, package: FILE_PKG, fileName: path.basename(deb) });
    expect(dpkgVersion(FILE_PKG)).toBe('2.0');
    expect(leftovers()).toEqual([]);
  }, 300_000);

  it('refuses an installer whose bytes do not match the sha256 and installs nothing', async () => {
    const deb = buildDeb(BAD_PKG, '1.0', repo.dir);
    const spec = await catalogInstaller(deb, '1.0');
    const done = await install({ ...spec, sha256: 'a'.repeat(64) });
    expect(done.status).toBe('failed');
    expect(done.stderr).toContain('checksum mismatch');
    expect(done.result).toMatchObject({ code: 'CHECKSUM_MISMATCH', actualSha256: spec.sha256, installedVersion: null });
    expect(dpkgVersion(BAD_PKG)).toBeNull();
    expect(leftovers()).toEqual([]);
  }, 300_000);

  it('answers unsupported for a package manager of another system', async () => {
    const done = await install({ kind: 'package_manager', manager: 'winget', name: 'Mozilla.Firefox', version: null });
    expect(done.status).toBe('failed');
    expect(done.result).toMatchObject({ unsupported: true, manager: 'winget' });
    expect(done.result?.reason).toContain('Windows');
    expect(done.stderr).toBe(done.result?.reason);
  }, 120_000);

  it('a software deployment through the API installs the latest version on the agent and completes', async () => {
    expect(dpkgVersion(PKG)).toBe('1.0');
    const pkg = await api.post('/software/catalog', { token: admin, body: { name: `${PKG} via apt`, kind: 'package_manager', packageRef: `apt:${PKG}`, osTypes: ['linux'] } });
    expect(pkg.status, pkg.text).toBe(201);
    const latest = await api.post(`/software/catalog/${pkg.body.id}/versions`, { token: admin, body: { version: 'latest' } });
    expect(latest.status, latest.text).toBe(201);
    const created = await api.post('/software/deployments', { token: admin, body: { packageId: pkg.body.id, versionId: latest.body.id, targets: { deviceIds: [deviceId] } } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('running');

    // The worker hands the command out and settles the deployment after the agent's result.
    const done = await eventually(async () => {
      await runDueJobs();
      const d = await api.get(`/software/deployments/${created.body.id}`, { token: admin });
      return ['completed', 'failed'].includes(d.body.status) ? d.body : null;
    }, 'the deployment to finish', 240_000);
    const results = await api.get(`/software/deployments/${created.body.id}/results`, { token: admin });
    expect(done.status, JSON.stringify(results.body.data)).toBe('completed');
    expect(results.body.data).toEqual([expect.objectContaining({ deviceId, status: 'succeeded', result: expect.objectContaining({ installedVersion: '1.1', manager: 'apt' }) })]);
    expect(dpkgVersion(PKG)).toBe('1.1');
  }, 300_000);

  it('is queued by deployments only: the device command API refuses it', async () => {
    const res = await api.post(`/devices/${deviceId}/commands`, { token: admin, body: { type: 'software_install', payload: { package: { kind: 'package_manager', manager: 'apt', name: PKG, version: null } } } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});
