// Self-update end to end with the real agent: it refuses a release whose bytes do not match the
// signed digest or whose signature is not the server's, rolls back a release that never
// heartbeats, and takes a good one (the next beats report the new version). The agent runs from a
// copy of the bundle, since an update replaces the file it runs.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePlatformAdmin, tokenFor } from '../helpers/factories';
import { AGENT_BUNDLE, startRealAgent, stopUpdatingAgent, type RealAgent } from '../helpers/real-agent';
import { db } from '@/lib/db';
import { ensureBundledAgentRegistered } from '@/lib/agent-releases/register-bundled-agent';
import { registerAgentRelease } from '@/lib/agent-releases/manage-releases';
import { releaseSignatureMessage, verifyArtifactSignature } from '@/lib/agent-releases/release-signing';

let agent: RealAgent;
let system: string;
let dataDir: string;
let installed: string;
const original = readFileSync(AGENT_BUNDLE, 'utf8');
const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

function bundleOf(version: string, prelude = ''): string {
  const marker = 'var AGENT_VERSION = "1.0.0";';
  expect(original).toContain(marker);
  const text = original.replace(marker, `var AGENT_VERSION = "${version}";`);
  if (!prelude) return text;
  // After the shebang and "use strict": CommonJS allows a top-level return.
  const lines = text.split('\n');
  lines.splice(2, 0, prelude);
  return lines.join('\n');
}

async function register(version: string, content: string, rolloutPercent: number) {
  await registerAgentRelease({
    version,
    promoted: true,
    rolloutPercent,
    artifacts: (['amd64', 'arm64'] as const).map((arch) => ({ os: 'linux' as const, arch, fileName: `rmm-agent-${version}.cjs`, contentType: 'application/javascript', content: Buffer.from(content) })),
  });
}

async function rollOut(version: string) {
  const res = await api.patch(`/agent-versions/${version}`, { token: system, body: { rolloutPercent: 100 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ version, promoted: true, rolloutPercent: 100 });
}

async function updateState(version: string, state: string) {
  return agent.eventually(async () => {
    const d = (await api.get(`/devices/${agent.deviceId}`, { token: agent.admin })).body;
    return d.agentUpdate?.version === version && d.agentUpdate.state === state ? d : null;
  }, `${state} for ${version}`, 60_000);
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-update-'));
  mkdirSync(path.join(dir, 'install'));
  installed = path.join(dir, 'install', 'rmm-agent.cjs');
  copyFileSync(AGENT_BUNDLE, installed);
  dataDir = path.join(dir, 'data');
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  await ensureBundledAgentRegistered();
  agent = await startRealAgent(dataDir, { bundle: installed, env: { RMM_AGENT_UPDATE_TRIAL_SECONDS: '8' } });
}, 120_000);

afterAll(() => stopUpdatingAgent(agent, dataDir));

describe('agent self-update', () => {
  it('stores the release key at enrollment and every registered artifact is signed with it', async () => {
    const key = (await api.get('/agent-versions/signing-key')).body;
    expect(key.algorithm).toBe('ed25519');
    expect(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8')).toContain(`releaseSigningKey: "${key.publicKey}"`);
    const versions = (await api.get('/agent-versions')).body.data;
    const a = versions[0].artifacts[0];
    expect(verifyArtifactSignature(key.publicKey, { version: versions[0].version, ...a }, a.signature)).toBe(true);
  });

  it('only system operators steer rollouts', async () => {
    expect((await api.patch('/agent-versions/1.0.0', { token: agent.admin, body: { rolloutPercent: 50 } })).status).toBe(403);
    expect((await api.patch('/agent-versions/1.0.0', { token: system, body: {} })).status).toBe(400);
    expect((await api.patch('/agent-versions/9.9.9', { token: system, body: { rolloutPercent: 5 } })).status).toBe(404);
    expect((await api.patch('/agent-versions/not-a-version', { token: system, body: { rolloutPercent: 5 } })).status).toBe(400);
    expect((await api.patch('/agent-versions/1.0.0', { token: system, body: { rolloutPercent: 101 } })).status).toBe(400);
  });

  it('refuses an artifact whose bytes changed after signing, and one signed with another key', async () => {
    const before = sha(readFileSync(installed));
    // Changed after signing: same size, one byte different, so only the digest tells.
    const good = bundleOf('1.0.1');
    await register('1.0.1', good, 0);
    const tampered = Buffer.from(good);
    tampered[tampered.length - 2] ^= 1;
    await db.agentArtifact.updateMany({ where: { version: '1.0.1' }, data: { content: new Uint8Array(tampered) } });
    await rollOut('1.0.1');
    const refused = await updateState('1.0.1', 'failed');
    expect(refused.agentUpdate.error).toMatch(/SHA-256 mismatch/);

    // Intact bytes, but a signature by a key that is not the server's.
    const content = bundleOf('1.0.2');
    await register('1.0.2', content, 0);
    const other = generateKeyPairSync('ed25519').privateKey;
    for (const arch of ['amd64', 'arm64']) {
      const signature = sign(null, Buffer.from(releaseSignatureMessage({ version: '1.0.2', os: 'linux', arch, sha256: sha(content) })), other).toString('base64');
      await db.agentArtifact.update({ where: { version_os_arch: { version: '1.0.2', os: 'linux', arch } }, data: { signature } });
    }
    await rollOut('1.0.2');
    const forged = await updateState('1.0.2', 'failed');
    expect(forged.agentUpdate.error).toMatch(/signature/);

    expect(sha(readFileSync(installed))).toBe(before);
    expect(readdirSync(path.dirname(installed))).toEqual(['rmm-agent.cjs']);
    expect(forged.agentVersion).toBe('1.0.0');
  });

  it('rolls back a release that never heartbeats and keeps running the old one', async () => {
    const before = sha(readFileSync(installed));
    await register('1.0.3', bundleOf('1.0.3', 'setInterval(() => {}, 60000); return;'), 100);
    await updateState('1.0.3', 'trial');
    const rolledBack = await updateState('1.0.3', 'rolled_back');
    expect(rolledBack.agentUpdate.error).toMatch(/did not confirm a heartbeat/);
    expect(sha(readFileSync(installed))).toBe(before);
    expect(readdirSync(path.dirname(installed))).toEqual(['rmm-agent.cjs']);
    // The stable version beats again after the trial.
    const since = Date.now();
    await agent.eventually(async () => {
      const d = (await api.get(`/devices/${agent.deviceId}`, { token: agent.admin })).body;
      return d.agentVersion === '1.0.0' && Date.parse(d.lastSeenAt) > since;
    }, 'the stable agent beating again');
  });

  it('takes a good release: swapped in, the previous file kept, the next beats report the new version', async () => {
    const previous = readFileSync(installed);
    const content = bundleOf('1.0.4');
    await register('1.0.4', content, 100);
    const device = await updateState('1.0.4', 'updated');
    await agent.eventually(async () => (await api.get(`/devices/${agent.deviceId}`, { token: agent.admin })).body.agentVersion === '1.0.4', 'the new version beating');
    expect(device.agentUpdate.error).toBeNull();
    expect(sha(readFileSync(installed))).toBe(sha(content));
    expect(readFileSync(`${installed}.prev`).equals(previous)).toBe(true);
    expect(existsSync(`${installed}.update-1.0.4`)).toBe(false);
    // Still beating as 1.0.4 a beat later (the old process has gone, the new one carries on).
    const since = Date.now();
    const later = await agent.eventually(async () => {
      const d = (await api.get(`/devices/${agent.deviceId}`, { token: agent.admin })).body;
      return Date.parse(d.lastSeenAt) > since + 1000 ? d : null;
    }, 'a later beat');
    expect(later.agentVersion).toBe('1.0.4');

    // Versions across the fleet, for system operators only.
    const fleet = await api.get('/agent-versions/fleet', { token: system });
    expect(fleet.status).toBe(200);
    expect(fleet.body.data).toContainEqual(expect.objectContaining({ version: '1.0.4', devices: 1, updating: 0, failed: 0, rolledBack: 0 }));
    expect((await api.get('/agent-versions/fleet', { token: agent.admin })).status).toBe(403);
  });
});
