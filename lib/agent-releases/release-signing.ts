// The server's Ed25519 release key and the artifact signatures made with it. Agents store the
// public key at enrollment and refuse any update whose signature does not verify, so a download
// path that serves other bytes (a compromised mirror or proxy) cannot push code to the fleet.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { db } from '@/lib/db';
import { decryptSecret, encryptSecret } from '@/lib/auth/secrets';
import { releaseSignatureMessage } from '@/lib/agent-releases/update-wire';

export { releaseSignatureMessage };

export interface ReleaseKey {
  /** SPKI DER, base64: what agents store (`releaseSigningKey` in agent.yaml). */
  publicKey: string;
  privateKey: KeyObject;
}

let cached: Promise<ReleaseKey> | undefined;

async function loadOrCreate(): Promise<ReleaseKey> {
  const pair = generateKeyPairSync('ed25519');
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const sealed = encryptSecret(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  // Concurrent processes may all generate a pair: the first insert wins and everyone reads it.
  await db.$executeRaw`insert into agent_release_keys (id, public_key, private_key_sealed) values (1, ${publicKey}, ${sealed}) on conflict (id) do nothing`;
  const row = await db.agentReleaseKey.findUniqueOrThrow({ where: { id: 1 } });
  return { publicKey: row.publicKey, privateKey: createPrivateKey(decryptSecret(row.privateKeySealed)) };
}

/** The release key, created on first use. */
export function releaseKey(): Promise<ReleaseKey> {
  cached ??= loadOrCreate().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The public key as PEM (SPKI), as the install scripts embed it for `openssl pkeyutl -verify`. */
export async function releasePublicKeyPem(): Promise<string> {
  const { publicKey } = await releaseKey();
  return createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }).export({ type: 'spki', format: 'pem' }) as string;
}

/** Tests: forget the key read from a previous database. */
export function resetReleaseKeyCache(): void {
  cached = undefined;
}

export async function signArtifact(a: { version: string; os: string; arch: string; sha256: string }): Promise<string> {
  const { privateKey } = await releaseKey();
  return sign(null, Buffer.from(releaseSignatureMessage(a)), privateKey).toString('base64');
}

/** Verification as the agent does it (agent/src/updater.ts), for tests and diagnostics. */
export function verifyArtifactSignature(publicKeyBase64: string, a: { version: string; os: string; arch: string; sha256: string }, signature: string): boolean {
  const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(releaseSignatureMessage(a)), key, Buffer.from(signature, 'base64'));
}
