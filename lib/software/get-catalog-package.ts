// GET /software/catalog/:id: the package with all its versions, newest first.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { TCatalogPackageDetail } from '@/lib/software/schemas';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';
import { packageListInclude, toCatalogPackageDto, toCatalogVersionDto } from '@/lib/software/to-catalog-dto';

export const versionOrder = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

export async function getCatalogPackage(ctx: ActorContext, id: string): Promise<TCatalogPackageDetail> {
  const found = await getCatalogPackageOrThrow(ctx, id);
  const [pkg, versions] = await Promise.all([
    db.softwarePackage.findUniqueOrThrow({ where: { id: found.id }, include: packageListInclude }),
    db.softwarePackageVersion.findMany({ where: { packageId: found.id }, orderBy: versionOrder }),
  ]);
  return { ...toCatalogPackageDto(pkg), versions: versions.map(toCatalogVersionDto) };
}
