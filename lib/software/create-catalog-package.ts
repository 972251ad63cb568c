// POST /software/catalog: a partner entry, or a system entry when a system operator creates it.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZCreateCatalogPackageBody } from '@/lib/software/schemas';
import { catalogOwner } from '@/lib/software/catalog-scope';
import { packageListInclude, toCatalogPackageDto } from '@/lib/software/to-catalog-dto';

export const nameTaken = (name: string) => conflict(`A software package named "${name}" already exists in this catalog`, 'PACKAGE_NAME_TAKEN');
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002';

export async function createCatalogPackage(ctx: ActorContext, body: z.output<typeof ZCreateCatalogPackageBody>) {
  // The owner is the caller's own partner (or none for system scope): nothing to look up.
  const partnerId = catalogOwner(ctx);
  try {
    return await db.$transaction(async (tx) => {
      const created = await tx.softwarePackage.create({
        data: {
          partnerId,
          name: body.name,
          vendor: body.vendor ?? null,
          description: body.description ?? null,
          category: body.category ?? null,
          kind: body.kind,
          packageRef: body.kind === 'package_manager' ? (body.packageRef ?? null) : null,
          osTypes: [...new Set(body.osTypes ?? [])],
          createdById: ctx.userId,
        },
        include: packageListInclude,
      });
      await writeAudit(ctx, { action: 'software.catalog.create', targetType: 'software_package', targetId: created.id, partnerId, details: { name: created.name, kind: created.kind, packageRef: created.packageRef, scope: partnerId ? 'partner' : 'system' } }, tx);
      return toCatalogPackageDto(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}
