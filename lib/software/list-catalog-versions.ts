// GET /software/catalog/:id/versions: newest first.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';
import { versionOrder } from '@/lib/software/get-catalog-package';
import { toCatalogVersionDto } from '@/lib/software/to-catalog-dto';

export async function listCatalogVersions(ctx: ActorContext, id: string) {
  const pkg = await getCatalogPackageOrThrow(ctx, id);
  const versions = await db.softwarePackageVersion.findMany({ where: { packageId: pkg.id }, orderBy: versionOrder });
  return { data: versions.map(toCatalogVersionDto) };
}
