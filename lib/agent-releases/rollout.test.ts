import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inRollout, rolloutBucket } from '@/lib/agent-releases/rollout';
import { releaseSignatureMessage } from '@/lib/agent-releases/release-signing';
import { signatureValid } from '../../agent/src/updater';

describe('rollout buckets', () => {
  it('are stable per device, in 0..99, and spread over the fleet', () => {
    const id = '3f2a1c9e-7b4d-4e21-9a55-0c8d2e6f1b7a';
    expect(rolloutBucket(id)).toBe(rolloutBucket(id.toUpperCase()));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const b = rolloutBucket(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(100);
      counts[Math.floor(b / 10)]++;
    }
    // Each tenth of the buckets holds roughly a tenth of the devices.
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('admits a device below the percentage or in a rollout group', () => {
    expect(inRollout(9, 10, [], [])).toBe(true);
    expect(inRollout(10, 10, [], [])).toBe(false);
    expect(inRollout(0, 0, [], [])).toBe(false);
    expect(inRollout(99, 100, [], [])).toBe(true);
    expect(inRollout(50, 10, ['g1'], ['g2'])).toBe(false);
    expect(inRollout(50, 10, ['g1', 'g2'], ['g2'])).toBe(true);
  });
});

describe('release signatures', () => {
  const artifact = { version: '1.2.3', os: 'linux', arch: 'amd64', sha256: 'AB'.repeat(32) };

  it('sign one message shared by server and agent', () => {
    expect(releaseSignatureMessage(artifact)).toBe(`rmm-agent-release:v1:1.2.3:linux:amd64:${'ab'.repeat(32)}`);
  });

  it('verify on the agent only for the same key and the same version, platform and digest', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pub = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const signature = sign(null, Buffer.from(releaseSignatureMessage(artifact)), privateKey).toString('base64');
    expect(signatureValid(pub, { ...artifact, signature })).toBe(true);
    expect(signatureValid(pub, { ...artifact, version: '1.2.4', signature })).toBe(false);
    expect(signatureValid(pub, { ...artifact, arch: 'arm64', signature })).toBe(false);
    expect(signatureValid(pub, { ...artifact, sha256: 'cd'.repeat(32), signature })).toBe(false);
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(signatureValid(other, { ...artifact, signature })).toBe(false);
    expect(signatureValid('not a key', { ...artifact, signature })).toBe(false);
  });
});
