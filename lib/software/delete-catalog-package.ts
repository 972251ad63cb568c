// DELETE /software/catalog/:id: soft delete, so deployments that used a version keep their
// reference; the name becomes free again. Installer bytes stay until the row is purged.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertCatalogWritable } from '@/lib/software/catalog-scope';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';

export async function deleteCatalogPackage(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const pkg = await getCatalogPackageOrThrow(ctx, id, tx);
    assertCatalogWritable(ctx, pkg);
    await tx.softwarePackage.update({ where: { id: pkg.id }, data: { deletedAt: new Date() } });
    await writeAudit(ctx, { action: 'software.catalog.delete', targetType: 'software_package', targetId: pkg.id, partnerId: pkg.partnerId, details: { name: pkg.name } }, tx);
  });
}
