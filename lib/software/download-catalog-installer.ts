// GET /software/catalog/:id/versions/:versionId/installer: the installer bytes, with their
// SHA-256 in the ETag and an X-Checksum-SHA256 header so a downloader can verify them.
import { db } from '@/lib/db';
import type { ActorContext, AgentContext } from '@/lib/auth/context';
import type { SoftwarePackageVersion } from '@/lib/generated/prisma/client';
import { notFound, unavailable } from '@/lib/http/errors';
import { getObjectStream } from '@/lib/storage/object-storage';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';

export async function downloadCatalogInstaller(ctx: ActorContext, id: string, versionId: string): Promise<Response> {
  const pkg = await getCatalogPackageOrThrow(ctx, id);
  const v = await db.softwarePackageVersion.findFirst({ where: { id: versionId, packageId: pkg.id } });
  if (!v) throw notFound('Software package version');
  return serveInstaller(v);
}

/**
 * GET /agents/:agentId/software/installers/:versionId: the same bytes for a device agent, of a
 * live package of its partner or of the system catalog. The agent checks them against the
 * SHA-256 its command carries, not against this answer's headers.
 */
export async function downloadInstallerForAgent(ctx: AgentContext, versionId: string): Promise<Response> {
  const v = await db.softwarePackageVersion.findFirst({
    where: { id: versionId, package: { deletedAt: null, OR: [{ partnerId: ctx.partnerId }, { partnerId: null }] } },
  });
  if (!v) throw notFound('Software package version');
  return serveInstaller(v);
}

async function serveInstaller(v: SoftwarePackageVersion): Promise<Response> {
  if (!v.installerSha256) throw notFound('Installer');
  let body: BodyInit;
  if (v.installerStorage === 's3') {
    if (!v.installerBucket || !v.installerKey) throw unavailable('Installer storage location is missing', 'STORAGE_UNAVAILABLE');
    body = await getObjectStream(v.installerBucket, v.installerKey);
  } else {
    const blob = await db.softwareInstallerBlob.findUnique({ where: { versionId: v.id } });
    if (!blob) throw unavailable('Installer bytes are not available', 'STORAGE_UNAVAILABLE');
    body = Buffer.from(blob.data);
  }
  const name = (v.installerFileName ?? 'installer').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(v.installerSizeBytes ?? 0),
      'content-disposition': `attachment; filename="${name}"`,
      etag: `"${v.installerSha256}"`,
      'x-checksum-sha256': v.installerSha256,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
