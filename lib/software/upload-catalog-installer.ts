// POST /software/catalog/:id/versions/:versionId/installer: the installer file of one version.
// The bytes go where ticket attachments go (the bucket when S3_BUCKET is configured, else inline
// in PostgreSQL) and are immutable once uploaded: the SHA-256 the agent verifies against never
// changes under a version. Cheap refusals come before the body is read.
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, badRequest, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { configuredBucket, deleteObject, putObject } from '@/lib/storage/object-storage';
import { assertCatalogWritable } from '@/lib/software/catalog-scope';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';
import { readInstallerBody } from '@/lib/software/read-installer-body';
import { toCatalogVersionDto } from '@/lib/software/to-catalog-dto';

export const installerObjectKey = (versionId: string) => `software-installers/${versionId}`;

const alreadyUploaded = () => conflict('This version already has its installer; add a new version for a new file', 'INSTALLER_ALREADY_UPLOADED');

async function writableVersion(ctx: ActorContext, id: string, versionId: string, client: DbOrTx) {
  const pkg = await getCatalogPackageOrThrow(ctx, id, client);
  const version = await client.softwarePackageVersion.findFirst({ where: { id: versionId, packageId: pkg.id } });
  if (!version) throw notFound('Software package version');
  assertCatalogWritable(ctx, pkg);
  if (pkg.kind !== 'installer') throw new AppError('NOT_AN_INSTALLER_PACKAGE', 409, 'Package-manager packages have no installer files');
  if (version.installerSha256) throw alreadyUploaded();
  return { pkg, version };
}

export async function uploadCatalogInstaller(ctx: ActorContext, id: string, versionId: string, query: { fileName: string; sha256?: string }, req: Request) {
  await writableVersion(ctx, id, versionId, db);
  const file = await readInstallerBody(req);
  if (query.sha256 && query.sha256.toLowerCase() !== file.sha256) {
    throw badRequest(`The uploaded bytes hash to ${file.sha256}, not the expected ${query.sha256.toLowerCase()}`, [{ path: 'sha256', message: 'Checksum mismatch' }], 'CHECKSUM_MISMATCH');
  }
  const bucket = configuredBucket();
  const key = installerObjectKey(versionId);
  if (bucket) await putObject(bucket, key, file.data, 'application/octet-stream');
  try {
    const row = await db.$transaction(
      async (tx) => {
        const { pkg } = await writableVersion(ctx, id, versionId, tx);
        const stored = await tx.softwarePackageVersion.updateMany({
          where: { id: versionId, installerSha256: null },
          data: {
            installerFileName: query.fileName,
            installerSizeBytes: BigInt(file.data.length),
            installerSha256: file.sha256,
            installerStorage: bucket ? 's3' : 'database',
            installerBucket: bucket,
            installerKey: bucket ? key : null,
            installerUploadedAt: new Date(),
          },
        });
        if (stored.count === 0) throw alreadyUploaded();
        if (!bucket) await tx.softwareInstallerBlob.create({ data: { versionId, data: new Uint8Array(file.data) } });
        await writeAudit(ctx, {
          action: 'software.catalog.installer.upload',
          targetType: 'software_package',
          targetId: pkg.id,
          partnerId: pkg.partnerId,
          details: { versionId, fileName: query.fileName, sizeBytes: file.data.length, sha256: file.sha256, storage: bucket ? 's3' : 'database' },
        }, tx);
        return tx.softwarePackageVersion.findUniqueOrThrow({ where: { id: versionId } });
      },
      // Writing up to 100 MiB of bytea outlasts Prisma's 5 s default.
      { maxWait: 10_000, timeout: 120_000 },
    );
    return toCatalogVersionDto(row);
  } catch (error) {
    if (bucket) await deleteObject(bucket, key).catch((err) => logger.warn({ err, key }, 'could not remove the object of a failed installer upload'));
    throw error;
  }
}
