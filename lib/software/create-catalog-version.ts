// POST /software/catalog/:id/versions. A package-manager package pins a version or says
// `latest`; an installer package names a concrete version whose file is uploaded next.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZCreateCatalogVersionBody } from '@/lib/software/schemas';
import { assertCatalogWritable } from '@/lib/software/catalog-scope';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';
import { isUniqueViolation } from '@/lib/software/create-catalog-package';
import { toCatalogVersionDto } from '@/lib/software/to-catalog-dto';

export async function createCatalogVersion(ctx: ActorContext, id: string, body: z.output<typeof ZCreateCatalogVersionBody>) {
  try {
    return await db.$transaction(async (tx) => {
      const pkg = await getCatalogPackageOrThrow(ctx, id, tx);
      assertCatalogWritable(ctx, pkg);
      if (pkg.kind === 'installer' && body.version.toLowerCase() === 'latest') {
        throw badRequest('An installer version names a concrete version', [{ path: 'version', message: '`latest` is for package-manager packages' }]);
      }
      if (pkg.kind === 'package_manager' && (body.silentInstallArgs || body.silentUninstallArgs)) {
        throw badRequest('Silent-install arguments apply to installer packages', [{ path: 'silentInstallArgs', message: 'The package manager installs unattended by itself' }]);
      }
      const created = await tx.softwarePackageVersion.create({
        data: {
          packageId: pkg.id,
          partnerId: pkg.partnerId,
          version: body.version,
          releaseNotes: body.releaseNotes ?? null,
          silentInstallArgs: body.silentInstallArgs ?? null,
          silentUninstallArgs: body.silentUninstallArgs ?? null,
          createdById: ctx.userId,
        },
      });
      // A new version is a change of the package (its list order and latestVersion).
      await tx.softwarePackage.update({ where: { id: pkg.id }, data: { updatedAt: new Date() } });
      await writeAudit(ctx, { action: 'software.catalog.version.create', targetType: 'software_package', targetId: pkg.id, partnerId: pkg.partnerId, details: { versionId: created.id, version: created.version } }, tx);
      return toCatalogVersionDto(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Version ${body.version} already exists for this package`, 'VERSION_EXISTS');
    throw error;
  }
}
