import { db } from '@/lib/db';
import { publicBaseUrl } from '@/lib/public-url';
import { notFound } from '@/lib/http/errors';
import { parseOrThrow } from '@/lib/http/parse-input';
import type { OS_TYPES } from '@/lib/agents/schemas';
import type { TAgentVersion } from '@/lib/agent-releases/schemas';
import { compareReleases, ZReleaseVersion } from '@/lib/agent-releases/release-versions';
import { ensureBundledAgentRegistered } from '@/lib/agent-releases/register-bundled-agent';

const select = { version: true, promoted: true, releasedAt: true, notes: true, artifacts: { select: { os: true, arch: true, fileName: true, sha256: true, size: true } } } as const;

function toDto(v: { version: string; promoted: boolean; releasedAt: Date; notes: string | null; artifacts: { os: string; arch: string; fileName: string; sha256: string; size: number }[] }): TAgentVersion {
  const base = publicBaseUrl();
  return {
    version: v.version,
    promoted: v.promoted,
    releasedAt: v.releasedAt.toISOString(),
    notes: v.notes,
    artifacts: v.artifacts.map((a) => ({
      os: a.os as TAgentVersion['artifacts'][number]['os'],
      arch: a.arch as TAgentVersion['artifacts'][number]['arch'],
      fileName: a.fileName,
      sha256: a.sha256,
      size: a.size,
      downloadUrl: `${base}/api/v1/agents/download/${a.os}/${a.arch}?version=${encodeURIComponent(v.version)}`,
    })),
  };
}

export async function listAgentVersions() {
  await ensureBundledAgentRegistered();
  const rows = await db.agentVersion.findMany({ select });
  return { data: rows.sort((a, b) => compareReleases(b, a)).map(toDto) };
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

export function artifactResponse(a: { version: string; fileName: string; contentType: string; sha256: string; content: Uint8Array }): Response {
  return new Response(new Uint8Array(a.content), {
    status: 200,
    headers: {
      'content-type': a.contentType,
      'content-disposition': `attachment; filename="${a.fileName}"`,
      'x-agent-version': a.version,
      'x-checksum-sha256': a.sha256,
      'cache-control': 'no-store',
    },
  });
}
