// Releases registered by hand: an artifact streamed into the attachment store (the database, and a
// real S3-compatible server), hashed server-side against the declared SHA-256, signed with the
// release key, served byte for byte, listed and deleted; and the bundled agent registered at a
// server start never overriding the release an operator promoted.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { setEnv, startS3Server, type S3TestServer } from '../helpers/s3';
import { db, dbPool } from '@/lib/db';
import { crontab } from '@/worker/task-list';
import { ensureBundledAgentRegistered, resetAgentRegistration } from '@/lib/agent-releases/register-bundled-agent';
import { verifyArtifactSignature } from '@/lib/agent-releases/release-signing';
import { ARTIFACT_CHUNK_BYTES, purgeOrphanArtifactChunks } from '@/lib/agent-releases/artifact-store';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
let system: string;
let bundled: string;

/** An ELF-looking file of `size` bytes with varied content (so chunk order matters). */
function elf(size: number, seed = 1): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) b.writeUInt32LE(Math.imul(i + seed, 2654435761) >>> 0, Math.min(i, size - 4));
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]).copy(b);
  return b;
}

const upload = (version: string, os: string, arch: string, body: Uint8Array | ReadableStream<Uint8Array>, query: Record<string, string>, token = system, headers: Record<string, string> = { 'content-type': 'application/octet-stream' }) =>
  api.post(`/agent-versions/${version}/artifacts/${os}/${arch}`, { token, rawBody: body, headers, query });

beforeAll(async () => {
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  await ensureBundledAgentRegistered();
  bundled = (await api.get('/agent-versions/latest')).body.version;
});

describe('uploading an agent release', () => {
  it('streams a multi-chunk binary into the database, checks and signs it, and serves the same bytes', async () => {
    const file = elf(ARTIFACT_CHUNK_BYTES * 2 + 12_345);
    const res = await upload('7.1.0', 'linux', 'amd64', file, { sha256: sha(file).toUpperCase(), notes: 'Hand-built' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ version: '7.1.0', promoted: false, notes: 'Hand-built', rolloutPercent: 100 });
    const artifact = res.body.artifacts[0];
    expect(artifact).toMatchObject({ os: 'linux', arch: 'amd64', fileName: 'rmm-agent-7.1.0-linux-amd64', sha256: sha(file), size: file.length });
    const key = (await api.get('/agent-versions/signing-key')).body.publicKey;
    expect(verifyArtifactSignature(key, { version: '7.1.0', os: 'linux', arch: 'amd64', sha256: sha(file) }, artifact.signature)).toBe(true);

    const row = await db.agentArtifact.findUniqueOrThrow({ where: { version_os_arch: { version: '7.1.0', os: 'linux', arch: 'amd64' } } });
    expect(row.content.length).toBe(0);
    expect(await db.agentArtifactChunk.count({ where: { blobId: row.blobId! } })).toBe(3);

    const download = await api.get('/agents/download/linux/amd64?version=7.1.0');
    expect(download.status).toBe(200);
    expect(download.headers.get('x-checksum-sha256')).toBe(sha(file));
    expect(sha(download.bytes)).toBe(sha(file));
    expect(Buffer.from(download.bytes).equals(file)).toBe(true);

    // Listed and readable one by one; the promoted release is untouched.
    expect((await api.get('/agent-versions')).body.data.map((v: { version: string }) => v.version)).toContain('7.1.0');
    expect((await api.get('/agent-versions/7.1.0')).body.artifacts).toHaveLength(1);
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'agent_version.artifact.upload', targetId: '7.1.0' } });
    expect(audit.details).toMatchObject({ os: 'linux', arch: 'amd64', sha256: sha(file), storage: 'database', createdRelease: true });
  });

  it('refuses a wrong digest, a foreign file, an empty or multipart body, a duplicate and an oversized declaration, keeping nothing', async () => {
    const chunksBefore = await db.agentArtifactChunk.count();
    const file = elf(70_000, 2);
    const mismatch = await upload('7.2.0', 'linux', 'arm64', file, { sha256: 'ab'.repeat(32) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe('CHECKSUM_MISMATCH');
    expect(mismatch.body.error.message).toContain(sha(file));

    const exe = Buffer.concat([Buffer.from('MZ'), file.subarray(2)]);
    const foreign = await upload('7.2.0', 'linux', 'arm64', exe, { sha256: sha(exe) });
    expect(foreign.body.error.code).toBe('ARTIFACT_PLATFORM_MISMATCH');
    expect((await upload('7.2.0', 'windows', 'amd64', exe, { sha256: sha(exe) })).status).toBe(201);
    const bundle = Buffer.from('#!/usr/bin/env node\nconsole.log(1)\n');
    expect((await upload('7.2.0', 'linux', 'arm64', bundle, { sha256: sha(bundle), format: 'bundle' })).body.artifacts.find((a: { os: string; arch: string }) => a.arch === 'arm64').fileName).toBe('rmm-agent-7.2.0-linux-arm64.cjs');

    expect((await upload('7.2.0', 'linux', 'amd64', new Uint8Array(0), { sha256: sha(new Uint8Array(0)) })).body.error.code).toBe('EMPTY_ARTIFACT');
    expect((await upload('7.2.0', 'linux', 'amd64', file, { sha256: sha(file) }, system, { 'content-type': 'multipart/form-data; boundary=x' })).body.error.code).toBe('INVALID_ARTIFACT_BODY');
    const dup = await upload('7.2.0', 'windows', 'amd64', exe, { sha256: sha(exe) });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('AGENT_ARTIFACT_EXISTS');
    const big = await upload('7.2.0', 'linux', 'amd64', file, { sha256: sha(file) }, system, { 'content-type': 'application/octet-stream', 'content-length': String(257 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('AGENT_ARTIFACT_TOO_LARGE');
    expect((await upload('v7', 'linux', 'amd64', file, { sha256: sha(file) })).status).toBe(400);
    expect((await upload('7.2.0', 'solaris', 'amd64', file, { sha256: sha(file) })).status).toBe(404);
    expect((await upload('7.2.0', 'linux', 'amd64', file, { sha256: 'nope' })).status).toBe(400);
    // Only the two accepted uploads kept bytes (one chunk each).
    expect(await db.agentArtifactChunk.count()).toBe(chunksBefore + 2);
  });

  it('cuts off a streamed body past the limit without reading the rest', async () => {
    setEnv({ AGENT_ARTIFACT_MAX_MB: '8' });
    let pulled = 0;
    const piece = elf(1024 * 1024, 3);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(piece);
      },
    });
    const res = await upload('7.3.0', 'linux', 'amd64', endless, { sha256: 'cd'.repeat(32) });
    expect(res.status).toBe(413);
    setEnv({ AGENT_ARTIFACT_MAX_MB: undefined });
    expect(res.body.error.message).toContain('8 MiB');
    expect(pulled).toBeLessThan(12);
    expect(await db.agentVersion.findUnique({ where: { version: '7.3.0' } })).toBeNull();
  });

  it('is for system operators after MFA only', async () => {
    const file = elf(1000, 4);
    const partnerAdmin = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    expect((await upload('7.4.0', 'linux', 'amd64', file, { sha256: sha(file) }, partnerAdmin)).status).toBe(403);
    const noMfa = await tokenFor(await makePlatformAdmin());
    const res = await upload('7.4.0', 'linux', 'amd64', file, { sha256: sha(file) }, noMfa);
    expect(res.status).toBe(403);
    expect((await api.delete('/agent-versions/7.1.0', { token: partnerAdmin })).status).toBe(403);
  });

  it('deletes artifacts and releases, never the promoted one', async () => {
    const promoteEmpty = await api.patch('/agent-versions/7.2.0', { token: system, body: { promoted: true } });
    expect(promoteEmpty.status).toBe(200);
    expect((await api.delete('/agent-versions/7.2.0/artifacts/windows/amd64', { token: system })).body.error.code).toBe('AGENT_VERSION_PROMOTED');
    expect((await api.delete('/agent-versions/7.2.0', { token: system })).body.error.code).toBe('AGENT_VERSION_PROMOTED');
    const exe = Buffer.concat([Buffer.from('MZ'), elf(100, 5).subarray(2)]);
    expect((await upload('7.2.0', 'windows', 'arm64', exe, { sha256: sha(exe) })).body.error.code).toBe('AGENT_VERSION_PROMOTED');
    expect((await api.patch(`/agent-versions/${bundled}`, { token: system, body: { promoted: true } })).status).toBe(200);

    const row = await db.agentArtifact.findUniqueOrThrow({ where: { version_os_arch: { version: '7.1.0', os: 'linux', arch: 'amd64' } } });
    const del = await api.delete('/agent-versions/7.1.0/artifacts/linux/amd64', { token: system });
    expect(del.status).toBe(204);
    expect(await db.agentArtifactChunk.count({ where: { blobId: row.blobId! } })).toBe(0);
    expect((await api.get('/agents/download/linux/amd64?version=7.1.0')).status).toBe(404);
    expect((await api.delete('/agent-versions/7.1.0/artifacts/linux/amd64', { token: system })).status).toBe(404);
    // An empty release cannot be promoted.
    const empty = await api.patch('/agent-versions/7.1.0', { token: system, body: { promoted: true } });
    expect(empty.status).toBe(409);
    expect(empty.body.error.code).toBe('AGENT_VERSION_EMPTY');

    const blobIds = (await db.agentArtifact.findMany({ where: { version: '7.2.0' }, select: { blobId: true } })).map((a) => a.blobId!);
    expect((await api.delete('/agent-versions/7.2.0', { token: system })).status).toBe(204);
    expect(await db.agentArtifactChunk.count({ where: { blobId: { in: blobIds } } })).toBe(0);
    expect((await api.get('/agent-versions/7.2.0')).status).toBe(404);
    expect((await api.delete('/agent-versions/7.2.0', { token: system })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: { in: ['agent_version.artifact.delete', 'agent_version.delete'] }, targetId: { in: ['7.1.0', '7.2.0'] } } })).toBe(2);
  });
});

describe('chunks of an upload that never finished', () => {
  it('are purged after a day, and chunks of registered artifacts never are', async () => {
    const orphan = '00000000-0000-4000-8000-00000000c0de';
    await dbPool().query(`insert into agent_artifact_chunks (blob_id, seq, data, created_at) values ($1, 0, '\\x00', now() - interval '25 hours'), ($1, 1, '\\x00', now() - interval '25 hours')`, [orphan]);
    const fresh = '00000000-0000-4000-8000-00000000f00d';
    await dbPool().query(`insert into agent_artifact_chunks (blob_id, seq, data) values ($1, 0, '\\x00')`, [fresh]);
    const file = elf(1000, 9);
    expect((await upload('7.6.0', 'linux', 'amd64', file, { sha256: sha(file) })).status).toBe(201);
    const kept = (await db.agentArtifact.findUniqueOrThrow({ where: { version_os_arch: { version: '7.6.0', os: 'linux', arch: 'amd64' } } })).blobId!;
    await dbPool().query(`update agent_artifact_chunks set created_at = now() - interval '30 days' where blob_id = $1`, [kept]);

    expect(await purgeOrphanArtifactChunks()).toBe(2);
    expect(await db.agentArtifactChunk.count({ where: { blobId: orphan } })).toBe(0);
    expect(await db.agentArtifactChunk.count({ where: { blobId: fresh } })).toBe(1);
    expect(await db.agentArtifactChunk.count({ where: { blobId: kept } })).toBe(1);
    expect(sha((await api.get('/agents/download/linux/amd64?version=7.6.0')).bytes)).toBe(sha(file));
    await db.agentArtifactChunk.deleteMany({ where: { blobId: fresh } });
    // The worker runs the purge hourly.
    expect(crontab).toContain('25 * * * * purge_orphan_agent_chunks');
  });
});

describe('uploading into S3', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    s3 = await startS3Server();
    setEnv(s3.env);
  });
  afterAll(async () => {
    setEnv(Object.fromEntries(Object.keys(s3.env).map((k) => [k, undefined])));
    await s3.stop();
  });

  it('writes the object in parts and serves it from the bucket', async () => {
    const file = elf(8 * 1024 * 1024 + 777, 6);
    const res = await upload('7.5.0', 'linux', 'amd64', file, { sha256: sha(file) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await db.agentArtifact.findUniqueOrThrow({ where: { version_os_arch: { version: '7.5.0', os: 'linux', arch: 'amd64' } } });
    expect(row.blobId).toBeNull();
    expect(row.storageBucket).toBe(s3.bucket);
    expect(sha((await s3.getObject(row.storageKey!))!)).toBe(sha(file));
    const download = await api.get('/agents/download/linux/amd64?version=7.5.0');
    expect(sha(download.bytes)).toBe(sha(file));

    // A refused upload leaves no object behind; a deleted artifact takes its object with it.
    const bad = await upload('7.5.0', 'linux', 'arm64', file, { sha256: 'ef'.repeat(32) });
    expect(bad.body.error.code).toBe('CHECKSUM_MISMATCH');
    expect((await api.delete('/agent-versions/7.5.0/artifacts/linux/amd64', { token: system })).status).toBe(204);
    expect(await s3.getObject(row.storageKey!)).toBeNull();
  });
});

describe('the bundled agent at a server start', () => {
  it('promotes itself over an older release the server chose, but never over an operator’s choice or an unpromoted upload', async () => {
    const older = Buffer.concat([Buffer.from('#!'), elf(64, 7).subarray(2)]);
    // A newer release uploaded but not promoted: a restart leaves the bundled one promoted.
    const newer = elf(2048, 8);
    expect((await upload('99.0.0', 'linux', 'amd64', newer, { sha256: sha(newer) })).status).toBe(201);
    resetAgentRegistration();
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);

    // An older release the operator promoted stays promoted across restarts.
    expect((await upload('0.0.1', 'linux', 'amd64', older, { sha256: sha(older), format: 'bundle' })).status).toBe(201);
    expect((await api.patch('/agent-versions/0.0.1', { token: system, body: { promoted: true } })).status).toBe(200);
    resetAgentRegistration();
    expect((await api.get('/agent-versions/latest')).body.version).toBe('0.0.1');
    resetAgentRegistration();
    expect((await api.get('/agent-versions')).body.data.filter((v: { promoted: boolean }) => v.promoted).map((v: { version: string }) => v.version)).toEqual(['0.0.1']);

    // Promoting the bundled one again is also an operator's choice: the newer upload stays aside.
    expect((await api.patch(`/agent-versions/${bundled}`, { token: system, body: { promoted: true } })).status).toBe(200);
    resetAgentRegistration();
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);

    // A release an earlier server start promoted (no operator choice) gives way to a newer bundle.
    await db.agentVersion.updateMany({ data: { promoted: false, promotedByOperatorAt: null } });
    await db.agentVersion.update({ where: { version: '0.0.1' }, data: { promoted: true } });
    resetAgentRegistration();
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);
    // And with nothing promoted at all, the bundled release is.
    await db.agentVersion.updateMany({ data: { promoted: false } });
    resetAgentRegistration();
    expect((await api.get('/agent-versions/latest')).body.version).toBe(bundled);
  });
});
