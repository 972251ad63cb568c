import type { SoftwarePackage, SoftwarePackageVersion } from '@/lib/generated/prisma/client';
import type { TCatalogPackage, TCatalogVersion } from '@/lib/software/schemas';

export type PackageWithVersions = SoftwarePackage & { versions: Pick<SoftwarePackageVersion, 'version' | 'createdAt'>[]; _count: { versions: number } };

/** Prisma include for the list shape: the newest version and the count. */
export const packageListInclude = {
  versions: { select: { version: true, createdAt: true }, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: 1 },
  _count: { select: { versions: true } },
};

export function toCatalogPackageDto(p: PackageWithVersions): TCatalogPackage {
  return {
    id: p.id,
    scope: p.partnerId ? 'partner' : 'system',
    partnerId: p.partnerId,
    name: p.name,
    vendor: p.vendor,
    description: p.description,
    category: p.category,
    kind: p.kind,
    packageRef: p.packageRef,
    osTypes: p.osTypes,
    versionCount: p._count.versions,
    latestVersion: p.versions[0]?.version ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toCatalogVersionDto(v: SoftwarePackageVersion): TCatalogVersion {
  return {
    id: v.id,
    packageId: v.packageId,
    version: v.version,
    releaseNotes: v.releaseNotes,
    silentInstallArgs: v.silentInstallArgs,
    silentUninstallArgs: v.silentUninstallArgs,
    installer:
      v.installerSha256 && v.installerUploadedAt
        ? { fileName: v.installerFileName ?? 'installer', sizeBytes: Number(v.installerSizeBytes ?? 0), sha256: v.installerSha256, uploadedAt: v.installerUploadedAt.toISOString() }
        : null,
    createdAt: v.createdAt.toISOString(),
  };
}
