// Self-update of the single-executable agent (no Node.js in between): the Linux binary, built once
// per run from the npm registry's runtime package (cached in node_modules/.cache, so only the
// first run downloads it) into a directory the server does not serve, enrolls against the test
// server, heartbeats, runs a script, rolls back from a newer build that never heartbeats and then
// takes a newer build uploaded through the release upload route. The newer builds are the same
// binary with the agent's version string (and, for the bad one, its heartbeat path) patched in
// place, so the run builds one binary. Skipped, with the reason, off linux-x64 or when the runtime
// is not cached and the registry cannot be reached.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePlatformAdmin, tokenFor } from '../helpers/factories';
import { startRealAgent, stopUpdatingAgent, type RealAgent } from '../helpers/real-agent';
import { db } from '@/lib/db';
import { ensureBundledAgentRegistered } from '@/lib/agent-releases/register-bundled-agent';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { invalidatePromotedRelease } from '@/lib/agent-releases/update-offer';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Not agent/dist/bin: the server registers and serves what is there.
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'agent-sea-test');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let skipReason: string | null = null;
let binary: Buffer;
let agent: RealAgent | undefined;
let system: string;
let dir: string;
let installed: string;
let dataDir: string;

function run(cmd: string, args: string[], timeout: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

/** The binary with same-length replacements in its embedded bundle (the SEA blob has no checksum). */
function patched(replacements: [string, string][]): Buffer {
  const out = Buffer.from(binary);
  for (const [from, to] of replacements) {
    expect(to.length).toBe(from.length);
    const at = out.indexOf(from);
    expect(at, `"${from}" in the binary`).toBeGreaterThan(0);
    expect(out.indexOf(from, at + 1), `"${from}" once in the binary`).toBe(-1);
    out.write(to, at, 'latin1');
  }
  return out;
}

const VERSION_MARK = 'var AGENT_VERSION = "1.0.0";';
const HEARTBEAT_MARK = '`/agents/${this.config.agentId}/heartbeat`';

async function updateState(version: string, state: string) {
  return agent!.eventually(async () => {
    const d = (await api.get(`/devices/${agent!.deviceId}`, { token: agent!.admin })).body;
    return d.agentUpdate?.version === version && d.agentUpdate.state === state ? d : null;
  }, `${state} for ${version}`, 90_000);
}

async function runScript(expected: string) {
  const cmd = await api.post(`/devices/${agent!.deviceId}/commands`, { token: agent!.admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: `echo ${expected}` } } });
  expect(cmd.status).toBe(201);
  return agent!.eventually(async () => {
    const c = (await api.get(`/devices/${agent!.deviceId}/commands/${cmd.body.id}`, { token: agent!.admin })).body;
    return c.status === 'completed' || c.status === 'failed' ? c : null;
  }, 'the script result');
}

beforeAll(async () => {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    skipReason = `the Linux x64 binary runs only on linux-x64 (this is ${process.platform}-${process.arch})`;
    return;
  }
  // Up to date when the bundle has not changed since the last run: then this is a no-op.
  const build = await run(process.execPath, [path.join(ROOT, 'scripts', 'build-agent-binaries.mjs'), '--targets', 'linux-amd64', '--out', OUT_DIR, '--quiet'], 600_000);
  if (build.code === 3) {
    skipReason = `the linux-amd64 Node runtime is not cached and the npm registry is unreachable: ${build.stderr.trim()}`;
    return;
  }
  expect(build.code, build.stderr).toBe(0);
  binary = readFileSync(path.join(OUT_DIR, 'rmm-agent-linux-amd64'));
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-sea-update-'));
  mkdirSync(path.join(dir, 'install'));
  installed = path.join(dir, 'install', 'rmm-agent');
  copyFileSync(path.join(OUT_DIR, 'rmm-agent-linux-amd64'), installed);
  dataDir = path.join(dir, 'data');
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  await ensureBundledAgentRegistered();
  agent = await startRealAgent(dataDir, { executable: installed, env: { RMM_AGENT_UPDATE_TRIAL_SECONDS: '8' } });
}, 660_000);

afterAll(() => stopUpdatingAgent(agent, dataDir));

describe('the single-executable agent', () => {
  it('enrolls, heartbeats and runs a script without Node.js', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const version = await run(installed, ['--version'], 30_000);
    expect(version.stdout.trim()).toContain('1.0.0');
    const device = (await api.get(`/devices/${agent!.deviceId}`, { token: agent!.admin })).body;
    expect(device).toMatchObject({ status: 'online', agentVersion: '1.0.0', osType: 'linux', architecture: 'amd64' });
    const result = await runScript('from-the-binary');
    expect(result).toMatchObject({ status: 'completed', exitCode: 0, stdout: 'from-the-binary\n' });
  }, 120_000);

  it('rolls back a newer build that never heartbeats, keeping the installed binary', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const bad = patched([[VERSION_MARK, VERSION_MARK.replace('1.0.0', '1.0.8')], [HEARTBEAT_MARK, HEARTBEAT_MARK.replace('heartbeat', 'heartbeaX')]]);
    // Served from a file like the bundled binaries: no bytes copied into the database.
    const file = path.join(dir, 'rmm-agent-1.0.8');
    writeFileSync(file, bad);
    const artifact = { version: '1.0.8', os: 'linux' as const, arch: 'amd64', sha256: sha(bad) };
    await db.agentVersion.create({ data: { version: '1.0.8', notes: 'never heartbeats', promoted: false } });
    await db.agentArtifact.create({ data: { ...artifact, fileName: 'rmm-agent-1.0.8', contentType: 'application/octet-stream', size: bad.length, content: new Uint8Array(0), filePath: file, signature: await signArtifact(artifact) } });
    const promote = await api.patch('/agent-versions/1.0.8', { token: system, body: { promoted: true } });
    expect(promote.status, JSON.stringify(promote.body)).toBe(200);
    invalidatePromotedRelease();

    await updateState('1.0.8', 'trial');
    const rolledBack = await updateState('1.0.8', 'rolled_back');
    expect(rolledBack.agentUpdate.error).toMatch(/did not confirm a heartbeat|exited/);
    expect(sha(readFileSync(installed))).toBe(sha(binary));
    expect(readdirSync(path.dirname(installed))).toEqual(['rmm-agent']);
    const since = Date.now();
    await agent!.eventually(async () => {
      const d = (await api.get(`/devices/${agent!.deviceId}`, { token: agent!.admin })).body;
      return d.agentVersion === '1.0.0' && Date.parse(d.lastSeenAt) > since;
    }, 'the stable binary beating again');
  }, 180_000);

  it('takes a newer build uploaded as a release: swapped in, the previous binary kept, the new version beating and running scripts', async (ctx) => {
    if (skipReason) return ctx.skip(skipReason);
    const good = patched([[VERSION_MARK, VERSION_MARK.replace('1.0.0', '1.0.9')]]);
    const started = Date.now();
    const up = await api.post('/agent-versions/1.0.9/artifacts/linux/amd64', { token: system, rawBody: good, headers: { 'content-type': 'application/octet-stream' }, query: { sha256: sha(good) } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    console.log(`uploaded ${(good.length / 1048576).toFixed(1)} MiB through the upload route in ${Date.now() - started} ms`);
    expect((await api.patch('/agent-versions/1.0.9', { token: system, body: { promoted: true } })).status).toBe(200);
    invalidatePromotedRelease();

    const device = await updateState('1.0.9', 'updated');
    expect(device.agentUpdate.error).toBeNull();
    await agent!.eventually(async () => (await api.get(`/devices/${agent!.deviceId}`, { token: agent!.admin })).body.agentVersion === '1.0.9', 'the new binary beating');
    expect(sha(readFileSync(installed))).toBe(sha(good));
    expect(sha(readFileSync(`${installed}.prev`))).toBe(sha(binary));
    expect(existsSync(`${installed}.update-1.0.9`)).toBe(false);
    const result = await runScript('after-the-swap');
    expect(result).toMatchObject({ status: 'completed', exitCode: 0, stdout: 'after-the-swap\n' });
    expect((await run(installed, ['--version'], 30_000)).stdout.trim()).toContain('1.0.9');
  }, 240_000);
});
