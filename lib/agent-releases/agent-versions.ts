import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { db } from '@/lib/db';
import { publicBaseUrl } from '@/lib/public-url';
import { notFound, unavailable } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { parseOrThrow } from '@/lib/http/parse-input';
import type { OS_TYPES } from '@/lib/agents/schemas';
import type { TAgentVersion } from '@/lib/agent-releases/schemas';
import { compareReleases, ZReleaseVersion } from '@/lib/agent-releases/release-versions';
import { ensureBundledAgentRegistered } from '@/lib/agent-releases/register-bundled-agent';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { readArtifactBytes, type ArtifactLocation } from '@/lib/agent-releases/artifact-store';

const select = { version: true, promoted: true, releasedAt: true, notes: true, rolloutPercent: true, rolloutGroupIds: true, artifacts: { select: { os: true, arch: true, fileName: true, sha256: true, size: true, signature: true } } } as const;

function toDto(v: { version: string; promoted: boolean; releasedAt: Date; notes: string | null; rolloutPercent: number; rolloutGroupIds: string[]; artifacts: { os: string; arch: string; fileName: string; sha256: string; size: number; signature: string | null }[] }): TAgentVersion {
  const base = publicBaseUrl();
  return {
    version: v.version,
    promoted: v.promoted,
    releasedAt: v.releasedAt.toISOString(),
    notes: v.notes,
    rolloutPercent: v.rolloutPercent,
    rolloutGroupIds: v.rolloutGroupIds,
    artifacts: v.artifacts.map((a) => ({
      os: a.os as TAgentVersion['artifacts'][number]['os'],
      arch: a.arch as TAgentVersion['artifacts'][number]['arch'],
      fileName: a.fileName,
      sha256: a.sha256,
      size: a.size,
      signature: a.signature,
      downloadUrl: `${base}/api/v1/agents/download/${a.os}/${a.arch}?version=${encodeURIComponent(v.version)}`,
    })),
  };
}

export async function listAgentVersions() {
  await ensureBundledAgentRegistered();
  const rows = await db.agentVersion.findMany({ select });
  return { data: rows.sort((a, b) => compareReleases(b, a)).map(toDto) };
}

export async function getAgentVersion(version: string) {
  const row = await db.agentVersion.findUnique({ where: { version }, select });
  if (!row) throw notFound(`Agent version ${version}`);
  return toDto(row);
}

export async function latestAgentVersion() {
  await ensureBundledAgentRegistered();
  const row = await db.agentVersion.findFirst({ where: { promoted: true }, select });
  if (!row) throw notFound('Agent release');
  return toDto(row);
}

/**
 * The artifact of an exact registered version, or of the promoted release. 400 when `version` is
 * not a semantic version, 404 when it is not registered.
 */
export async function findAgentArtifact(os: string, arch: string, requested?: string) {
  const version = requested === undefined ? undefined : parseOrThrow(ZReleaseVersion, requested, 'version');
  await ensureBundledAgentRegistered();
  const artifact = await db.agentArtifact.findFirst({
    where: { os: os as (typeof OS_TYPES)[number], arch, release: version ? { version } : { promoted: true } },
  });
  if (!artifact) throw notFound(version ? `Agent version ${version}` : 'Agent release');
  return artifact;
}

// Files already hashed, by path: re-hashed only when their size or mtime changes.
const verifiedFiles = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

async function fileSha256(file: string, size: number, mtimeMs: number): Promise<string> {
  const known = verifiedFiles.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.sha256;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  verifiedFiles.set(file, { size, mtimeMs, sha256 });
  return sha256;
}

/**
 * The body of an artifact: its stored content, or its file (a single-executable binary) when the
 * file still holds exactly the registered bytes — 503 otherwise, never a different file.
 */
async function artifactBody(a: { version: string; sha256: string; content: Uint8Array; filePath?: string | null } & Partial<ArtifactLocation>): Promise<BodyInit> {
  if (a.blobId || a.storageKey) {
    // Uploaded: streamed from the attachment store (its digest was checked as it arrived).
    const location = { storageBucket: a.storageBucket ?? null, storageKey: a.storageKey ?? null, blobId: a.blobId ?? null };
    const stream = a.blobId && !(await db.agentArtifactChunk.findFirst({ where: { blobId: a.blobId }, select: { seq: true } })) ? null : await readArtifactBytes(location);
    if (!stream) throw unavailable(`The agent ${a.version} artifact bytes are missing from the attachment store`, 'AGENT_BINARY_UNAVAILABLE');
    return stream;
  }
  if (!a.filePath) return new Uint8Array(a.content);
  const info = await stat(a.filePath).catch(() => null);
  const actual = info ? await fileSha256(a.filePath, info.size, info.mtimeMs) : null;
  if (actual !== a.sha256) {
    logger.error({ version: a.version, file: a.filePath, expected: a.sha256, actual }, 'agent binary missing or changed since it was registered');
    throw unavailable(`The agent ${a.version} binary is not available on this server; rebuild it (npm run build:agent-binaries)`, 'AGENT_BINARY_UNAVAILABLE');
  }
  return Readable.toWeb(createReadStream(a.filePath)) as ReadableStream<Uint8Array>;
}

export async function artifactResponse(a: { version: string; os?: string; arch?: string; fileName: string; contentType: string; sha256: string; size: number; content: Uint8Array; filePath?: string | null; signature?: string | null } & Partial<ArtifactLocation>): Promise<Response> {
  // Artifacts registered before releases were signed are signed on first download.
  let signature = a.signature ?? null;
  if (!signature && a.os && a.arch) {
    signature = await signArtifact({ version: a.version, os: a.os, arch: a.arch, sha256: a.sha256 });
    await db.agentArtifact.updateMany({ where: { version: a.version, os: a.os as (typeof OS_TYPES)[number], arch: a.arch, sha256: a.sha256, signature: null }, data: { signature } });
  }
  return new Response(await artifactBody(a), {
    status: 200,
    headers: {
      'content-type': a.contentType,
      'content-length': String(a.size),
      'content-disposition': `attachment; filename="${a.fileName}"`,
      'x-agent-version': a.version,
      'x-checksum-sha256': a.sha256,
      ...(signature ? { 'x-agent-signature': signature } : {}),
      'cache-control': 'no-store',
    },
  });
}
