// End to end: the real bundled agent (agent/dist/rmm-agent.cjs, built by the global setup) runs as
// a separate process against the API served over real HTTP, enrolls, heartbeats, runs a script
// and uninstalls itself. The install script is exercised the same way.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey } from '../helpers/agents';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

const AGENT = path.resolve(import.meta.dirname, '../../agent/dist/rmm-agent.cjs');
let server: TestServer;
let admin: string;
let orgId: string;
const children: ChildProcess[] = [];

function runAgent(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  // Asynchronous on purpose: the API answering the agent runs in this very process.
  return new Promise((resolve) => {
    execFile(process.execPath, [AGENT, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Polls until the check returns a value (the agent is another process working at its own pace). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  process.env.APP_BASE_URL = server.url;
  process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS = '1';
  resetEnvCache();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await server.stop();
  delete process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS;
  process.env.APP_BASE_URL = 'http://localhost:3000';
  resetEnvCache();
});

describe('the reference agent against a live API', () => {
  it('enrolls, comes online with real metrics and inventory, runs `echo hello`, then uninstalls itself', async () => {
    const key = await createKey(admin, { orgId });
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-')), 'data');

    const enrolled = await runAgent(['enroll', '--key', key.key, '--server', server.url, '--data-dir', dataDir, '--quiet']);
    expect(enrolled, enrolled.stderr).toMatchObject({ code: 0, stdout: '' });
    const configFile = path.join(dataDir, 'agent.yaml');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    const config = readFileSync(configFile, 'utf8');
    const deviceId = /deviceId: "([^"]+)"/.exec(config)![1];
    expect(config).toContain(`server: "${server.url}"`);
    expect((await runAgent(['enroll', '--key', key.key, '--server', server.url, '--data-dir', dataDir])).code).toBe(1); // already enrolled

    const agent = spawn(process.execPath, [AGENT, 'run', '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(agent);
    let agentLog = '';
    agent.stderr!.on('data', (d) => (agentLog += d));

    // Online, with metrics of this machine and its installed packages.
    const device = await eventually(async () => {
      const d = (await api.get(`/devices/${deviceId}`, { token: admin })).body;
      return d.status === 'online' && d.cpuPercent !== null && d.memoryPercent > 0 ? d : null;
    }, 'the first heartbeat');
    expect(device).toMatchObject({ hostname: os.hostname(), osType: 'linux', agentVersion: '1.0.0' });
    expect(device.diskPercent).toBeGreaterThan(0);
    const inventory = await eventually(async () => {
      const inv = (await api.get(`/devices/${deviceId}/inventory`, { token: admin })).body;
      return inv.collectedAt ? inv : null;
    }, 'the inventory');
    expect(inventory.hardware.cpuCores).toBe(os.cpus().length);
    if (existsSync('/usr/bin/dpkg-query')) expect(inventory.software.length).toBeGreaterThan(10);
    // The same upload carries the management-posture scan: this machine now counts as scanned.
    expect(await db.deviceManagementPosture.findUnique({ where: { deviceId } })).not.toBeNull();

    const cmd = await api.post(`/devices/${deviceId}/commands`, { token: admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'echo hello' } } });
    expect(cmd.status).toBe(201);
    const result = await eventually(async () => {
      const c = (await api.get(`/devices/${deviceId}/commands/${cmd.body.id}`, { token: admin })).body;
      return c.status === 'completed' || c.status === 'failed' ? c : null;
    }, 'the script result');
    expect(result).toMatchObject({ status: 'completed', exitCode: 0, stdout: 'hello\n', stderr: '' });
    expect(result.result.durationMs).toBeGreaterThanOrEqual(0);

    // Power commands are refused without the allow flag.
    const reboot = await api.post(`/devices/${deviceId}/commands`, { token: admin, body: { type: 'reboot' } });
    const refused = await eventually(async () => {
      const c = (await api.get(`/devices/${deviceId}/commands/${reboot.body.id}`, { token: admin })).body;
      return c.status === 'failed' ? c : null;
    }, 'the refused reboot');
    expect(refused.stderr).toContain('--allow-reboot');

    const uninstall = await api.post(`/devices/${deviceId}/commands`, { token: admin, body: { type: 'self_uninstall' } });
    expect(uninstall.status).toBe(201);
    const code = await new Promise<number | null>((resolve) => agent.once('exit', resolve));
    expect(code, agentLog).toBe(0);
    expect(existsSync(configFile)).toBe(false);
    const after = (await api.get(`/devices/${deviceId}`, { token: admin })).body;
    expect(after.status).toBe('uninstalled');
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: uninstall.body.id } })).status).toBe('completed');
  }, 90_000);

  // The script downloads with curl or wget, as it would on a real machine.
  const downloader = ['/usr/bin/curl', '/usr/bin/wget', '/bin/curl', '/bin/wget'].some((p) => existsSync(p));
  it.skipIf(!downloader)('install.sh downloads the agent, enrolls and installs the service, and does nothing when already enrolled', async () => {
    const key = await createKey(admin, { orgId });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-install-'));
    const env = { RMM_AGENT_DATA_DIR: path.join(dir, 'data'), RMM_AGENT_INSTALL_DIR: path.join(dir, 'opt') };
    const script = path.join(dir, 'install.sh');
    writeFileSync(script, await (await fetch(`${server.url}/api/v1/agents/install.sh`)).text());
    const install = () =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile('bash', [script, '--key', key.key, '--service-dry-run'], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const usage = async () => (await db.enrollmentKey.findUniqueOrThrow({ where: { id: key.id } })).usageCount;
    const first = await install();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('would write /etc/systemd/system/rmm-agent.service');
    expect(first.stdout).toContain(`run --data-dir ${env.RMM_AGENT_DATA_DIR}`);
    const config = readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8');
    // The JS bundle, or the self-contained executable when `npm run build:agent-binaries` has run.
    const installedBundle = path.join(env.RMM_AGENT_INSTALL_DIR, 'rmm-agent.cjs');
    if (existsSync(installedBundle)) expect(readFileSync(installedBundle)).toEqual(readFileSync(AGENT));
    else expect(readFileSync(path.join(env.RMM_AGENT_INSTALL_DIR, 'rmm-agent'))).toEqual(readFileSync(path.resolve(AGENT, '../bin/rmm-agent-linux-amd64')));
    expect(await usage()).toBe(1);
    // This machine enrolled before (first test): its device row is reused and online again.
    const deviceId = /deviceId: "([^"]+)"/.exec(config)![1];
    expect((await api.get(`/devices/${deviceId}`, { token: admin })).body.status).toBe('online');

    const second = await install();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('already enrolled');
    expect(await usage()).toBe(1);
    expect(readFileSync(path.join(env.RMM_AGENT_DATA_DIR, 'agent.yaml'), 'utf8')).toBe(config);
  }, 90_000);

  it('simulate drives several virtual devices and reports what it achieved', async () => {
    const key = await createKey(admin, { orgId });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-sim-'));
    const res = await runAgent(['simulate', '--server', server.url, '--key', key.key, '--devices', '5', '--duration', '3', '--interval', '1', '--state-file', path.join(dir, 'state.json'), '--json']);
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report).toMatchObject({ devices: 5, newlyEnrolled: 5, intervalSeconds: 1, errors: { total: 0 } });
    expect(report.heartbeats).toBeGreaterThan(0);
    expect(report.latencyMs.p99).toBeGreaterThanOrEqual(report.latencyMs.p50);
    // A second run reuses the enrolled devices.
    const again = JSON.parse((await runAgent(['simulate', '--server', server.url, '--key', key.key, '--devices', '5', '--duration', '1', '--interval', '1', '--state-file', path.join(dir, 'state.json'), '--json'])).stdout);
    expect(again.newlyEnrolled).toBe(0);
  }, 90_000);
});
