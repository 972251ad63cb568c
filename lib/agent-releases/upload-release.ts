// Releases an operator registers by hand (a build the server was not shipped with):
// POST /agent-versions/:version/artifacts/:os/:arch streams one artifact into the attachment
// store while hashing it, checks the SHA-256 the operator declared, signs it with the release key
// and registers it (creating the release, unpromoted, on its first artifact). Artifacts never
// change under a version: a new build is a new version, or a deleted artifact uploaded again
// while the release is not promoted. Promotion stays PATCH /agent-versions/:version.
import { z } from 'zod';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { AuthContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { AppError, badRequest, conflict, notFound } from '@/lib/http/errors';
import { parseOrThrow } from '@/lib/http/parse-input';
import { readRawUpload, refuseUnsuitableUpload } from '@/lib/http/raw-upload';
import { OS_TYPES } from '@/lib/agents/schemas';
import { AGENT_ARCHES } from '@/lib/agent-releases/schemas';
import { ZReleaseVersion } from '@/lib/agent-releases/release-versions';
import { signArtifact } from '@/lib/agent-releases/release-signing';
import { invalidatePromotedRelease } from '@/lib/agent-releases/update-offer';
import { getAgentVersion } from '@/lib/agent-releases/agent-versions';
import { openArtifactWriter, removeArtifactBytes, type ArtifactLocation } from '@/lib/agent-releases/artifact-store';

/** A single executable is the Node runtime (about 120 MB) plus the agent: 256 MiB by default. */
export const maxArtifactBytes = () => env().AGENT_ARTIFACT_MAX_MB * 1024 * 1024;

export const ZArtifactParams = z.object({
  version: z.string().describe('A semantic version such as 1.2.3 (checked by the handler: 400 when malformed)'),
  os: z.enum(OS_TYPES),
  arch: z.enum(AGENT_ARCHES),
});

export const ZArtifactUploadQuery = z
  .object({
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'A SHA-256 digest: 64 hexadecimal characters')
      .transform((s) => s.toLowerCase())
      .describe('The SHA-256 of the file as built: the server hashes what it receives and refuses any other bytes'),
    format: z.enum(['binary', 'bundle']).default('binary').describe('`binary`: a single executable for the platform (its header is checked); `bundle`: the JavaScript agent run by an installed Node.js'),
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[A-Za-z0-9._+-]+$/, 'Letters, digits, dot, underscore, plus and hyphen only')
      .optional()
      .describe('The download file name; default rmm-agent-<version>-<os>-<arch>[.exe] (.cjs for a bundle)'),
    notes: z.string().trim().max(2000).optional().describe('Release notes, stored when this upload creates the release'),
  })
  .strict();
export type ArtifactUploadQuery = z.infer<typeof ZArtifactUploadQuery>;

const tooLarge = () => new AppError('AGENT_ARTIFACT_TOO_LARGE', 413, `Agent artifacts are limited to ${env().AGENT_ARTIFACT_MAX_MB} MiB`);
const exists = (version: string, os: string, arch: string) =>
  conflict(`Agent ${version} already has an artifact for ${os}/${arch}; artifacts never change under a version (delete it first while the release is not promoted, or register a new version)`, 'AGENT_ARTIFACT_EXISTS');
const promotedRelease = (version: string) => conflict(`Agent ${version} is the promoted release; promote another release first`, 'AGENT_VERSION_PROMOTED');

/** Whether the first bytes are an executable of the platform (ELF, PE, Mach-O) or a script. */
function headerMatches(os: string, format: 'binary' | 'bundle', head: Buffer): boolean {
  if (format === 'bundle') return head.subarray(0, 2).toString('latin1') === '#!';
  if (os === 'linux') return head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  if (os === 'windows') return head.subarray(0, 2).toString('latin1') === 'MZ';
  const magic = head.length >= 4 ? head.readUInt32BE(0) : 0;
  return [0xcffaedfe, 0xcefaedfe, 0xcafebabe].includes(magic);
}

async function assertUploadable(version: string, os: string, arch: string): Promise<void> {
  const release = await db.agentVersion.findUnique({ where: { version }, select: { promoted: true, artifacts: { where: { os: os as (typeof OS_TYPES)[number], arch }, select: { os: true } } } });
  if (release?.artifacts.length) throw exists(version, os, arch);
  if (release?.promoted) throw promotedRelease(version);
}

export async function uploadAgentArtifact(ctx: AuthContext, params: z.infer<typeof ZArtifactParams>, query: ArtifactUploadQuery, req: Request) {
  const version = parseOrThrow(ZReleaseVersion, params.version, 'version');
  const { os, arch } = params;
  // Cheap refusals before a byte of the body is read.
  const maxBytes = maxArtifactBytes();
  refuseUnsuitableUpload(req, { what: 'artifact', code: 'INVALID_ARTIFACT_BODY', maxBytes, tooLarge });
  await assertUploadable(version, os, arch);

  const contentType = query.format === 'bundle' ? 'application/javascript' : 'application/octet-stream';
  const fileName = query.fileName ?? `rmm-agent-${version}-${os}-${arch}${query.format === 'bundle' ? '.cjs' : os === 'windows' ? '.exe' : ''}`;
  const writer = await openArtifactWriter(version, os, arch, contentType);
  let location: ArtifactLocation | null = writer.location;
  try {
    let head = Buffer.alloc(0);
    const { size, sha256 } = await readRawUpload(req, {
      maxBytes,
      tooLarge,
      onChunk: async (value) => {
        if (head.length < 4) {
          head = Buffer.concat([head, Buffer.from(value.subarray(0, 4))]).subarray(0, 4);
          if (head.length === 4 && !headerMatches(os, query.format, head)) {
            throw badRequest(`The file is not ${query.format === 'bundle' ? 'a JavaScript agent bundle (#!)' : `an executable for ${os}`}`, [{ path: 'body', message: 'Unexpected file header' }], 'ARTIFACT_PLATFORM_MISMATCH');
          }
        }
        await writer.write(value);
      },
    });
    if (size === 0) throw badRequest('The artifact is empty', [{ path: 'body', message: 'No bytes received' }], 'EMPTY_ARTIFACT');
    if (head.length < 4 && !headerMatches(os, query.format, head)) {
      throw badRequest(`The file is not an agent artifact for ${os}`, [{ path: 'body', message: 'Unexpected file header' }], 'ARTIFACT_PLATFORM_MISMATCH');
    }
    if (sha256 !== query.sha256) {
      throw badRequest(`The uploaded bytes hash to ${sha256}, not the declared ${query.sha256}`, [{ path: 'sha256', message: 'Checksum mismatch' }], 'CHECKSUM_MISMATCH');
    }
    await writer.finish();
    const signature = await signArtifact({ version, os, arch, sha256 });
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
      const release = await tx.agentVersion.findUnique({ where: { version }, select: { promoted: true, artifacts: { where: { os, arch }, select: { os: true } } } });
      if (release?.artifacts.length) throw exists(version, os, arch);
      if (release?.promoted) throw promotedRelease(version);
      if (!release) await tx.agentVersion.create({ data: { version, notes: query.notes ?? null } });
      await tx.agentArtifact.create({
        data: { version, os, arch, fileName, contentType, sha256, size, content: new Uint8Array(0), signature, ...writer.location },
      });
      await writeAudit(ctx, {
        action: 'agent_version.artifact.upload',
        targetType: 'agent_version',
        targetId: version,
        partnerId: null,
        orgId: null,
        details: { os, arch, fileName, format: query.format, sizeBytes: size, sha256, storage: writer.location.storageBucket ? 's3' : 'database', createdRelease: !release },
      }, tx);
    });
    location = null;
  } finally {
    if (location) await writer.discard();
  }
  invalidatePromotedRelease();
  return getAgentVersion(version);
}

/** DELETE /agent-versions/:version/artifacts/:os/:arch — not from the promoted release. */
export async function deleteAgentArtifact(ctx: AuthContext, params: z.infer<typeof ZArtifactParams>): Promise<void> {
  const version = parseOrThrow(ZReleaseVersion, params.version, 'version');
  const { os, arch } = params;
  const removed = await db.$transaction(async (tx) => {
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
    const artifact = await tx.agentArtifact.findUnique({ where: { version_os_arch: { version, os, arch } }, select: { sha256: true, fileName: true, storageBucket: true, storageKey: true, blobId: true, release: { select: { promoted: true } } } });
    if (!artifact) throw notFound(`Agent ${version} artifact for ${os}/${arch}`);
    if (artifact.release.promoted) throw promotedRelease(version);
    await tx.agentArtifact.delete({ where: { version_os_arch: { version, os, arch } } });
    await writeAudit(ctx, { action: 'agent_version.artifact.delete', targetType: 'agent_version', targetId: version, partnerId: null, orgId: null, details: { os, arch, fileName: artifact.fileName, sha256: artifact.sha256 } }, tx);
    return artifact;
  });
  await removeArtifactBytes(removed);
}

/** DELETE /agent-versions/:version — a release that is not promoted, with its artifacts. */
export async function deleteAgentVersion(ctx: AuthContext, rawVersion: string): Promise<void> {
  const version = parseOrThrow(ZReleaseVersion, rawVersion, 'version');
  const removed = await db.$transaction(async (tx) => {
    await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended('agent-release-registration', 0))`;
    const release = await tx.agentVersion.findUnique({ where: { version }, select: { promoted: true, artifacts: { select: { os: true, arch: true, storageBucket: true, storageKey: true, blobId: true } } } });
    if (!release) throw notFound(`Agent version ${version}`);
    if (release.promoted) throw promotedRelease(version);
    await tx.agentVersion.delete({ where: { version } });
    await writeAudit(ctx, { action: 'agent_version.delete', targetType: 'agent_version', targetId: version, partnerId: null, orgId: null, details: { artifacts: release.artifacts.map((a) => `${a.os}/${a.arch}`) } }, tx);
    return release.artifacts;
  });
  for (const a of removed) await removeArtifactBytes(a);
}
