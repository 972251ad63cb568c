// End to end with the real reference agent (agent/dist/rmm-agent.cjs) as a separate process: a
// tiny .deb built here with dpkg-deb and installed with dpkg is uninstalled through the API: the
// agent removes it with apt-get, records the result and uploads the inventory without it.
// Needs root and dpkg (Debian); skipped with the reason otherwise.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey } from '../helpers/agents';
import { resetEnvCache } from '@/lib/env';

const AGENT = path.resolve(import.meta.dirname, '../../agent/dist/rmm-agent.cjs');
const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (cmd: string) => (process.env.PATH ?? '').split(':').some((d) => d && executable(path.join(d, cmd)));
const missing = ['dpkg', 'dpkg-deb', 'apt-get'].filter((c) => !onPath(c));
const skipReason = missing.length ? `needs ${missing.join(', ')} (Debian)` : process.getuid?.() !== 0 ? 'needs root to install a package' : null;
const PKG = `rmm-e2e-${Math.random().toString(36).slice(2, 8)}`;

let server: TestServer;
let admin: string;
let deviceId: string;
let agent: ChildProcess;
let agentLog = '';

async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${agentLog.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const dpkgKnows = (name: string) => {
  try {
    return /install ok installed/.test(execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return false;
  }
};

/** dpkg -i, retried while another dpkg run holds the lock. */
async function dpkgInstall(deb: string) {
  await eventually(
    () => new Promise<boolean>((resolve) => execFile('dpkg', ['-i', deb], { timeout: 120_000 }, (e) => resolve(!e))),
    `dpkg -i ${deb}`,
    180_000,
  );
}

describe.skipIf(skipReason !== null)(`uninstalling a real package with the real agent${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-deb-'));
    mkdirSync(path.join(dir, 'pkg/DEBIAN'), { recursive: true });
    mkdirSync(path.join(dir, 'pkg/usr/share/doc', PKG), { recursive: true });
    writeFileSync(path.join(dir, 'pkg/usr/share/doc', PKG, 'README'), 'installed by the software uninstall test\n');
    writeFileSync(
      path.join(dir, 'pkg/DEBIAN/control'),
      `Package: ${PKG}\nVersion: 1.2.3\nArchitecture: all\nMaintainer: RMM Tests <tests@example.test>\nDescription: throwaway package for the uninstall test\n`,
    );
    execFileSync('dpkg-deb', ['--build', '--root-owner-group', path.join(dir, 'pkg'), path.join(dir, `${PKG}.deb`)], { stdio: 'ignore' });
    await dpkgInstall(path.join(dir, `${PKG}.deb`));
    expect(dpkgKnows(PKG)).toBe(true);

    server = await startTestServer();
    process.env.APP_BASE_URL = server.url;
    process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS = '1';
    resetEnvCache();
    const partner = await makePartner();
    admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const key = await createKey(admin, { orgId: (await makeOrg(partner.id)).id });
    const dataDir = path.join(dir, 'agent-data');
    const enrolled = await new Promise<number>((resolve) =>
      execFile(process.execPath, [AGENT, 'enroll', '--key', key.key, '--server', server.url, '--data-dir', dataDir, '--quiet'], { timeout: 60_000 }, (e) => resolve(e ? 1 : 0)),
    );
    expect(enrolled).toBe(0);
    deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(process.execPath, [AGENT, 'run', '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    agent.stderr!.on('data', (d) => (agentLog += d));
  }, 300_000);

  afterAll(async () => {
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    await server?.stop();
    delete process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS;
    process.env.APP_BASE_URL = 'http://localhost:3000';
    resetEnvCache();
    // Never leave the throwaway package behind, whatever the test did.
    if (dpkgKnows(PKG)) execFileSync('dpkg', ['--purge', PKG], { stdio: 'ignore' });
  });

  it('removes the package with apt-get, records the result and refreshes the inventory', async () => {
    const installed = await eventually(async () => {
      const res = await api.get(`/software/inventory/${deviceId}`, { token: admin, query: { search: PKG } });
      return res.body.data?.find((s: { name: string }) => s.name === PKG) as { id: string; version: string } | undefined;
    }, 'the package in the uploaded inventory');
    expect(installed.version).toBe('1.2.3');

    const queued = await api.post(`/software/inventory/${deviceId}/${installed.id}/uninstall`, { token: admin });
    expect(queued.status, queued.text).toBe(202);
    const commandId = queued.body.command.id as string;
    const done = await eventually(async () => {
      const page = await api.get(`/devices/${deviceId}/commands`, { token: admin, query: { type: 'uninstall_software' } });
      const c = page.body.data?.find((x: { id: string }) => x.id === commandId);
      return c && ['completed', 'failed', 'timed_out'].includes(c.status) ? c : null;
    }, 'the uninstall result', 360_000);

    expect(done.status, `${done.stdout}\n${done.stderr}`).toBe('completed');
    expect(done.exitCode).toBe(0);
    expect(done.result).toMatchObject({ manager: 'apt-get', package: PKG, removed: true, inventoryRefreshed: true });
    expect(dpkgKnows(PKG)).toBe(false);
    const after = await api.get(`/software/inventory/${deviceId}`, { token: admin, query: { search: PKG } });
    expect(after.body.data).toEqual([]);
  }, 400_000);

  it('refuses a package the package manager does not know', async () => {
    // The agent's own inventory row is fine to reuse: rename it to a package that is not installed.
    const res = await api.get(`/software/inventory/${deviceId}`, { token: admin });
    const row = res.body.data[0] as { id: string };
    const { db } = await import('@/lib/db');
    await db.deviceSoftware.update({ where: { id: row.id }, data: { name: `${PKG}-not-installed` } });
    const queued = await api.post(`/software/inventory/${deviceId}/${row.id}/uninstall`, { token: admin });
    expect(queued.status, queued.text).toBe(202);
    const done = await eventually(async () => {
      const page = await api.get(`/devices/${deviceId}/commands`, { token: admin, query: { type: 'uninstall_software' } });
      const c = page.body.data?.find((x: { id: string }) => x.id === queued.body.command.id);
      return c && c.status !== 'pending' && c.status !== 'sent' ? c : null;
    }, 'the refused uninstall');
    expect(done.status).toBe('failed');
    expect(done.result).toMatchObject({ code: 'PACKAGE_NOT_FOUND', package: `${PKG}-not-installed` });
    expect(done.stderr).toContain('not installed');
  }, 120_000);
});
