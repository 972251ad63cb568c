// End to end with the real reference agent (agent/dist/rmm-agent.cjs) as a separate process: a
// tiny .deb built here with dpkg-deb and installed with dpkg is uninstalled through the API: the
// agent removes it with apt-get, records the result and uploads the inventory without it.
// Needs root and dpkg (Debian); skipped with the reason otherwise.
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { eventually as poll, startRealAgent, type RealAgent } from '../helpers/real-agent';

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

let world: RealAgent;
let admin: string;
let deviceId: string;
const eventually = <T,>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000) => poll(check, what, timeoutMs, () => world?.log() ?? '');

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

    world = await startRealAgent(path.join(dir, 'agent-data'));
    ({ admin, deviceId } = world);
  }, 300_000);

  afterAll(async () => {
    await world?.stop();
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
