// PATCH /software/catalog/:id: edit a package's description fields; the kind never changes.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZUpdateCatalogPackageBody } from '@/lib/software/schemas';
import { assertCatalogWritable } from '@/lib/software/catalog-scope';
import { getCatalogPackageOrThrow } from '@/lib/software/get-catalog-package-or-throw';
import { isUniqueViolation, nameTaken } from '@/lib/software/create-catalog-package';
import { getCatalogPackage } from '@/lib/software/get-catalog-package';

export async function updateCatalogPackage(ctx: ActorContext, id: string, body: z.output<typeof ZUpdateCatalogPackageBody>) {
  try {
    await db.$transaction(async (tx) => {
      const pkg = await getCatalogPackageOrThrow(ctx, id, tx);
      assertCatalogWritable(ctx, pkg);
      if (body.packageRef !== undefined && pkg.kind !== 'package_manager') throw badRequest('An installer package has no packageRef', [{ path: 'packageRef', message: 'Not allowed for installer packages' }]);
      const data = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.vendor !== undefined ? { vendor: body.vendor } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.osTypes !== undefined ? { osTypes: [...new Set(body.osTypes)] } : {}),
        ...(body.packageRef !== undefined ? { packageRef: body.packageRef } : {}),
      };
      await tx.softwarePackage.update({ where: { id: pkg.id }, data });
      await writeAudit(ctx, { action: 'software.catalog.update', targetType: 'software_package', targetId: pkg.id, partnerId: pkg.partnerId, details: { changes: Object.keys(data) } }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name ?? '');
    throw error;
  }
  return getCatalogPackage(ctx, id);
}
